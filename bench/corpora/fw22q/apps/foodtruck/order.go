package foodtruck

import (
	"fmt"
	"strings"
	"time"

	"example.com/corpus/trial-fw22q/internal/ledger"
	"example.com/corpus/trial-fw22q/internal/money"
)

// Status is where an order is in its life.
type Status int

// Order states.
const (
	Queued Status = iota
	Cooking
	Ready
	PickedUp
	Cancelled
)

func (s Status) String() string {
	switch s {
	case Queued:
		return "queued"
	case Cooking:
		return "cooking"
	case Ready:
		return "ready"
	case PickedUp:
		return "picked up"
	case Cancelled:
		return "cancelled"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// LineItem is one priced line of an order.
type LineItem struct {
	Item  MenuItem
	Qty   int
	Notes string
}

// Total is the line's price.
func (l LineItem) Total() money.Cents {
	return l.Item.Price.Times(l.Qty)
}

// Order is a ticket on the rail.
type Order struct {
	Ticket    int
	Customer  string
	Lines     []LineItem
	Tip       money.Cents
	Status    Status
	PlacedAt  time.Time
	StartedAt time.Time
	ReadyAt   time.Time
	Late      bool
	Comped    money.Cents
	Reminders int
}

// Subtotal is the sum of the lines before tax.
func (o *Order) Subtotal() money.Cents {
	var sum money.Cents
	for _, l := range o.Lines {
		sum += l.Total()
	}
	return sum
}

// Tax computes sales tax at the given rate in basis points.
func (o *Order) Tax(bps int) money.Cents {
	return o.Subtotal().Percent(bps)
}

// PrepEstimate is how long the kitchen needs with the given number of
// stations: items of one line are spread over the stations, lines are cooked
// in parallel and the slowest line decides.
func (o *Order) PrepEstimate(stations int) time.Duration {
	if stations < 1 {
		stations = 1
	}
	var longest time.Duration
	for _, l := range o.Lines {
		rounds := (l.Qty + stations - 1) / stations
		if d := l.Item.Prep * time.Duration(rounds); d > longest {
			longest = d
		}
	}
	return longest
}

func (o *Order) ledgerLines() []ledger.Line {
	out := make([]ledger.Line, 0, len(o.Lines))
	for _, l := range o.Lines {
		out = append(out, ledger.Line{Course: l.Item.Course, Qty: l.Qty, Amount: l.Total()})
	}
	return out
}

func (o *Order) describe() string {
	parts := make([]string, 0, len(o.Lines))
	for _, l := range o.Lines {
		s := fmt.Sprintf("%dx %s", l.Qty, l.Item.Name)
		if l.Notes != "" {
			s += " (" + l.Notes + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

func (o *Order) stillCooking() bool {
	return o.Status == Cooking
}

func (o *Order) markLate() {
	o.Late = true // RACY
}

// TicketView is what the status board shows for one order.
type TicketView struct {
	Ticket   int
	Customer string
	Status   Status
	Late     bool
	Wait     time.Duration
	Summary  string
}

func (o *Order) view(now time.Time) TicketView {
	v := TicketView{
		Ticket:   o.Ticket,
		Customer: o.Customer,
		Status:   o.Status,
		Late:     o.Late,
		Summary:  o.describe(),
	}
	if o.ReadyAt.IsZero() {
		v.Wait = now.Sub(o.PlacedAt)
	} else {
		v.Wait = o.ReadyAt.Sub(o.PlacedAt)
	}
	return v
}
