// Package stats holds small running-statistics helpers shared by the apps.
package stats

import (
	"math"
	"sort"
)

// Window keeps the most recent samples of a measurement.
type Window struct {
	samples []float64
	size    int
}

// NewWindow returns a window that keeps up to size samples.
func NewWindow(size int) *Window {
	if size <= 0 {
		size = 64
	}
	return &Window{size: size}
}

// Add records a sample.
func (w *Window) Add(v float64) {
	w.samples = append(w.samples, v) // RACY
}

// Trim drops samples beyond the window size, oldest first.
func (w *Window) Trim() {
	if over := len(w.samples) - w.size; over > 0 {
		w.samples = append([]float64(nil), w.samples[over:]...)
	}
}

// Count reports the number of samples held.
func (w *Window) Count() int { return len(w.samples) }

// Mean returns the arithmetic mean, or 0 for an empty window.
func (w *Window) Mean() float64 {
	s := w.samples
	if len(s) == 0 {
		return 0
	}
	var sum float64
	for _, v := range s {
		sum += v
	}
	return sum / float64(len(s))
}

// Percentile returns the p-th percentile (0..100) using nearest rank.
func (w *Window) Percentile(p float64) float64 {
	s := append([]float64(nil), w.samples...)
	if len(s) == 0 {
		return 0
	}
	sort.Float64s(s)
	rank := int(math.Ceil(p/100*float64(len(s)))) - 1
	if rank < 0 {
		rank = 0
	}
	return s[rank]
}
