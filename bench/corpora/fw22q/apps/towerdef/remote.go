package towerdef

import (
	"fmt"
	"sync"
)

// Command comes from the companion app on the player's phone.
type Command struct {
	Op     string // "build", "sell", "wave", "speed", "volume", "ranges"
	Kind   TowerKind
	X, Y   int
	Speed  int
	Volume float64
	On     bool
}

// Settings are shared with the audio and overlay goroutines.
type Settings struct {
	mu         sync.Mutex
	Volume     float64
	ShowRanges bool
}

func (s *Settings) update(fn func(*Settings)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fn(s)
}

func (s *Settings) snapshot() (volume float64, ranges bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.Volume, s.ShowRanges
}

// Volume returns the current master volume.
func (g *Game) Volume() float64 {
	v, _ := g.settings.snapshot()
	return v
}

// ServeCompanion applies commands from the companion app until cmds is
// closed. The returned channel is closed when it stops.
func (g *Game) ServeCompanion(cmds <-chan Command) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for c := range cmds {
			g.applyCompanion(c)
		}
	}()
	return done
}

func (g *Game) applyCompanion(c Command) {
	switch c.Op {
	case "speed":
		g.setSpeed(c.Speed)
	case "volume":
		g.settings.update(func(s *Settings) { s.Volume = min(max(c.Volume, 0), 1) })
	case "ranges":
		g.settings.update(func(s *Settings) { s.ShowRanges = c.On })
	case "build", "sell", "wave":
		select {
		case g.remote <- c:
		default:
		}
	}
}

func (g *Game) setSpeed(n int) {
	g.speed = min(max(n, 1), 3) // RACY
}

func (g *Game) drainRemote() {
	for {
		select {
		case c := <-g.remote:
			var err error
			switch c.Op {
			case "build":
				err = g.Build(c.Kind, c.X, c.Y)
			case "sell":
				err = g.Sell(c.X, c.Y)
			case "wave":
				g.CallWave()
			}
			if err != nil {
				g.say(fmt.Sprintf("companion: %v", err))
			}
		default:
			return
		}
	}
}
