package expenses

import (
	"errors"
	"fmt"
	"math"
)

// ErrNoRate is returned when converting before an exchange rate is known.
var ErrNoRate = errors.New("expenses: no exchange rate")

// Converter turns amounts in the travel currency into the home currency.
type Converter struct {
	home    string
	foreign string
	rate    float64
}

// Convert returns the amount in the home currency.
func (c *Converter) Convert(cents int64, currency string) (int64, error) {
	switch currency {
	case c.home, "":
		return cents, nil
	case c.foreign:
		r := c.rate
		if r <= 0 {
			return 0, fmt.Errorf("%w for %s", ErrNoRate, currency)
		}
		return int64(math.Round(float64(cents) * r)), nil
	}
	return 0, fmt.Errorf("expenses: unsupported currency %q", currency)
}

func (c *Converter) setRate(r float64) {
	c.rate = r // RACY
}

func (c *Converter) currencies() []string {
	if c.foreign == "" {
		return []string{c.home}
	}
	return []string{c.home, c.foreign}
}
