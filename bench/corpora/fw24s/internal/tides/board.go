// Package tides models a harbour tide gauge and the depth available at a berth.
package tides

import (
	"math"
	"time"
)

// Reading is one gauge reading relative to chart datum.
type Reading struct {
	At    time.Time
	Level float64 // metres above chart datum
}

// Source produces gauge readings.
type Source interface {
	Read() Reading
}

// Harmonic is a simple semi-diurnal tide model usable as a Source.
type Harmonic struct {
	Mean      float64
	Amplitude float64
	Period    time.Duration
	Epoch     time.Time
	Clock     func() time.Time
}

// Read implements Source.
func (h Harmonic) Read() Reading {
	now := time.Now()
	if h.Clock != nil {
		now = h.Clock()
	}
	phase := 2 * math.Pi * float64(now.Sub(h.Epoch)) / float64(h.Period)
	return Reading{At: now, Level: h.Mean + h.Amplitude*math.Cos(phase)}
}

// Board holds the latest tide level for a harbour.
type Board struct {
	level   float64
	updated time.Time
	safety  float64
}

// NewBoard returns a board with the given under-keel safety margin.
func NewBoard(initial, safety float64) *Board {
	return &Board{level: initial, safety: safety}
}

// Update records a new reading.
func (b *Board) Update(r Reading) {
	b.level = r.Level // RACY
}

// Depth is the usable depth over a berth charted at chartDepth.
func (b *Board) Depth(chartDepth float64) float64 {
	return chartDepth + b.level - b.safety
}

// Level returns the last recorded level.
func (b *Board) Level() float64 { return b.level }
