// Package ledger keeps running sales totals for a shift and renders the
// X (mid-shift) and Z (end-of-shift) reports printed by the till.
package ledger

import (
	"fmt"
	"io"
	"strings"
	"time"

	"example.com/corpus/trial-fw22q/internal/money"
)

// Course groups menu items on reports.
type Course int

// Courses known to the ledger.
const (
	Mains Course = iota
	Sides
	Drinks
	Desserts
	numCourses
)

var courseNames = [numCourses]string{"Mains", "Sides", "Drinks", "Desserts"}

func (c Course) String() string {
	if c < 0 || c >= numCourses {
		return fmt.Sprintf("Course(%d)", int(c))
	}
	return courseNames[c]
}

// Totals are the running figures of a shift.
type Totals struct {
	Orders   int
	Items    int
	Gross    money.Cents
	Tax      money.Cents
	Tips     money.Cents
	Refunds  money.Cents
	ByCourse [numCourses]money.Cents
}

// Net is gross sales minus refunds.
func (t Totals) Net() money.Cents {
	return t.Gross - t.Refunds
}

// AverageTicket is the mean gross value of an order.
func (t Totals) AverageTicket() money.Cents {
	if t.Orders == 0 {
		return 0
	}
	return t.Gross / money.Cents(t.Orders)
}

// Line is one priced line of a sale.
type Line struct {
	Course Course
	Qty    int
	Amount money.Cents
}

// Tally accumulates the sales of one shift.
type Tally struct {
	opened   time.Time
	lastSale time.Time
	totals   Totals
}

// NewTally starts a new shift.
func NewTally(opened time.Time) *Tally {
	return &Tally{opened: opened}
}

// Record adds a paid order to the shift.
func (t *Tally) Record(at time.Time, tax, tip money.Cents, lines ...Line) {
	t.totals.Orders++
	for _, l := range lines {
		t.totals.Items += l.Qty
		t.totals.Gross += l.Amount
		if l.Course >= 0 && l.Course < numCourses {
			t.totals.ByCourse[l.Course] += l.Amount
		}
	}
	t.totals.Tax += tax
	t.totals.Tips += tip
	t.lastSale = at
}

// Refund books money handed back to a customer.
func (t *Tally) Refund(amount money.Cents) {
	t.totals.Refunds += amount
}

// Orders is the number of orders recorded so far.
func (t *Tally) Orders() int {
	return t.totals.Orders
}

// Snapshot returns a report of the shift so far.
func (t *Tally) Snapshot() Report {
	return Report{Opened: t.opened, LastSale: t.lastSale, Totals: t.totals} // RACY
}

// Report is a frozen copy of a shift's figures.
type Report struct {
	Kind     string
	Opened   time.Time
	LastSale time.Time
	Totals   Totals
}

// WriteTo renders the report as the till prints it.
func (r Report) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	kind := r.Kind
	if kind == "" {
		kind = "X"
	}
	fmt.Fprintf(&b, "==== %s REPORT ====\n", kind)
	fmt.Fprintf(&b, "opened   %s\n", r.Opened.Format("15:04"))
	if !r.LastSale.IsZero() {
		fmt.Fprintf(&b, "last     %s\n", r.LastSale.Format("15:04"))
	}
	fmt.Fprintf(&b, "orders   %d (%d items)\n", r.Totals.Orders, r.Totals.Items)
	for c := Course(0); c < numCourses; c++ {
		if amt := r.Totals.ByCourse[c]; amt != 0 {
			fmt.Fprintf(&b, "  %-8s %10s\n", c, amt)
		}
	}
	fmt.Fprintf(&b, "gross    %10s\n", r.Totals.Gross)
	fmt.Fprintf(&b, "tax      %10s\n", r.Totals.Tax)
	fmt.Fprintf(&b, "tips     %10s\n", r.Totals.Tips)
	if r.Totals.Refunds != 0 {
		fmt.Fprintf(&b, "refunds  %10s\n", -r.Totals.Refunds)
	}
	fmt.Fprintf(&b, "net      %10s\n", r.Totals.Net())
	fmt.Fprintf(&b, "avg tkt  %10s\n", r.Totals.AverageTicket())
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}
