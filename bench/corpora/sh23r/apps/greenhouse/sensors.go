package greenhouse

import (
	"math"
	"time"

	"example.com/corpus/trial-sh23r/internal/notify"
)

// Kind is what a sensor measures.
type Kind int

const (
	Temperature Kind = iota
	Humidity
)

// Reading is one sensor sample.
type Reading struct {
	Sensor string
	Zone   string
	Kind   Kind
	Value  float64
	At     time.Time
}

// Bus carries readings from the sensor gateway to whoever listens.
type Bus = notify.Hub[Reading]

// NewBus returns an empty sensor bus.
func NewBus() *Bus { return notify.NewHub[Reading]() }

// Profile generates plausible readings for simulations.
type Profile struct {
	Base      float64
	Amplitude float64
	Period    time.Duration
}

// At returns the profile value at offset d.
func (p Profile) At(d time.Duration) float64 {
	if p.Period <= 0 {
		return p.Base
	}
	phase := 2 * math.Pi * float64(d) / float64(p.Period)
	return p.Base + p.Amplitude*math.Sin(phase)
}

// Simulate publishes n temperature readings for zone on bus, one every step.
func Simulate(bus *Bus, zone string, p Profile, n int, step time.Duration) {
	start := time.Now()
	for i := 0; i < n; i++ {
		bus.Publish(Reading{
			Sensor: zone + "-t1",
			Zone:   zone,
			Kind:   Temperature,
			Value:  p.At(time.Duration(i) * step),
			At:     start.Add(time.Duration(i) * step),
		})
		time.Sleep(step)
	}
}
