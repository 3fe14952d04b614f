package towerdef

import (
	"bytes"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

type scriptInput struct {
	x, y  int
	click bool
	right bool
	keys  map[ebiten.Key]bool
}

func newScriptInput() *scriptInput { return &scriptInput{keys: make(map[ebiten.Key]bool)} }

func (s *scriptInput) Cursor() (int, int) { return s.x, s.y }

func (s *scriptInput) Clicked() bool {
	c := s.click
	s.click = false
	return c
}

func (s *scriptInput) RightClicked() bool {
	c := s.right
	s.right = false
	return c
}

func (s *scriptInput) Pressed(k ebiten.Key) bool {
	if s.keys[k] {
		delete(s.keys, k)
		return true
	}
	return false
}

func (s *scriptInput) clickTile(tx, ty int) {
	s.x, s.y = tx*TileSize+TileSize/2, ty*TileSize+TileSize/2
	s.click = true
}

func newTestGame(t *testing.T, opts Options) (*Game, *scriptInput) {
	t.Helper()
	level, err := ParseLevel(DefaultLevel)
	if err != nil {
		t.Fatal(err)
	}
	in := newScriptInput()
	opts.Input = in
	g := NewGame(level, opts)
	t.Cleanup(g.Close)
	return g, in
}

func run(t *testing.T, g *Game, ticks int, every time.Duration) {
	t.Helper()
	for range ticks {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		if every > 0 {
			time.Sleep(every)
		}
	}
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
