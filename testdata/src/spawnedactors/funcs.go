package spawnedactors

import "github.com/anthdm/hollywood/actor"

// A func given to SpawnFunc is an actor of its own: another actor's state
// it touches, it touches off that actor's mailbox.
func Sweep(e *actor.Engine) {
	s := newStock("swept")
	e.Spawn(s, "swept")
	e.SpawnFunc(func(c *actor.Context) {
		_ = s.counts["bolt"] // want `reads confined spawnedactors.stock.counts off the owner: this code runs via a turn of actor.funcReceiver, another actor`
	}, "sweeper")
}

// Look-alike: a func actor touching only what it made.
func Tally(e *actor.Engine) {
	e.SpawnFunc(func(c *actor.Context) {
		own := newStock("own")
		own.moves++
	}, "tally")
}

// A func an actor's turn spawns as a child is an actor of its own too, not
// the turn's next behavior.
type depot struct{ loads int }

func (d *depot) Receive(c *actor.Context) { // want Receive:`summary\(arg0 writes spawnedactors\.depot\.loads\)`
	d.loads++
	c.SpawnChildFunc(func(child *actor.Context) {
		d.loads-- // want `writes confined spawnedactors.depot.loads off the owner: this code runs via a turn of actor.funcReceiver, another actor`
	}, "unloader")
}
