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
	tracked.OnIdle = d.IdleHook()                      // want `writes confined dispatch.Dispatcher.idle off the owner: this code runs via the func stored in field OnIdle here, which runs in a turn of worker.Worker, another actor \(each actor.s turns run on its own mailbox\) \(app.go:15\); fix: send the work to the owner as a message`
	e.Spawn(tracked, "tracked")
	called := &worker.Worker{Tracker: &dispatch.Tally{}}
	called.OnIdle = func() { d.MarkIdle() } // want `calls confined \(\*dispatch.Dispatcher\).MarkIdle off the owner: this code runs via the func stored in field OnIdle here, which runs in a turn of worker.Worker, another actor \(each actor.s turns run on its own mailbox\) \(app.go:18\); inside, it writes dispatch.Dispatcher.idle; fix`
	e.Spawn(called, "called")
	bound := &worker.Worker{Tracker: &dispatch.Tally{}}
	bound.OnIdle = d.MarkIdle // want `calls confined \(\*dispatch.Dispatcher\).MarkIdle off the owner: this code runs via the func stored in field OnIdle here, which runs in a turn of worker.Worker, another actor \(each actor.s turns run on its own mailbox\) \(app.go:21\); inside, it writes dispatch.Dispatcher.idle; fix`
	e.Spawn(bound, "bound")

	// Look-alikes: a worker that is its own tracker and idles on itself,
	// a tracker that is no actor, a hook that touches no dispatcher, and
	// one the worker never calls in a turn.
	self := &worker.Worker{}
	self.Tracker = self
	self.OnIdle = func() { self.JobFinished("idle") }
	e.Spawn(self, "self")
	tallied := &worker.Worker{Tracker: &dispatch.Tally{}, OnStop: d.IdleHook()}
	tallied.OnIdle = dispatch.ReadyHook(make(chan bool, 1))
	e.Spawn(tallied, "tallied")
}
