// Command driven runs the example's games in Ebitengine's own game loop for
// the race tests (../race_test.go), which build it with -race and run it
// with EBITENGINE_EXAMPLE_DRIVEN set to "buggy", "fixed" or "lookalike" and
// DISPLAY naming an Xvfb of its own. It is a program of its own, not the
// test binary, because Ebitengine opens the display in its package's init
// (internal/ui/ui.go:96-103), which panics without one: a test binary that
// linked Ebitengine could not run the checker tests without a display.
//
// Why Ebitengine's own loop: it has no headless driver; RunGame needs a
// window (GLFW on X11 here) and a GL context, which Xvfb and Mesa's
// software GL give it. Driving Update and Draw from a loop of the test's
// would test that loop, not Ebitengine's. In RunGame's default
// (multi-thread) mode Ebitengine calls Update, Draw and Layout on its game
// goroutine, one at a time (internal/ui/run.go:55-71, loopGame;
// internal/ui/context.go:154, Update; gameforui.go:103,112,122).
//
// How the scenarios make the race detector report every racy line on every
// run. A turn that starts a goroutine touches, right after the go
// statement, what the goroutine then touches: the goroutine begins with
// what the turn did before the statement and synchronizes with nothing
// before its touch, so nothing orders the two, whichever comes first. A
// timer func races with what the game goroutine touches after the turn
// that set the timer (Draw, which follows that turn in its frame, reads the
// save count the retry writes): Ebitengine's loop makes no timer and
// receives from no ticker, so nothing hands the game goroutine's clock to
// the timer func (unlike Fyne's loop, see examples/fyne/race_test.go).
package main

import (
	"errors"
	"fmt"
	"image"
	"os"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/confinecheck/confinecheck/examples/ebitengine/buggy"
	"github.com/confinecheck/confinecheck/examples/ebitengine/fixed"
	"github.com/confinecheck/confinecheck/examples/ebitengine/lookalike"
)

func main() {
	mode := os.Getenv("EBITENGINE_EXAMPLE_DRIVEN")
	var err error
	switch mode {
	case "buggy", "fixed":
		err = drivenLevels(mode)
	case "lookalike":
		err = drivenLookalike()
	default:
		err = fmt.Errorf("no game %q", mode)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "driven game: %v\n", err)
		os.Exit(1)
	}
	fmt.Println("driven game done")
}

// A game is what the scenario needs of either package's Game.
type game interface {
	ebiten.Game
	Level() (n int, playing bool)
	Saves() int
}

// drivenLevels runs the game until the player plays level 2 and a save has
// succeeded on a later attempt: the first save fails, so the retry timer
// runs autosave again. The buggy game's loading goroutine writes the
// game's loading flag while the turn that started it sets it; the retry
// timer writes the save count that every Draw reads.
func drivenLevels(mode string) error {
	var saves atomic.Int32
	save := func(int) error {
		if saves.Add(1) == 1 {
			return errors.New("the first save fails")
		}
		return nil
	}
	var g game
	switch mode {
	case "buggy":
		g = buggy.New(func(int) buggy.Level { return buggy.Level{Exit: 5} }, save)
	case "fixed":
		g = fixed.New(func(int) fixed.Level { return fixed.Level{Exit: 5} }, save)
	}
	err := runGame(g, func() bool {
		n, playing := g.Level()
		if mode == "buggy" && n >= 2 {
			// The buggy game may never play level 2: when the loading
			// goroutine's "loading = false" comes before the turn's
			// "loading = true", the game waits for a load that is
			// done (the race's lost update). The racy pair is in the
			// turn that started the load.
			playing = true
		}
		return n >= 2 && playing && saves.Load() >= 2 && g.Saves() >= 1
	})
	if err != nil {
		n, playing := g.Level()
		err = fmt.Errorf("%v: level %d, playing %v, %d save calls, %d saves", err, n, playing, saves.Load(), g.Saves())
	}
	return err
}

// runGame runs g in Ebitengine's loop until done holds after a tick, asked
// on the game goroutine; it fails after 3000 ticks.
func runGame(g ebiten.Game, done func() bool) error {
	ebiten.SetWindowSize(320, 240)
	ebiten.SetWindowTitle("confinecheck")
	// More ticks a second than the default 60: the scenarios need a few
	// hundred.
	ebiten.SetTPS(600)
	h := &harness{game: g, done: done}
	if err := ebiten.RunGame(h); err != nil {
		return err
	}
	return h.err
}

// A harness is the game Ebitengine runs: it is the game under test, and it
// ends the game when the scenario is done.
type harness struct {
	game  ebiten.Game
	done  func() bool
	ticks int
	err   error
}

func (h *harness) Update() error {
	if err := h.game.Update(); err != nil {
		return err
	}
	h.ticks++
	switch {
	case h.done():
		return ebiten.Termination
	case h.ticks > 3000:
		h.err = fmt.Errorf("not done after %d ticks", h.ticks)
		return ebiten.Termination
	}
	return nil
}

func (h *harness) Draw(screen *ebiten.Image) { h.game.Draw(screen) }

func (h *harness) Layout(w, ht int) (int, int) { return h.game.Layout(w, ht) }

// topScores are the look-alike server's high scores.
var topScores = []int{30, 20, 10}

// drivenLookalike presses the look-alike game's keys one after the other,
// each when what the one before started is done (read on the game
// goroutine, after each tick).
func drivenLookalike() error {
	var uploads atomic.Int32
	steps := []struct {
		key  ebiten.Key
		done func(p lookalike.Probe) bool
	}{
		{ebiten.KeyH, func(p lookalike.Probe) bool { return p.Scores == 3 }},
		{ebiten.KeyT, func(p lookalike.Probe) bool { return p.Message == "" }},
		{ebiten.KeyW, func(p lookalike.Probe) bool { return p.Enemies == 3 }},
		{ebiten.KeyP, func(p lookalike.Probe) bool { return p.Gravity == 0.5 }},
		{ebiten.KeyL, func(p lookalike.Probe) bool { return p.Sprites == 2 }},
		{ebiten.KeyB, func(p lookalike.Probe) bool { return p.Bonus == 100 }},
		{ebiten.KeyU, func(lookalike.Probe) bool { return uploads.Load() == 1 }},
	}
	step, pressed := 0, false
	g := lookalike.New(lookalike.Backend{
		// The same scores each time, made before the game starts: the
		// buggy fetch publishes the slice without synchronizing, and a
		// slice made by the fetch would also race on its elements, in a
		// report whose stack has the fetch's line, not the racy line.
		Scores:  func() []int { return topScores },
		Wave:    func(int) int { return 3 },
		PowerUp: func() float64 { return 0.5 },
		Sprite:  func(string) image.Image { return image.NewRGBA(image.Rect(0, 0, 8, 8)) },
		Upload:  func([]byte) { uploads.Add(1) },
		Keys: func() []ebiten.Key {
			if step == len(steps) || pressed {
				return nil
			}
			pressed = true
			return []ebiten.Key{steps[step].key}
		},
	}, 20*time.Millisecond)
	return runGame(g, func() bool {
		for step < len(steps) && pressed && steps[step].done(g.Probe()) {
			step, pressed = step+1, false
		}
		return step == len(steps)
	})
}
