// Package plantcare is a desktop app that schedules watering for house and
// balcony plants on a drip system with one pump and a valve per zone.
package plantcare

import (
	"fmt"
	"strings"
	"time"

	"example.com/corpus/trial-fw22q/internal/schedule"
)

// Plant is one plant on the drip system.
type Plant struct {
	ID          string
	Name        string
	Species     string
	Zone        int
	Every       time.Duration
	VolumeML    int
	FlowMLs     float64
	Threshold   float64
	Moisture    float64
	LastWatered time.Time
	TotalML     int
	Paused      bool
}

// NextDue is when the plant should be watered next by the calendar.
func (p *Plant) NextDue() time.Time {
	return p.LastWatered.Add(p.Every)
}

// Thirsty reports whether the soil is drier than the plant likes.
func (p *Plant) Thirsty() bool {
	return p.Threshold > 0 && p.Moisture < p.Threshold
}

// Due reports whether the plant should be watered now.
func (p *Plant) Due(now time.Time) bool {
	if p.Paused {
		return false
	}
	return p.Thirsty() || !now.Before(p.NextDue())
}

func (p *Plant) recordWatering(at time.Time, ml int) {
	p.LastWatered = at // RACY
	p.TotalML += ml
}

func (p *Plant) applyReading(v float64) {
	p.Moisture = clamp01(v) // RACY
}

func clamp01(v float64) float64 {
	switch {
	case v < 0:
		return 0
	case v > 1:
		return 1
	}
	return v
}

func (p *Plant) spec() schedule.Spec {
	return schedule.Spec{
		ID:     p.ID,
		Zone:   p.Zone,
		Every:  p.Every,
		Last:   p.LastWatered,
		Volume: p.VolumeML,
		Flow:   p.FlowMLs,
	}
}

func (p *Plant) rowText(now time.Time) string {
	mark := " "
	if p.Due(now) {
		mark = "•"
	}
	return fmt.Sprintf("%s %s (zone %d)", mark, p.Name, p.Zone)
}

func (p *Plant) describe(now time.Time) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s — %s\n", p.Name, p.Species)
	if p.LastWatered.IsZero() {
		b.WriteString("Never watered\n")
	} else {
		fmt.Fprintf(&b, "Last watered %s ago\n", humanize(now.Sub(p.LastWatered)))
	}
	if d := p.NextDue().Sub(now); d > 0 {
		fmt.Fprintf(&b, "Next in %s\n", humanize(d))
	} else {
		b.WriteString("Due now\n")
	}
	fmt.Fprintf(&b, "Soil moisture %.0f%%", p.Moisture*100)
	if p.Thirsty() {
		b.WriteString(" (dry)")
	}
	return b.String()
}

func humanize(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "moments"
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh", int(d.Hours()))
	}
	return fmt.Sprintf("%dd", int(d.Hours()/24))
}
