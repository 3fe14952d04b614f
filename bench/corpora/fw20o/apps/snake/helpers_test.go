package snake

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"example.com/corpus/trial-fw20o/apps/snake/scores"
)

// pad is a scripted controller: inputs set by the test are consumed by the
// next Update.
type pad struct {
	dir     Direction
	hasDir  bool
	pause   bool
	restart bool
}

func (p *pad) press(d Direction) { p.dir, p.hasDir = d, true }

func (p *pad) Direction() (Direction, bool) {
	d, ok := p.dir, p.hasDir
	p.hasDir = false
	return d, ok
}

func (p *pad) PausePressed() bool {
	v := p.pause
	p.pause = false
	return v
}

func (p *pad) RestartPressed() bool {
	v := p.restart
	p.restart = false
	return v
}

func newGame(t *testing.T, cfg Config) (*Game, *pad) {
	t.Helper()
	p := &pad{}
	cfg.Controls = p
	cfg.Seed = 7
	g := New(cfg)
	return g, p
}

// frames runs n updates, pausing between frames like a real game loop.
func frames(t *testing.T, g *Game, n int, gap time.Duration) {
	t.Helper()
	for range n {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		if gap > 0 {
			time.Sleep(gap)
		}
	}
}

type leaderboard struct {
	delay time.Duration
	rank  int
	daily scores.Challenge

	mu        sync.Mutex
	submitted []scores.Entry
}

func (l *leaderboard) Submit(ctx context.Context, e scores.Entry) (int, error) {
	time.Sleep(l.delay)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.submitted = append(l.submitted, e)
	return l.rank, nil
}

func (l *leaderboard) Daily(ctx context.Context) (scores.Challenge, error) {
	time.Sleep(l.delay)
	if l.daily.Name == "" {
		return scores.Challenge{}, errors.New("no challenge today")
	}
	return l.daily, nil
}

func (l *leaderboard) entries() []scores.Entry {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]scores.Entry(nil), l.submitted...)
}
