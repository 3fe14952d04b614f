// Package dispatch hands jobs out from an actor of its own.
package dispatch

import "github.com/anthdm/hollywood/actor"

// A Dispatcher is an actor: its state is its mailbox's.
type Dispatcher struct {
	inflight  map[string]bool
	completed int
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

// Seen implements worker.Observer.
func (d *Dispatcher) Seen(id string) { d.completed++ } // want Seen:`summary\(arg0 writes dispatch\.Dispatcher\.completed\)`

// A Tally is no actor: nothing confines it.
type Tally struct{ n int }

func (t *Tally) JobFinished(id string) { t.n++ }
