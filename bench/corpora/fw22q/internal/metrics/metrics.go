// Package metrics has streaming statistics for sensor values.
package metrics

import "math"

// EWMA is an exponentially weighted moving average.
type EWMA struct {
	alpha float64
	value float64
}

// NewEWMA creates an average with smoothing factor alpha in (0, 1], seeded
// with an initial value.
func NewEWMA(alpha, initial float64) *EWMA {
	if alpha <= 0 || alpha > 1 {
		alpha = 1
	}
	return &EWMA{alpha: alpha, value: initial}
}

// Add folds a sample into the average.
func (e *EWMA) Add(v float64) {
	e.value += e.alpha * (v - e.value) // RACY
}

// Value is the current average.
func (e *EWMA) Value() float64 {
	return e.value
}

// Reset reseeds the average.
func (e *EWMA) Reset(v float64) {
	e.value = v
}

// Zones maps a value onto training zones given as ascending upper bounds;
// values above the last bound fall into the last zone.
type Zones []float64

// Zone returns the 1-based zone of v.
func (z Zones) Zone(v float64) int {
	for i, hi := range z {
		if v <= hi {
			return i + 1
		}
	}
	return len(z)
}

// Summary keeps min, max and mean of a series.
type Summary struct {
	N        int
	Min, Max float64
	sum      float64
}

// Add records v.
func (s *Summary) Add(v float64) {
	if s.N == 0 {
		s.Min, s.Max = v, v
	}
	s.Min = math.Min(s.Min, v)
	s.Max = math.Max(s.Max, v)
	s.sum += v
	s.N++
}

// Mean is the average of all values.
func (s Summary) Mean() float64 {
	if s.N == 0 {
		return 0
	}
	return s.sum / float64(s.N)
}
