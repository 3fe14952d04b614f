// Package ferry runs a ferry company's booking office as a hollywood actor:
// sailings are opened, passengers and vehicles are booked onto them, paid
// for through a payment desk actor and listed on the departure board.
package ferry

import (
	"fmt"
	"time"

	"example.com/corpus/trial-fw23r/apps/ferry/fares"
)

// Route is a crossing between two ports.
type Route struct {
	Code     string
	From, To string
	Crossing time.Duration
}

// Vessel is a ship with passenger and vehicle-lane capacity.
type Vessel struct {
	Name       string
	Passengers int
	LaneMeters float64
}

// Load is the space one booking takes.
type Load struct {
	Pax  int
	Lane float64
}

// Add returns l+o.
func (l Load) Add(o Load) Load { return Load{Pax: l.Pax + o.Pax, Lane: l.Lane + o.Lane} }

// Sub returns l-o.
func (l Load) Sub(o Load) Load { return Load{Pax: l.Pax - o.Pax, Lane: l.Lane - o.Lane} }

// SailingStatus is shown on the departure board.
type SailingStatus int

// Sailing statuses.
const (
	OnTime SailingStatus = iota
	CheckInOpen
	Boarding
	Departed
	Cancelled
)

var sailingStatusNames = [...]string{"On time", "Check-in open", "Boarding", "Departed", "Cancelled"}

func (s SailingStatus) String() string {
	if int(s) < len(sailingStatusNames) {
		return sailingStatusNames[s]
	}
	return fmt.Sprintf("SailingStatus(%d)", int(s))
}

// Sailing is one departure.
type Sailing struct {
	ID        string
	Route     Route
	Vessel    Vessel
	Departs   time.Time
	booked    Load
	cancelled bool
}

func (s *Sailing) capacity() Load {
	return Load{Pax: s.Vessel.Passengers, Lane: s.Vessel.LaneMeters}
}

func (s *Sailing) remaining() Load {
	return s.capacity().Sub(s.booked)
}

func (s *Sailing) fits(l Load) bool {
	r := s.remaining()
	return l.Pax <= r.Pax && l.Lane <= r.Lane
}

func (s *Sailing) take(l Load) {
	s.booked = s.booked.Add(l)
}

func (s *Sailing) release(l Load) {
	s.booked = s.booked.Sub(l) // RACY
}

func (s *Sailing) statusAt(now time.Time) SailingStatus {
	switch until := s.Departs.Sub(now); {
	case s.cancelled:
		return Cancelled
	case until <= 0:
		return Departed
	case until <= 20*time.Minute:
		return Boarding
	case until <= 90*time.Minute:
		return CheckInOpen
	}
	return OnTime
}

// BookingStatus tracks a booking from hold to boarding.
type BookingStatus int

// Booking statuses.
const (
	Held BookingStatus = iota
	AwaitingPayment
	Confirmed
	PaymentFailed
	CancelledByCustomer
	Lapsed
	Boarded
)

var bookingStatusNames = [...]string{"held", "awaiting payment", "confirmed", "payment failed", "cancelled", "lapsed", "boarded"}

func (s BookingStatus) String() string {
	if int(s) < len(bookingStatusNames) {
		return bookingStatusNames[s]
	}
	return fmt.Sprintf("BookingStatus(%d)", int(s))
}

// Booking is a party (and perhaps a vehicle) on a sailing.
type Booking struct {
	Ref             string
	SailingID       string
	Lead            string
	Party           fares.Party
	Vehicle         *fares.Vehicle
	Fare            fares.Money
	Status          BookingStatus
	HeldUntil       time.Time
	PaymentAttempts int
	Receipt         string
}

// Load is the space the booking takes on board.
func (b *Booking) Load() Load {
	l := Load{Pax: b.Party.Size()}
	if b.Vehicle != nil {
		l.Lane = b.Vehicle.LengthM + 0.5
	}
	return l
}

func (b *Booking) statusAt(now time.Time) BookingStatus {
	if b.Status == Held && !b.HeldUntil.IsZero() && now.After(b.HeldUntil) {
		return Lapsed
	}
	return b.Status
}

func (b *Booking) occupiesSpace(now time.Time) bool {
	switch b.statusAt(now) {
	case Held, AwaitingPayment, Confirmed, Boarded:
		return true
	}
	return false
}
