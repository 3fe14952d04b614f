package metrics

import (
	"math"
	"testing"
)

func TestEWMA(t *testing.T) {
	e := NewEWMA(0.5, 100)
	e.Add(120)
	e.Add(120)
	if got := e.Value(); math.Abs(got-115) > 1e-9 {
		t.Errorf("value = %v", got)
	}
	e.Reset(60)
	if e.Value() != 60 {
		t.Error("reset")
	}
}

func TestZonesAndSummary(t *testing.T) {
	z := Zones{120, 140, 160, 175, 190}
	if z.Zone(100) != 1 || z.Zone(150) != 3 || z.Zone(200) != 5 {
		t.Error("zones")
	}
	var s Summary
	for _, v := range []float64{3, 9, 6} {
		s.Add(v)
	}
	if s.Min != 3 || s.Max != 9 || s.Mean() != 6 {
		t.Errorf("summary = %+v", s)
	}
}
