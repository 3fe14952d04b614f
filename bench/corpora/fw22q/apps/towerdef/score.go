package towerdef

import (
	"context"
	"fmt"
	"log"
	"sync"
	"time"
)

// Stats are counted as the game runs.
type Stats struct {
	Ticks        int
	Shots        int
	Hits         int
	Kills        int
	Leaks        int
	WavesCleared int
}

// Accuracy is the share of shots that hit.
func (s Stats) Accuracy() float64 {
	if s.Shots == 0 {
		return 0
	}
	return float64(s.Hits) / float64(s.Shots)
}

// ScoreCard is submitted to the leaderboard.
type ScoreCard struct {
	Player string
	Score  int
	Waves  int
	Won    bool
	Stats  Stats
}

// Leaderboard receives final scores.
type Leaderboard interface {
	Submit(ctx context.Context, c ScoreCard) error
}

type discardBoard struct{}

func (discardBoard) Submit(context.Context, ScoreCard) error { return nil }

// MemoryBoard keeps the best scores in memory.
type MemoryBoard struct {
	mu    sync.Mutex
	cards []ScoreCard
}

// Submit implements Leaderboard.
func (b *MemoryBoard) Submit(_ context.Context, c ScoreCard) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.cards = append(b.cards, c)
	return nil
}

// Cards returns the submitted cards.
func (b *MemoryBoard) Cards() []ScoreCard {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]ScoreCard(nil), b.cards...)
}

func (g *Game) scoreCard() ScoreCard {
	score := g.stats.Kills*10 + g.stats.WavesCleared*100 + g.lives*25 - g.stats.Leaks*5
	return ScoreCard{
		Player: g.opts.Player,
		Score:  max(score, 0),
		Waves:  g.stats.WavesCleared,
		Won:    g.phase == won,
		Stats:  g.stats,
	}
}

func (g *Game) submitScore() {
	card := g.scoreCard()
	board := g.opts.Leaderboard
	g.jobs.Add(1)
	go func() {
		defer g.jobs.Done()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := board.Submit(ctx, card); err != nil {
			log.Printf("towerdef: submit score: %v", err)
		}
	}()
}

// Status is a one-line summary for the HUD and logs.
func (g *Game) Status() string {
	return fmt.Sprintf("wave %d/%d  gold %d  lives %d  kills %d", g.waveN, g.opts.Waves, g.gold, g.lives, g.stats.Kills)
}

// Ticks is the number of Update calls so far; safe from any goroutine.
func (g *Game) Ticks() int64 { return g.ticks.Load() }
