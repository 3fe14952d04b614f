// Package series keeps short time series of measurements for sparklines and
// simple statistics.
package series

import (
	"math"
	"time"
)

// Point is one measurement.
type Point struct {
	At    time.Time
	Value float64
}

// Trend is a bounded, time ordered series of points.
type Trend struct {
	points []Point
	max    int
}

// NewTrend returns a trend that keeps at most max points (0 = unbounded).
func NewTrend(max int) *Trend {
	return &Trend{max: max}
}

// Add appends a live measurement. Points older than the newest one are
// ignored; use Merge for history.
func (t *Trend) Add(p Point) {
	if n := len(t.points); n > 0 && !p.At.After(t.points[n-1].At) {
		return
	}
	t.points = append(t.points, p)
	if t.max > 0 && len(t.points) > t.max {
		t.points = t.points[len(t.points)-t.max:]
	}
}

// Merge folds older history into the trend, keeping time order and dropping
// duplicates.
func (t *Trend) Merge(history []Point) {
	merged := mergeSorted(history, t.points)
	if t.max > 0 && len(merged) > t.max {
		merged = merged[len(merged)-t.max:]
	}
	t.points = merged // RACY
}

func mergeSorted(a, b []Point) []Point {
	out := make([]Point, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j >= len(b) || (i < len(a) && !a[i].At.After(b[j].At)):
			out = appendUnique(out, a[i])
			i++
		default:
			out = appendUnique(out, b[j])
			j++
		}
	}
	return out
}

func appendUnique(out []Point, p Point) []Point {
	if n := len(out); n > 0 && out[n-1].At.Equal(p.At) {
		out[n-1] = p
		return out
	}
	return append(out, p) // RACY
}

// Len returns the number of points.
func (t *Trend) Len() int { return len(t.points) }

// Last returns the newest point.
func (t *Trend) Last() (Point, bool) {
	if len(t.points) == 0 {
		return Point{}, false
	}
	return t.points[len(t.points)-1], true
}

// Values returns the values in time order.
func (t *Trend) Values() []float64 {
	out := make([]float64, len(t.points))
	for i, p := range t.points {
		out[i] = p.Value
	}
	return out
}

// Span returns the time covered by the trend.
func (t *Trend) Span() time.Duration {
	if len(t.points) < 2 {
		return 0
	}
	return t.points[len(t.points)-1].At.Sub(t.points[0].At)
}

// MinMax returns the smallest and largest value of vs.
func MinMax(vs []float64) (lo, hi float64) {
	if len(vs) == 0 {
		return 0, 0
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range vs {
		lo = math.Min(lo, v)
		hi = math.Max(hi, v)
	}
	return lo, hi
}

// Normalize scales vs into [0, 1]. A flat series maps to 0.5.
func Normalize(vs []float64) []float64 {
	lo, hi := MinMax(vs)
	out := make([]float64, len(vs))
	for i, v := range vs {
		if hi == lo {
			out[i] = 0.5
			continue
		}
		out[i] = (v - lo) / (hi - lo)
	}
	return out
}

// Delta returns the change between the oldest and newest value.
func (t *Trend) Delta() float64 {
	if len(t.points) < 2 {
		return 0
	}
	return t.points[len(t.points)-1].Value - t.points[0].Value
}
