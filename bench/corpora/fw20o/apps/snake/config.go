package snake

import (
	"time"

	"example.com/corpus/trial-fw20o/apps/snake/scores"
)

// Config describes a game.
type Config struct {
	Cols, Rows int
	// Cell is the size of a board cell in pixels.
	Cell int
	// TicksPerMove is the initial number of frames between moves.
	TicksPerMove int
	// StartLength is the initial snake length.
	StartLength int
	// BonusEvery spawns a bonus after this many foods.
	BonusEvery int
	// SlowFor and GhostFor are how long bonuses last.
	SlowFor  time.Duration
	GhostFor time.Duration
	Seed     uint64
	Player   string
	Controls Controls
	// Scores enables the online leaderboard and daily challenge.
	Scores        scores.Client
	Daily         bool
	SubmitTimeout time.Duration
}

func (c Config) withDefaults() Config {
	if c.Cols == 0 {
		c.Cols = 32
	}
	if c.Rows == 0 {
		c.Rows = 24
	}
	if c.Cell == 0 {
		c.Cell = 20
	}
	if c.TicksPerMove == 0 {
		c.TicksPerMove = 8
	}
	if c.StartLength == 0 {
		c.StartLength = 4
	}
	if c.BonusEvery == 0 {
		c.BonusEvery = 5
	}
	if c.SlowFor == 0 {
		c.SlowFor = 6 * time.Second
	}
	if c.GhostFor == 0 {
		c.GhostFor = 4 * time.Second
	}
	if c.Player == "" {
		c.Player = "player"
	}
	if c.Controls == nil {
		c.Controls = Keyboard{}
	}
	if c.SubmitTimeout == 0 {
		c.SubmitTimeout = 5 * time.Second
	}
	return c
}
