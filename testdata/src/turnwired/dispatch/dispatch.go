// Package dispatch hands jobs out from an actor of its own.
package dispatch

import (
	"turnwired/worker"

	"github.com/anthdm/hollywood/actor"
)

// A Dispatcher is an actor: its state is its mailbox's.
type Dispatcher struct {
	inflight  map[string]bool
	completed int
	idle      int
}

func (d *Dispatcher) Receive(c *actor.Context) { // want Receive:`summary\(arg0 writes dispatch\.Dispatcher\.inflight; arg1 calls \(\*actor\.Context\)\.Message\)`
	if id, ok := c.Message().(string); ok {
		d.inflight[id] = true
	}
}

// JobFinished records a job a worker finished.
func (d *Dispatcher) JobFinished(id string) { // want JobFinished:`summary\(arg0 writes dispatch\.Dispatcher\.inflight\)`
	delete(d.inflight, id) // want `calls confined \(\*dispatch.Dispatcher\).JobFinished off the owner: this code runs via \(\*dispatch.Dispatcher\).JobFinished, which implements \(worker.Tracker\).JobFinished, runs in a turn of worker.Worker, another actor \(each actor.s turns run on its own mailbox\), handed over as worker.Tracker here \(dispatch.go:53\); inside, it writes dispatch.Dispatcher.inflight; fix`
	d.completed++          // want `calls confined \(\*dispatch.Dispatcher\).JobFinished off the owner: this code runs via \(\*dispatch.Dispatcher\).JobFinished, which implements \(worker.Tracker\).JobFinished, runs in a turn of worker.Worker, another actor \(each actor.s turns run on its own mailbox\), handed over as worker.Tracker here \(dispatch.go:53\); inside, it writes dispatch.Dispatcher.completed; fix`
}

// IdleHook returns a func that counts an idle worker.
func (d *Dispatcher) IdleHook() func() { // want IdleHook:`summary\(returns a func: arg0 writes dispatch\.Dispatcher\.idle\)`
	return func() { d.idle++ } // want `writes confined dispatch.Dispatcher.idle off the owner: this code runs via the func stored in field OnIdle here, which runs in a turn of worker.Worker, another actor \(each actor.s turns run on its own mailbox\) \(dispatch.go:54\); fix`
}

// MarkIdle counts an idle worker.
func (d *Dispatcher) MarkIdle() { d.idle++ } // want MarkIdle:`summary\(arg0 writes dispatch\.Dispatcher\.idle\)`

// ReadyHook returns a func that touches no dispatcher.
func ReadyHook(ready chan<- bool) func() {
	return func() { ready <- true }
}

// Seen implements worker.Observer.
func (d *Dispatcher) Seen(id string) { d.completed++ } // want Seen:`summary\(arg0 writes dispatch\.Dispatcher\.completed\)`

// A Tally is no actor: nothing confines it.
type Tally struct{ n int }

func (t *Tally) JobFinished(id string) { t.n++ }

// Attach wires a worker to the dispatcher here, in the dispatcher's own
// package: the same findings as a third package's wiring.
func (d *Dispatcher) Attach(w *worker.Worker) { // want Attach:`summary\(arg1 writes worker\.Worker\.Tracker\)`
	w.Tracker = d
	w.OnIdle = d.IdleHook()
}
