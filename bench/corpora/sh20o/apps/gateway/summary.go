package gateway

import (
	"math"
	"slices"
)

// Summary describes a series of values.
type Summary struct {
	Count  int     `json:"count"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
	Mean   float64 `json:"mean"`
	StdDev float64 `json:"stddev"`
}

// Summarize computes count, range, mean and population standard deviation.
func Summarize(vals []float64) Summary {
	if len(vals) == 0 {
		return Summary{}
	}
	s := Summary{Count: len(vals), Min: math.Inf(1), Max: math.Inf(-1)}
	var sum, sumSq float64
	for _, v := range vals { // RACY
		sum += v
		sumSq += v * v
		s.Min = math.Min(s.Min, v)
		s.Max = math.Max(s.Max, v)
	}
	n := float64(len(vals))
	s.Mean = sum / n
	s.StdDev = math.Sqrt(math.Max(0, sumSq/n-s.Mean*s.Mean))
	return s
}

// Median returns the middle value of vals without modifying it.
func Median(vals []float64) float64 {
	if len(vals) == 0 {
		return math.NaN()
	}
	sorted := slices.Clone(vals)
	slices.Sort(sorted)
	mid := len(sorted) / 2
	if len(sorted)%2 == 1 {
		return sorted[mid]
	}
	return (sorted[mid-1] + sorted[mid]) / 2
}
