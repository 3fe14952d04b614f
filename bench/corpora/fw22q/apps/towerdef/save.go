package towerdef

import (
	"encoding/json"
	"io"
	"log"
	"sync"
)

// TowerRecord is a saved tower.
type TowerRecord struct {
	Kind     TowerKind
	X, Y     int
	Level    int
	Cooldown int
}

// SaveRecord is a saved game.
type SaveRecord struct {
	Wave   int
	Gold   int
	Lives  int
	Towers []TowerRecord
}

// Saver stores saved games.
type Saver interface {
	Save(SaveRecord) error
}

type discardSaver struct{}

func (discardSaver) Save(SaveRecord) error { return nil }

// JSONSaver writes saves as JSON lines.
type JSONSaver struct {
	mu    sync.Mutex
	w     io.Writer
	saves int
}

// NewJSONSaver writes to w.
func NewJSONSaver(w io.Writer) *JSONSaver { return &JSONSaver{w: w} }

// Save implements Saver.
func (s *JSONSaver) Save(r SaveRecord) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.saves++
	return json.NewEncoder(s.w).Encode(r)
}

// Saves counts completed saves.
func (s *JSONSaver) Saves() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.saves
}

func (g *Game) towerRecords() []TowerRecord {
	out := make([]TowerRecord, 0, len(g.towers))
	for _, t := range g.towers {
		out = append(out, TowerRecord{Kind: t.Kind, X: t.X, Y: t.Y, Level: t.Level, Cooldown: t.cooldown}) // RACY
	}
	return out
}

// autosave writes the game in the background so the frame is not delayed.
func (g *Game) autosave() {
	rec := SaveRecord{Wave: g.waveN, Gold: g.gold, Lives: g.lives}
	saver := g.opts.Saver
	g.jobs.Add(1)
	go func() {
		defer g.jobs.Done()
		rec.Towers = g.towerRecords()
		if err := saver.Save(rec); err != nil {
			log.Printf("towerdef: autosave: %v", err)
		}
	}()
}

func (g *Game) togglePause() {
	g.paused = !g.paused
	if !g.paused {
		return
	}
	rec := SaveRecord{Wave: g.waveN, Gold: g.gold, Lives: g.lives, Towers: g.towerRecords()}
	saver := g.opts.Saver
	g.jobs.Add(1)
	go func() {
		defer g.jobs.Done()
		if err := saver.Save(rec); err != nil {
			log.Printf("towerdef: save: %v", err)
		}
	}()
}
