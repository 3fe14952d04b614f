// Package lookalike is an Ebitengine game as its author would write it: a
// field of falling enemies, high scores and power-ups from a server, sprites
// loaded in the background, a toast that hides itself, a delayed bonus and
// an upload, all started from the keys Update reads. It has racy shapes
// (marked "// racy:" with a fragment of the finding) and the safe ones
// authors write beside them (unmarked): values and funcs captured before
// the goroutine starts, a goroutine that touches only its own locals and
// images, results handed to Update on a channel it drains, a func sent on a
// channel that Update runs, Ebitengine calls documented concurrent-safe.
// The game carries no directive (Ebitengine calls Update, Draw and Layout as
// turns of its game loop, which the built-in pack declares); only its world
// type is marked //confined:owner. checker_test.go checks that confinecheck
// reports exactly the marked lines; race_test.go, that the race detector
// reports each of them, and nothing else.
package lookalike

import (
	"bytes"
	"fmt"
	"image"
	"slices"
	"strconv"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
)

// world is what falls: the enemies, and how fast.
//
//confined:owner
type world struct {
	enemies []enemy
	gravity float64
}

type enemy struct{ x, y float64 }

// step moves the enemies down.
func (w *world) step() {
	fall := w.gravity
	for i := range w.enemies {
		w.enemies[i].y += fall
	}
}

// A Backend is the game's server, disk and input; any goroutine may call
// its funcs but Keys, which Update calls.
type Backend struct {
	Scores  func() []int
	Wave    func(n int) int
	PowerUp func() float64
	Sprite  func(name string) image.Image
	Upload  func(data []byte)
	Keys    func() []ebiten.Key
}

// Game is the game.
type Game struct {
	backend    Backend
	toastFor   time.Duration
	world      *world
	highscores []int
	message    string
	wave       int
	bonus      int
	sprites    map[string]*ebiten.Image

	// What goroutines hand to Update: made by New, never changed.
	loaded chan sprite
	events chan func()
}

type sprite struct {
	name string
	img  *ebiten.Image
}

// New returns a game on backend whose toasts show for toastFor.
func New(backend Backend, toastFor time.Duration) *Game {
	return &Game{
		backend:  backend,
		toastFor: toastFor,
		world:    &world{gravity: 1},
		sprites:  map[string]*ebiten.Image{},
		loaded:   make(chan sprite, 4),
		events:   make(chan func(), 4),
	}
}

// Update runs what the goroutines handed over, then the keys, then the
// world.
func (g *Game) Update() error {
	for drained := false; !drained; {
		select {
		case s := <-g.loaded:
			g.sprites[s.name] = s.img
		case f := <-g.events:
			f() // on the game loop
		default:
			drained = true
		}
	}
	for _, k := range g.backend.Keys() {
		switch k {
		case ebiten.KeyH:
			g.fetchScores()
		case ebiten.KeyT:
			g.toast("wave " + strconv.Itoa(g.wave))
		case ebiten.KeyW:
			g.nextWave()
		case ebiten.KeyP:
			g.powerUp()
		case ebiten.KeyL:
			g.loadSprites()
		case ebiten.KeyB:
			g.bonusLater()
		case ebiten.KeyU:
			g.upload()
		}
	}
	g.world.step()
	return nil
}

// fetchScores gets the high scores from the server.
func (g *Game) fetchScores() {
	scores := g.backend.Scores // read on the game loop: safe
	go func() {
		s := scores()
		g.highscores = s // racy: writes confined lookalike.Game.highscores
	}()
	g.message = "fetching, " + strconv.Itoa(len(g.highscores)) + " scores so far"
}

// toast shows msg for a moment.
func (g *Game) toast(msg string) {
	g.message = msg
	time.AfterFunc(g.toastFor, func() {
		g.message = "" // racy: writes confined lookalike.Game.message
	})
}

// nextWave sends the next wave of enemies.
func (g *Game) nextWave() {
	g.wave++
	go g.spawnWave(g.wave)
}

// spawnWave asks the server how many enemies wave n has and adds them.
func (g *Game) spawnWave(n int) {
	count := g.backend.Wave(n)
	for i := range count {
		g.world.enemies = append(g.world.enemies, enemy{x: float64(20 * i)}) // racy: (*lookalike.Game).spawnWave
	}
}

// powerUp asks the server for a power-up: a gravity of its own.
func (g *Game) powerUp() {
	w, ask := g.world, g.backend.PowerUp
	go func() {
		p := ask()
		w.gravity = p // racy: writes confined lookalike.world.gravity
	}()
}

// loadSprites decodes the sprites on a goroutine; Update takes them from
// g.loaded.
func (g *Game) loadSprites() {
	decode, loaded := g.backend.Sprite, g.loaded
	go func() {
		for _, name := range []string{"ship", "rock"} {
			img := ebiten.NewImageFromImage(decode(name)) // the goroutine's own image
			loaded <- sprite{name, img}                   // handed to Update
		}
	}()
}

// bonusLater gives a bonus after a moment: the timer sends Update the work.
func (g *Game) bonusLater() {
	time.AfterFunc(g.toastFor, func() {
		g.events <- func() { g.bonus += 100 } // g.events never changes; the func runs in Update
	})
}

// upload sends the high scores, as text, on a goroutine.
func (g *Game) upload() {
	scores, send := slices.Clone(g.highscores), g.backend.Upload // copies made on the game loop
	go func() {
		var buf bytes.Buffer
		for _, s := range scores {
			fmt.Fprintln(&buf, s)
		}
		send(buf.Bytes())
		ebiten.SetWindowTitle("uploaded") // documented concurrent-safe
	}()
}

// Draw shows the sprites, the enemies and the message.
func (g *Game) Draw(screen *ebiten.Image) {
	for _, e := range g.world.enemies {
		if rock := g.sprites["rock"]; rock != nil {
			op := &ebiten.DrawImageOptions{}
			op.GeoM.Translate(e.x, e.y)
			screen.DrawImage(rock, op)
		}
	}
	top := 0
	if len(g.highscores) > 0 {
		top = g.highscores[0]
	}
	ebitenutil.DebugPrint(screen, g.message+"\ntop "+strconv.Itoa(top)+", bonus "+strconv.Itoa(g.bonus))
}

// Layout is a fixed 320x240.
func (g *Game) Layout(int, int) (int, int) { return 320, 240 }
