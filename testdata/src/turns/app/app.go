// Package app uses the framework with no directive of its own: its actor
// is confined by implementing the framework's turn.
package app

import (
	"time"

	"turns/framework"
)

// counter implements framework.Receiver: confined to the actor.
type counter struct {
	n      int
	hits   map[string]int
	engine *framework.Engine
}

func (c *counter) Receive(msg any) { // want Receive:`summary\(arg0 writes app\.counter\.n; started arg0\)`
	c.n++ // in a turn: on the owner
	c.hits["x"]++
	time.AfterFunc(time.Second, func() {
		c.n++ // want `writes confined app.counter.n off the owner: .*; fix: send the work to the owner as a message through \(\*framework.Engine\).Send and touch the state where the owner handles it`
	})
	go func() {
		c.hits["late"]++ // want `writes confined app.counter.hits off the owner`
	}()
	go c.report()
	// The way back: a message to the actor, from the timer.
	e := c.engine
	time.AfterFunc(time.Second, func() { e.Send("tick") })
}

func (c *counter) report() { c.n = 0 } // want `calls confined \(\*app.counter\).report off the owner`

// Look-alike: a type that does not implement the turn is not confined.
type plain struct{ n int }

func (p *plain) Bump() {
	go func() { p.n++ }()
}

// Look-alike: a value receiver implements the turn too.
type byValue struct{ m map[string]int }

func (b byValue) Receive(msg any) { // want Receive:`summary\(started arg0\)`
	go func() {
		b.m["x"]++ // want `writes confined app.byValue.m off the owner`
	}()
}

// Look-alike: an interface that is not a turn makes its implementations
// entry points when the framework calls them off the owner, not owners.
type tick struct{ n int }

func (t *tick) Tick() { t.n++ }

func start(e *framework.Engine) {
	e.Spawn(&counter{hits: map[string]int{}, engine: e})
	e.Spawn(byValue{m: map[string]int{}})
	framework.Every(&tick{})
}
