// Package invoicebatch renders invoices into batched PDF documents, one
// batch per customer, and uploads them with a manifest.
package invoicebatch

import (
	"errors"
	"strconv"
	"strings"
	"time"
)

// Money is an amount in minor currency units (cents).
type Money int64

// String formats m with two decimals, e.g. "-12.05".
func (m Money) String() string {
	sign := ""
	if m < 0 {
		sign, m = "-", -m
	}
	cents := strconv.FormatInt(int64(m%100), 10)
	if len(cents) < 2 {
		cents = "0" + cents
	}
	return sign + strconv.FormatInt(int64(m/100), 10) + "." + cents
}

// ParseMoney parses "12.5", "12.50" or "-3" into minor units.
func ParseMoney(s string) (Money, error) {
	s = strings.TrimSpace(s)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || len(frac) > 2 {
		return 0, errors.New("invoicebatch: bad amount " + strconv.Quote(s))
	}
	for len(frac) < 2 {
		frac += "0"
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, err
	}
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		return 0, err
	}
	m := Money(w*100 + f)
	if neg {
		m = -m
	}
	return m, nil
}

// mulRate multiplies m by rate basis points (1/100 of a percent), rounding
// half away from zero.
func mulRate(m Money, bps int) Money {
	p := int64(m) * int64(bps)
	if p >= 0 {
		return Money((p + 5000) / 10000)
	}
	return Money((p - 5000) / 10000)
}

// Customer is the billed party.
type Customer struct {
	ID      string
	Name    string
	Email   string
	Country string
	VATID   string
}

// LineItem is one billed product or service.
type LineItem struct {
	SKU         string
	Description string
	Quantity    int
	UnitPrice   Money
	TaxRate     int // basis points, 2000 = 20%
	Discount    int // basis points of the line amount
}

// Net is the line amount after discount and before tax.
func (l LineItem) Net() Money {
	gross := l.UnitPrice * Money(l.Quantity)
	return gross - mulRate(gross, l.Discount)
}

// Invoice is one bill.
type Invoice struct {
	Number   string
	Customer Customer
	Currency string
	Issued   time.Time
	Due      time.Time
	Items    []LineItem
	Notes    string
}

// Totals are the computed sums of an invoice.
type Totals struct {
	Net       Money
	Tax       Money
	Gross     Money
	TaxByRate map[int]Money
}

// Totals sums the lines. Tax is computed per rate on the summed net
// amounts, as most VAT regimes require.
func (inv *Invoice) Totals() Totals {
	t := Totals{TaxByRate: make(map[int]Money)}
	netByRate := make(map[int]Money)
	for _, l := range inv.Items {
		n := l.Net()
		t.Net += n
		netByRate[l.TaxRate] += n
	}
	for rate, n := range netByRate {
		tax := mulRate(n, rate)
		t.TaxByRate[rate] = tax
		t.Tax += tax
	}
	t.Gross = t.Net + t.Tax
	return t
}

// FieldError is one validation problem.
type FieldError struct {
	Field string
	Msg   string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Msg }

// Validate reports every problem with the invoice joined into one error.
func (inv *Invoice) Validate() error {
	var errs []error
	add := func(field, msg string) { errs = append(errs, &FieldError{Field: field, Msg: msg}) }
	if inv.Number == "" {
		add("number", "missing")
	}
	if inv.Customer.ID == "" {
		add("customer.id", "missing")
	}
	if len(inv.Currency) != 3 || strings.ToUpper(inv.Currency) != inv.Currency {
		add("currency", "must be a three-letter ISO code")
	}
	if inv.Issued.IsZero() {
		add("issued", "missing")
	}
	if !inv.Due.IsZero() && inv.Due.Before(inv.Issued) {
		add("due", "before issue date")
	}
	if len(inv.Items) == 0 {
		add("items", "no line items")
	}
	for i, l := range inv.Items {
		field := "items[" + strconv.Itoa(i) + "]"
		if l.Quantity <= 0 {
			add(field+".quantity", "must be positive")
		}
		if l.UnitPrice < 0 {
			add(field+".unit_price", "negative")
		}
		if l.TaxRate < 0 || l.TaxRate > 10000 || l.Discount < 0 || l.Discount > 10000 {
			add(field, "rate out of range")
		}
	}
	return errors.Join(errs...)
}
