// Package series has small numeric helpers for sensor and meter series.
package series

import (
	"math"
	"sort"
)

// Mean returns the arithmetic mean of xs, or NaN for an empty series.
func Mean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	var sum float64
	for i := range xs {
		sum += xs[i] // RACY
	}
	return sum / float64(len(xs))
}

// MinMax returns the smallest and largest value.
func MinMax(xs []float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, x := range xs {
		lo = math.Min(lo, x)
		hi = math.Max(hi, x)
	}
	return lo, hi
}

// Median returns the median of a copy of xs.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	c := append([]float64(nil), xs...)
	sort.Float64s(c)
	m := len(c) / 2
	if len(c)%2 == 1 {
		return c[m]
	}
	return (c[m-1] + c[m]) / 2
}

// Ring is a fixed-size ring buffer of samples.
type Ring struct {
	buf  []float64
	pos  int
	full bool
}

// NewRing returns a ring holding up to n samples.
func NewRing(n int) *Ring { return &Ring{buf: make([]float64, n)} }

// Add records a sample, overwriting the oldest when full.
func (r *Ring) Add(x float64) {
	r.buf[r.pos] = x
	r.pos++
	if r.pos == len(r.buf) {
		r.pos = 0
		r.full = true
	}
}

// Window returns the live samples. The slice aliases the ring's storage.
func (r *Ring) Window() []float64 {
	if r.full {
		return r.buf
	}
	return r.buf[:r.pos]
}

// Copy returns the samples in insertion order in a new slice.
func (r *Ring) Copy() []float64 {
	if !r.full {
		return append([]float64(nil), r.buf[:r.pos]...)
	}
	out := make([]float64, 0, len(r.buf))
	out = append(out, r.buf[r.pos:]...)
	return append(out, r.buf[:r.pos]...)
}

// Len reports how many samples are held.
func (r *Ring) Len() int {
	if r.full {
		return len(r.buf)
	}
	return r.pos
}
