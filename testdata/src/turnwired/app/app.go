// Package app wires workers to a dispatcher: only it sees both.
package app

import (
	"turnwired/dispatch"
	"turnwired/worker"

	"github.com/anthdm/hollywood/actor"
)

func Wire(e *actor.Engine) {
	d := &dispatch.Dispatcher{}
	e.Spawn(d, "dispatcher")
	tracked := &worker.Worker{Tracker: d, Observer: d} // want `calls confined \(\*dispatch.Dispatcher\).JobFinished off the owner: this code runs via \(\*dispatch.Dispatcher\).JobFinished, which implements \(worker.Tracker\).JobFinished, runs in a turn of worker.Worker, another actor \(each actor.s turns run on its own mailbox\), handed over as worker.Tracker here \(app.go:14\); inside, it writes dispatch.Dispatcher.(completed|inflight)(, writes dispatch.Dispatcher.inflight)?; fix: send the work to the owner as a message`
	e.Spawn(tracked, "tracked")

	// Look-alikes: a worker that is its own tracker, a tracker that is no
	// actor.
	self := &worker.Worker{}
	self.Tracker = self
	e.Spawn(self, "self")
	e.Spawn(&worker.Worker{Tracker: &dispatch.Tally{}}, "tallied")
}
