// Package schedule plans irrigation runs for a set of zones that share one
// pump, keeping runs out of the hottest hours of the day.
package schedule

import (
	"fmt"
	"io"
	"sort"
	"time"
)

// Spec describes how one plant wants to be watered.
type Spec struct {
	ID     string
	Zone   int
	Every  time.Duration
	Last   time.Time
	Volume int     // millilitres per run
	Flow   float64 // millilitres per second delivered by the zone's dripper
}

// Slot is a planned pump run.
type Slot struct {
	ID       string
	Zone     int
	Start    time.Time
	Duration time.Duration
	Volume   int
}

// End is when the run finishes.
func (s Slot) End() time.Time { return s.Start.Add(s.Duration) }

// Window is a daily time range given as offsets from local midnight. A
// window whose End is before its Start wraps over midnight.
type Window struct {
	Start, End time.Duration
}

// Contains reports whether t falls inside the window.
func (w Window) Contains(t time.Time) bool {
	if w.Start == w.End {
		return false
	}
	off := sinceMidnight(t)
	if w.Start < w.End {
		return off >= w.Start && off < w.End
	}
	return off >= w.Start || off < w.End
}

// after returns the first instant at or after t outside the window.
func (w Window) after(t time.Time) time.Time {
	if !w.Contains(t) {
		return t
	}
	off := sinceMidnight(t)
	end := w.End
	if end <= off {
		end += 24 * time.Hour
	}
	return t.Add(end - off)
}

func sinceMidnight(t time.Time) time.Duration {
	y, m, d := t.Date()
	return t.Sub(time.Date(y, m, d, 0, 0, 0, 0, t.Location()))
}

// RunTime is how long the pump needs to deliver the spec's volume.
func (s Spec) RunTime() time.Duration {
	if s.Flow <= 0 {
		return 0
	}
	return time.Duration(float64(s.Volume) / s.Flow * float64(time.Second)).Round(time.Second)
}

// Plan lays out every run due between from and from+horizon. Overdue plants
// are watered first; runs never overlap and never start inside quiet.
func Plan(specs []Spec, from time.Time, horizon time.Duration, quiet Window) []Slot {
	until := from.Add(horizon)
	var slots []Slot
	for _, s := range specs {
		if s.Every <= 0 {
			continue
		}
		next := s.Last.Add(s.Every)
		if next.Before(from) {
			next = from
		}
		for ; next.Before(until); next = next.Add(s.Every) {
			slots = append(slots, Slot{ID: s.ID, Zone: s.Zone, Start: next, Duration: s.RunTime(), Volume: s.Volume})
		}
	}
	sort.SliceStable(slots, func(i, j int) bool {
		if !slots[i].Start.Equal(slots[j].Start) {
			return slots[i].Start.Before(slots[j].Start)
		}
		return slots[i].Zone < slots[j].Zone
	})
	var busyUntil time.Time
	out := slots[:0]
	for _, sl := range slots {
		if sl.Start.Before(busyUntil) {
			sl.Start = busyUntil
		}
		sl.Start = quiet.after(sl.Start)
		if !sl.Start.Before(until) {
			continue
		}
		busyUntil = sl.End()
		out = append(out, sl)
	}
	return out
}

// WriteCSV writes the plan in the format the garden controller imports.
func WriteCSV(w io.Writer, slots []Slot) error {
	if _, err := fmt.Fprintln(w, "id,zone,start,seconds,ml"); err != nil {
		return err
	}
	for _, s := range slots {
		if _, err := fmt.Fprintf(w, "%s,%d,%s,%d,%d\n", s.ID, s.Zone, s.Start.Format(time.RFC3339), int(s.Duration.Seconds()), s.Volume); err != nil {
			return err
		}
	}
	return nil
}
