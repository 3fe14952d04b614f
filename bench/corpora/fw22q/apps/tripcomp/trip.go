// Package tripcomp is a handlebar trip computer: it turns GPS fixes and a
// heart-rate strap into speed, distance, laps and a GPX track, drawn with
// Gio.
package tripcomp

import (
	"time"

	"example.com/corpus/trial-fw22q/internal/geo"
	"example.com/corpus/trial-fw22q/internal/metrics"
)

type rideState int

const (
	riding rideState = iota
	paused
	autoPaused
)

// Lap is one completed lap.
type Lap struct {
	N        int
	Start    time.Time
	Distance float64
	Moving   time.Duration
	AvgSpeed float64 // m/s
	AvgHR    float64
}

type lapMark struct {
	at       time.Time
	distance float64
	moving   time.Duration
	hr       metrics.Summary
}

// Trip is the ride being recorded.
type Trip struct {
	started  time.Time
	points   []geo.Fix
	distance float64
	climb    float64
	moving   time.Duration
	maxSpeed float64
	speed    *metrics.EWMA
	hr       *metrics.EWMA
	hrStats  metrics.Summary
	state    rideState
	pausedAt time.Time
	laps     []Lap
	lap      lapMark
	minSpeed float64
}

func newTrip(now time.Time, minSpeed float64) *Trip {
	return &Trip{
		started:  now,
		speed:    metrics.NewEWMA(0.3, 0),
		hr:       metrics.NewEWMA(0.2, 0),
		lap:      lapMark{at: now},
		minSpeed: minSpeed,
	}
}

// addFix appends a fix and returns the instantaneous speed in m/s.
func (t *Trip) addFix(f geo.Fix) float64 {
	var v float64
	if n := len(t.points); n > 0 {
		prev := t.points[n-1]
		dt := f.At.Sub(prev.At)
		if dt <= 0 {
			return t.speed.Value()
		}
		d := geo.Distance(prev, f)
		v = d / dt.Seconds()
		if v >= t.minSpeed {
			if t.state == autoPaused {
				t.state = riding
			}
			if t.state == riding {
				t.distance += d
				t.climb += geo.Climb(prev, f)
				t.moving += dt
				t.maxSpeed = max(t.maxSpeed, v)
			}
		}
		t.speed.Add(v)
	}
	t.points = append(t.points, f)
	return v
}

func (t *Trip) pause(at time.Time) {
	if t.state == riding {
		t.state = paused
		t.pausedAt = at
	}
}

func (t *Trip) resume() {
	t.state = riding
	t.pausedAt = time.Time{}
}

func (t *Trip) autoPause(at time.Time) {
	t.state = autoPaused // RACY
	t.pausedAt = at
}

func (t *Trip) addHeartRate(bpm int) {
	t.hr.Add(float64(bpm))
	t.hrStats.Add(float64(bpm))
	t.lap.hr.Add(float64(bpm))
}

func (t *Trip) closeLap(now time.Time) Lap {
	l := Lap{
		N:        len(t.laps) + 1,
		Start:    t.lap.at,
		Distance: t.distance - t.lap.distance,
		Moving:   t.moving - t.lap.moving,
	}
	if l.Moving > 0 {
		l.AvgSpeed = l.Distance / l.Moving.Seconds()
	}
	l.AvgHR = t.lap.hr.Mean()
	t.laps = append(t.laps, l)
	t.lap = lapMark{at: now, distance: t.distance, moving: t.moving}
	return l
}

// Summary is a frozen view of the ride.
type Summary struct {
	Started  time.Time
	Elapsed  time.Duration
	Moving   time.Duration
	Distance float64
	Climb    float64
	AvgSpeed float64
	MaxSpeed float64
	AvgHR    float64
	MaxHR    float64
	Laps     []Lap
	Points   int
}

func (t *Trip) summary(now time.Time) Summary {
	s := Summary{
		Started:  t.started,
		Elapsed:  now.Sub(t.started),
		Moving:   t.moving,
		Distance: t.distance,
		Climb:    t.climb,
		MaxSpeed: t.maxSpeed,
		AvgHR:    t.hrStats.Mean(),
		MaxHR:    t.hrStats.Max,
		Laps:     append([]Lap(nil), t.laps...),
		Points:   len(t.points),
	}
	if t.moving > 0 {
		s.AvgSpeed = t.distance / t.moving.Seconds()
	}
	return s
}
