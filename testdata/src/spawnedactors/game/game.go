// Package game is a game loop in small: Run calls the game's Update on
// the caller's goroutine until it is over, and returns then.
package game

// A Game is updated once per frame.
type Game interface {
	//confined:loop
	Update() bool // want Update:"confined:loop"
}

// Run runs the game's frames until Update says it is over.
func Run(g Game) {
	for g.Update() {
	}
}
