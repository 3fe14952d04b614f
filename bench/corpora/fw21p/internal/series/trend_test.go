package series

import (
	"slices"
	"testing"
	"time"
)

func at(h int) time.Time { return time.Date(2024, 5, 1, h, 0, 0, 0, time.UTC) }

func TestAddAndMerge(t *testing.T) {
	tr := NewTrend(5)
	tr.Add(Point{At: at(10), Value: 12})
	tr.Add(Point{At: at(11), Value: 13})
	tr.Add(Point{At: at(9), Value: 99}) // ignored: older than newest
	tr.Merge([]Point{{At: at(7), Value: 9}, {At: at(8), Value: 10}, {At: at(10), Value: 11.5}})
	if got := tr.Values(); !slices.Equal(got, []float64{9, 10, 12, 13}) {
		t.Fatalf("values = %v", got)
	}
	tr.Merge([]Point{{At: at(3), Value: 1}, {At: at(4), Value: 2}})
	if tr.Len() != 5 {
		t.Fatalf("len = %d", tr.Len())
	}
	if last, _ := tr.Last(); last.Value != 13 {
		t.Fatalf("last = %v", last)
	}
	if tr.Span() != 7*time.Hour || tr.Delta() != 11 {
		t.Fatalf("span=%v delta=%v", tr.Span(), tr.Delta())
	}
}

func TestNormalize(t *testing.T) {
	if got := Normalize([]float64{10, 20, 15}); !slices.Equal(got, []float64{0, 1, 0.5}) {
		t.Fatalf("normalize = %v", got)
	}
	if got := Normalize([]float64{3, 3}); !slices.Equal(got, []float64{0.5, 0.5}) {
		t.Fatalf("flat = %v", got)
	}
}
