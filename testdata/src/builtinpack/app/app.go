package app // want `explain: the built-in pack hollywood applies \(\d+ declarations, checked against github.com/anthdm/hollywood v1.0.5\)`

// Package app uses hollywood with no directive and no declaration: the
// built-in pack makes its actor's Receive a turn, and the timer's touch a
// finding, whose advice is hollywood's way back.

import (
	"time"

	"github.com/anthdm/hollywood/actor"
)

type counter struct{ n int }

func (c *counter) Receive(ctx *actor.Context) { // want Receive:`summary\(arg0 writes app\.counter\.n; started arg0 arg1\)`
	c.n++ // a turn: on the owner
	time.AfterFunc(time.Second, func() {
		c.n++ // want `writes confined app.counter.n off the owner: .*fix: send the work to the owner as a message through \(\*actor.Engine\).Send`
	})
	pid, e := ctx.PID(), ctx.Engine()
	time.AfterFunc(time.Second, func() { e.Send(pid, "tick") }) // the way back
}

func Start(e *actor.Engine) *actor.PID { return e.Spawn(&counter{}, "counter") } // want Start:`summary\(\)`
