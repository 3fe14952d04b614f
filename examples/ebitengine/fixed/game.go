// Package fixed is package buggy's game fixed the Ebitengine way: nothing
// but Update, Draw and Layout touches the game. Ebitengine has no call that
// runs a func on its game goroutine, so the goroutine and the timer send
// what they have on channels that Update drains at the start of each tick.
package fixed

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

	// loaded and retries are how the loading goroutine and the retry
	// timer hand their work to Update; they are made by New and never
	// change, so sending on them is safe from any goroutine.
	loaded  chan Level
	retries chan int

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
	return &Game{
		load: load, save: save, level: 1, world: load(1),
		loaded: make(chan Level, 1), retries: make(chan int, 1),
	}
}

// Update moves the player one step to the exit, loads the next level when
// it gets there, and saves the score every SaveEvery ticks.
func (g *Game) Update() error {
	// FIX: what the goroutine and the timer sent is taken on the game
	// loop.
	select {
	case lvl := <-g.loaded:
		g.world = lvl
		g.x = 0
		g.loading = false
	case attempt := <-g.retries:
		g.autosave(attempt)
	default:
	}
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
		load, n, loaded := g.load, g.level, g.loaded
		go func() { loaded <- load(n) }()
		g.loading = true
	}
	return nil
}

// autosave saves the score; when the save fails it asks Update to try
// again after RetryDelay.
func (g *Game) autosave(attempt int) {
	if err := g.save(g.score); err != nil {
		time.AfterFunc(RetryDelay, func() { g.retries <- attempt + 1 })
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
