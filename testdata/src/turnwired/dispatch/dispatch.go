// Package dispatch hands jobs out from an actor of its own.
package dispatch

import "github.com/anthdm/hollywood/actor"

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
	delete(d.inflight, id)
	d.completed++
}

// IdleHook returns a func that counts an idle worker.
func (d *Dispatcher) IdleHook() func() { // want IdleHook:`summary\(returns a func: arg0 writes dispatch\.Dispatcher\.idle\)`
	return func() { d.idle++ }
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
