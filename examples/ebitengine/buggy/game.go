// Package buggy is an Ebitengine game that loads its next level on a
// goroutine when the player reaches the exit, and saves the score every few
// seconds, retrying on time.AfterFunc when a save fails. The bug: the
// loading goroutine and the retry timer touch the game's state while
// Ebitengine runs Update and Draw on its game goroutine. The game carries no
// directive: Ebitengine calls Update, Draw and Layout as turns of its game
// loop, so the built-in pack confines every implementation of ebiten.Game.
// confinecheck reports both starts (../checker_test.go); the race detector
// catches both (../race_test.go).
package buggy

import (
	"strconv"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
)

// RetryDelay is how long a failed save waits before it tries again.
var RetryDelay = 20 * time.Millisecond

// A Level is what a level has: here, how far its exit is.
type Level struct{ Exit int }

// SaveEvery is how many ticks go by between saves.
const SaveEvery = 30

// Game is the game.
type Game struct {
	load func(n int) Level
	save func(score int) error

	level   int
	world   Level
	x       int
	loading bool
	score   int
	saves   int
	tick    int
}

// New returns a game that loads its levels with load and saves its score
// with save.
func New(load func(n int) Level, save func(score int) error) *Game {
	return &Game{load: load, save: save, level: 1, world: load(1)}
}

// Update moves the player one step to the exit, loads the next level when
// it gets there, and saves the score every SaveEvery ticks.
func (g *Game) Update() error {
	g.tick++
	if g.tick%SaveEvery == 0 {
		g.autosave(1)
	}
	switch {
	case g.loading:
	case g.x < g.world.Exit:
		g.x++
		g.score++
	default:
		g.level++
		go g.loadLevel(g.level) // BUG: loadLevel writes the game off the game loop
		g.loading = true
	}
	return nil
}

// loadLevel loads level n and puts the player at its start.
func (g *Game) loadLevel(n int) {
	lvl := g.load(n)
	g.world = lvl
	g.x = 0
	g.loading = false
}

// autosave saves the score; when the save fails it tries again after
// RetryDelay.
func (g *Game) autosave(attempt int) {
	if err := g.save(g.score); err != nil {
		time.AfterFunc(RetryDelay, func() {
			g.autosave(attempt + 1) // BUG: the timer's goroutine reads the score and counts the saves
		})
		return
	}
	g.saves++
}

// Draw shows where the player is.
func (g *Game) Draw(screen *ebiten.Image) {
	msg := "level " + strconv.Itoa(g.level) + ": " + strconv.Itoa(g.x) + "/" + strconv.Itoa(g.world.Exit)
	if g.loading {
		msg = "loading level " + strconv.Itoa(g.level)
	}
	ebitenutil.DebugPrint(screen, msg+"\nscore "+strconv.Itoa(g.score)+", saved "+strconv.Itoa(g.saves)+" times")
}

// Layout is a fixed 320x240.
func (g *Game) Layout(int, int) (int, int) { return 320, 240 }

// Level is the level the game is on, and whether it is playing it.
func (g *Game) Level() (n int, playing bool) { return g.level, !g.loading }

// Saves is how many saves succeeded.
func (g *Game) Saves() int { return g.saves }
