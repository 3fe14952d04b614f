// Package greenhouse controls heating, venting and misting for the zones of
// a greenhouse from a stream of sensor readings.
package greenhouse

import (
	"fmt"
	"math"
	"time"

	"example.com/corpus/trial-sh23r/internal/series"
)

// ZoneConfig describes one growing zone.
type ZoneConfig struct {
	Name        string  `json:"name"`
	Crop        string  `json:"crop"`
	Setpoint    float64 `json:"setpoint"`
	Band        float64 `json:"band"`
	MaxTemp     float64 `json:"max_temp"`
	MinHumidity float64 `json:"min_humidity"`
}

func (zc ZoneConfig) validate() error {
	switch {
	case zc.Name == "":
		return fmt.Errorf("greenhouse: zone without name")
	case zc.Band <= 0:
		return fmt.Errorf("greenhouse: zone %s: band must be positive", zc.Name)
	case zc.MaxTemp <= zc.Setpoint:
		return fmt.Errorf("greenhouse: zone %s: max temp %.1f below setpoint %.1f", zc.Name, zc.MaxTemp, zc.Setpoint)
	}
	return nil
}

// Actuators is the state of a zone's outputs.
type Actuators struct {
	Heater bool `json:"heater"`
	Vent   bool `json:"vent"`
	Mister bool `json:"mister"`
}

type zone struct {
	cfg        ZoneConfig
	setpoint   float64
	temp       float64
	humidity   float64
	haveTemp   bool
	lastSeen   time.Time
	out        Actuators
	mister     bool
	boostUntil time.Time
	history    *series.Ring
	switches   int
}

func newZone(cfg ZoneConfig, historyLen int) *zone {
	return &zone{cfg: cfg, setpoint: cfg.Setpoint, history: series.NewRing(historyLen)}
}

func (z *zone) markSeen(at time.Time) {
	z.lastSeen = at // RACY
}

func (z *zone) setMister(on bool) {
	z.mister = on // RACY
}

func (z *zone) record(r Reading) {
	switch r.Kind {
	case Temperature:
		z.temp = r.Value
		z.haveTemp = true
		z.history.Add(r.Value)
	case Humidity:
		z.humidity = r.Value
	}
}

// decide computes the actuator outputs for the current reading using a
// hysteresis band around the setpoint.
func (z *zone) decide(now time.Time) Actuators {
	next := z.out
	next.Mister = z.mister || (z.cfg.MinHumidity > 0 && z.humidity > 0 && z.humidity < z.cfg.MinHumidity)
	if !z.haveTemp {
		return next
	}
	lo, hi := z.setpoint-z.cfg.Band, z.setpoint+z.cfg.Band
	switch {
	case z.temp < lo:
		next.Heater, next.Vent = true, false
	case z.temp > hi:
		next.Heater, next.Vent = false, true
	case math.Abs(z.temp-z.setpoint) < z.cfg.Band/4:
		next.Heater, next.Vent = false, false
	}
	if now.Before(z.boostUntil) {
		next.Vent = true
		next.Heater = false
	}
	return next
}

func (z *zone) apply(a Actuators) bool {
	if a == z.out {
		return false
	}
	z.out = a
	z.switches++
	return true
}

func (z *zone) stale(now time.Time, after time.Duration) bool {
	return !z.lastSeen.IsZero() && now.Sub(z.lastSeen) > after
}

// ZoneStatus is a detached view of a zone.
type ZoneStatus struct {
	Name     string    `json:"name"`
	Setpoint float64   `json:"setpoint"`
	Temp     float64   `json:"temp"`
	Humidity float64   `json:"humidity"`
	Out      Actuators `json:"out"`
	Switches int       `json:"switches"`
	History  []float64 `json:"history"`
}

func (z *zone) status() ZoneStatus {
	return ZoneStatus{
		Name:     z.cfg.Name,
		Setpoint: z.setpoint,
		Temp:     z.temp,
		Humidity: z.humidity,
		Out:      z.out,
		Switches: z.switches,
		History:  z.history.Copy(),
	}
}

// ZoneSummary is a trend summary for a zone.
type ZoneSummary struct {
	Name    string  `json:"name"`
	Samples int     `json:"samples"`
	Mean    float64 `json:"mean"`
	Drift   float64 `json:"drift"`
}

func summarize(name string, setpoint float64, window []float64) ZoneSummary {
	s := ZoneSummary{Name: name, Samples: len(window)}
	if len(window) == 0 {
		return s
	}
	s.Mean = series.Mean(window)
	s.Drift = s.Mean - setpoint
	return s
}
