package app

// A test's goroutine driving an actor's turns frame after frame, as a test
// runs a game's Update in its own loop, is that actor's owner: what it
// calls beside the turn runs there too (drivers_test.go). Look-alikes: a
// goroutine calling the same helper without driving the turn runs off the
// owner, and so does production code driving the turns: the framework's
// own goroutine runs them beside it.
type game struct {
	tick  int
	score int
}

func (g *game) Receive(msg any) { g.tick++ } // want Receive:`summary\(arg0 writes app\.game\.tick\)`

func (g *game) hud() int { return g.tick + g.score } // want `calls confined \(\*app.game\).hud off the owner: this code runs via a go statement \(drivers.go:\d+\)` `calls confined \(\*app.game\).hud off the owner: this code runs via a go statement \(drivers.go:\d+\)`

func drive(g *game, frames int) {
	for range frames {
		g.Receive(nil)
		_ = g.hud()
	}
}

func runFrames(g *game) {
	go func() { drive(g, 30) }()
}

func peek(g *game) {
	go func() {
		_ = g.hud()
	}()
}
