// Package billing prices parking stays and settles payments with the card
// gateway.
package billing

import "time"

// Tariff prices a stay by vehicle class.
type Tariff struct {
	// FreeMinutes at the start of every stay are not charged.
	FreeMinutes int
	// HourlyCents maps a vehicle class name to its hourly price.
	HourlyCents map[string]int64
	// DefaultHourlyCents applies to classes missing from HourlyCents.
	DefaultHourlyCents int64
	// DailyCapCents limits the charge for each started 24 hours.
	DailyCapCents int64
}

// StandardTariff is the tariff posted at the entrance.
func StandardTariff() Tariff {
	return Tariff{
		FreeMinutes:        15,
		HourlyCents:        map[string]int64{"motorcycle": 150, "car": 300, "van": 450, "truck": 600},
		DefaultHourlyCents: 300,
		DailyCapCents:      2400,
	}
}

// Fee returns the charge for a stay of the given length.
func (t Tariff) Fee(class string, stay time.Duration) int64 {
	if stay <= time.Duration(t.FreeMinutes)*time.Minute {
		return 0
	}
	hourly, ok := t.HourlyCents[class]
	if !ok {
		hourly = t.DefaultHourlyCents
	}
	days := int64(stay / (24 * time.Hour))
	rest := stay % (24 * time.Hour)
	hours := int64(rest / time.Hour)
	if rest%time.Hour != 0 {
		hours++
	}
	partial := hours * hourly
	if t.DailyCapCents > 0 && partial > t.DailyCapCents {
		partial = t.DailyCapCents
	}
	return days*t.DailyCapCents + partial
}
