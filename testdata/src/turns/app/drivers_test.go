package app

import "testing"

// frames runs the turns the way the framework's goroutine would.
func frames(g *game, n int) {
	for range n {
		g.Receive(nil)
		_ = g.hud()
	}
}

// startFrames starts the test's goroutine driving the turns: it is the
// game's owner.
func startFrames(g *game) chan bool {
	done := make(chan bool)
	go func() {
		frames(g, 30)
		done <- true
	}()
	return done
}

func TestFrames(t *testing.T) {
	<-startFrames(&game{})
}
