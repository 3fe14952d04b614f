// Package money provides a small fixed-point currency type used by the
// point-of-sale style apps in this module.
package money

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Cents is an amount of money expressed in hundredths of the currency unit.
type Cents int64

// FromDollars converts a floating point amount to Cents, rounding half away
// from zero.
func FromDollars(d float64) Cents {
	return Cents(math.Round(d * 100))
}

// Parse reads amounts such as "12.50", "$3", "-0.99" and "4.5".
func Parse(s string) (Cents, error) {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "$")
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" {
		whole = "0"
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("money: parse %q: %w", s, err)
	}
	var f int64
	switch len(frac) {
	case 0:
	case 1:
		f, err = strconv.ParseInt(frac, 10, 64)
		f *= 10
	case 2:
		f, err = strconv.ParseInt(frac, 10, 64)
	default:
		return 0, fmt.Errorf("money: parse %q: too many decimal places", s)
	}
	if err != nil {
		return 0, fmt.Errorf("money: parse %q: %w", s, err)
	}
	c := Cents(w*100 + f)
	if neg {
		c = -c
	}
	return c, nil
}

// String formats the amount as "$12.34" or "-$0.50".
func (c Cents) String() string {
	sign := ""
	if c < 0 {
		sign = "-"
		c = -c
	}
	return fmt.Sprintf("%s$%d.%02d", sign, int64(c)/100, int64(c)%100)
}

// Times multiplies the amount by a quantity.
func (c Cents) Times(qty int) Cents {
	return c * Cents(qty)
}

// Percent returns the given share of c expressed in basis points
// (1/100th of a percent), rounded half up.
func (c Cents) Percent(bps int) Cents {
	v := int64(c) * int64(bps)
	q, r := v/10000, v%10000
	if r*2 >= 10000 {
		q++
	} else if r*2 <= -10000 {
		q--
	}
	return Cents(q)
}

// Sum adds up a list of amounts.
func Sum(cs ...Cents) Cents {
	var total Cents
	for _, c := range cs {
		total += c
	}
	return total
}

// Split divides c into n parts that differ by at most one cent, the larger
// parts first.
func (c Cents) Split(n int) []Cents {
	if n <= 0 {
		return nil
	}
	base, rem := c/Cents(n), int(c%Cents(n))
	parts := make([]Cents, n)
	for i := range parts {
		parts[i] = base
		if i < rem {
			parts[i]++
		}
	}
	return parts
}
