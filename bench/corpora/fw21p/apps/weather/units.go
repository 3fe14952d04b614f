package weather

import (
	"strconv"
	"time"
)

// Units selects how measurements are displayed.
type Units int

// Supported unit systems.
const (
	Metric Units = iota
	Imperial
)

// Toggle returns the other unit system.
func (u Units) Toggle() Units {
	if u == Metric {
		return Imperial
	}
	return Metric
}

// Temp formats a temperature given in Celsius.
func (u Units) Temp(c float64) string {
	if u == Imperial {
		return strconv.FormatFloat(c*9/5+32, 'f', 1, 64) + "°F"
	}
	return strconv.FormatFloat(c, 'f', 1, 64) + "°C"
}

// Speed formats a wind speed given in km/h.
func (u Units) Speed(kph float64) string {
	if u == Imperial {
		return strconv.FormatFloat(kph/1.609344, 'f', 0, 64) + " mph"
	}
	return strconv.FormatFloat(kph, 'f', 0, 64) + " km/h"
}

func (u Units) String() string {
	if u == Imperial {
		return "imperial"
	}
	return "metric"
}

// age renders how long ago t was, coarsely.
func age(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case t.IsZero():
		return "never"
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return strconv.Itoa(int(d/time.Minute)) + " min ago"
	default:
		return strconv.Itoa(int(d/time.Hour)) + " h ago"
	}
}
