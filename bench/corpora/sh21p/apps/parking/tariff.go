package parking

import (
	"errors"
	"fmt"
	"time"
)

// Tariff is the price schedule of a zone.
type Tariff struct {
	CentsPerHour  int64         `json:"cents_per_hour"`
	FreeMinutes   int           `json:"free_minutes"`
	MaxStay       time.Duration `json:"max_stay"`
	DailyCapCents int64         `json:"daily_cap_cents"`
}

// Validate reports an unusable tariff.
func (t Tariff) Validate() error {
	if t.CentsPerHour <= 0 {
		return errors.New("parking: tariff must have a positive hourly rate")
	}
	if t.FreeMinutes < 0 {
		return fmt.Errorf("parking: negative free minutes %d", t.FreeMinutes)
	}
	if t.DailyCapCents < 0 {
		return fmt.Errorf("parking: negative daily cap %d", t.DailyCapCents)
	}
	return nil
}

// Charge returns the price in cents of parking for d, rounded up to the
// next cent and limited by the daily cap.
func (t *Tariff) Charge(d time.Duration) int64 {
	billable := d - time.Duration(t.FreeMinutes)*time.Minute
	if billable <= 0 {
		return 0
	}
	hour := int64(time.Hour)
	cents := (int64(billable)*t.CentsPerHour + hour - 1) / hour
	if t.DailyCapCents > 0 {
		cents = min(cents, t.DailyCapCents)
	}
	return cents
}

// TimeFor is how long amountCents buys.
func (t *Tariff) TimeFor(amountCents int64) time.Duration {
	if t.CentsPerHour <= 0 {
		return 0
	}
	return time.Duration(amountCents*int64(time.Hour)/t.CentsPerHour) + time.Duration(t.FreeMinutes)*time.Minute
}

// ApplySurcharge raises the hourly rate by pct percent, for example on
// match days.
func ApplySurcharge(t *Tariff, pct int) {
	t.CentsPerHour = t.CentsPerHour * int64(100+pct) / 100 // RACY
}
