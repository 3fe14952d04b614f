// Package appsettings is app with the turn declared by the settings (as
// -declare, a confinecheck.conf or a built-in pack declare it): the same
// lines are reported.
package appsettings

import (
	"time"

	"turnsdeclared/framework"
)

type counter struct{ n int }

func (c *counter) Receive(msg any) { // want Receive:`summary\(arg0 writes appsettings\.counter\.n; started arg0\)`
	c.n++ // in a turn: on the owner
	time.AfterFunc(time.Second, func() {
		c.n++ // want `writes confined appsettings.counter.n off the owner`
	})
}

func start(e *framework.Engine) { e.Spawn(&counter{}) }
