package tripcomp

import (
	"math"
	"strings"
	"testing"
	"time"
)

func TestTripDistanceAndLaps(t *testing.T) {
	tr := newTrip(berlin.At, 1)
	for _, f := range StraightRide(berlin, 11, 5) {
		tr.addFix(f)
	}
	if math.Abs(tr.distance-50) > 0.1 || tr.moving != 10*time.Second {
		t.Fatalf("distance = %.2f, moving = %v", tr.distance, tr.moving)
	}
	if math.Abs(tr.climb-5) > 1e-9 {
		t.Errorf("climb = %v", tr.climb)
	}
	l := tr.closeLap(berlin.At.Add(10 * time.Second))
	if l.N != 1 || math.Abs(l.AvgSpeed-5) > 0.01 {
		t.Errorf("lap = %+v", l)
	}
	tr.pause(berlin.At.Add(11 * time.Second))
	more := StraightRide(berlin, 15, 5)[11:]
	for _, f := range more {
		tr.addFix(f)
	}
	if math.Abs(tr.distance-50) > 0.1 {
		t.Errorf("distance grew while paused: %.2f", tr.distance)
	}
	s := tr.summary(berlin.At.Add(time.Minute))
	if s.Points != 15 || len(s.Laps) != 1 || math.Abs(s.AvgSpeed-5) > 0.01 {
		t.Errorf("summary = %+v", s)
	}
}

func TestAutoPauseResumesOnMovement(t *testing.T) {
	tr := newTrip(berlin.At, 1)
	ride := StraightRide(berlin, 6, 4)
	tr.addFix(ride[0])
	tr.addFix(ride[1])
	tr.autoPause(ride[1].At)
	tr.addFix(ride[2])
	if tr.state != riding {
		t.Errorf("state = %v", tr.state)
	}
}

func TestWriteGPX(t *testing.T) {
	tr := newTrip(berlin.At, 1)
	for _, f := range StraightRide(berlin, 3, 5) {
		tr.addFix(f)
	}
	var b strings.Builder
	done := 0
	if err := writeGPX(&b, "Morning <loop>", tr.points, func(n int) { done = n }); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Count(out, "<trkpt") != 3 || !strings.Contains(out, "Morning &lt;loop&gt;") || !strings.HasSuffix(out, "</gpx>\n") || !strings.Contains(out, "<distance>10.0</distance>") || done != 3 {
		t.Errorf("gpx:\n%s", out)
	}
}

func TestFormatting(t *testing.T) {
	if got := formatClock(3723 * time.Second); got != "1:02:03" {
		t.Errorf("clock = %s", got)
	}
	if got := formatClock(83 * time.Second); got != "1:23" {
		t.Errorf("clock = %s", got)
	}
	if got := formatKm(12345); got != "12.35 km" {
		t.Errorf("km = %s", got)
	}
}
