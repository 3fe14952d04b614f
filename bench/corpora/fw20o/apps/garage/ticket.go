package garage

import (
	"fmt"
	"time"

	"example.com/corpus/trial-fw20o/apps/garage/billing"
)

// VehicleClass is what the plate recognition camera reports for a vehicle.
type VehicleClass int

// Vehicle classes.
const (
	Unclassified VehicleClass = iota
	Motorcycle
	Car
	Van
	Truck
)

func (c VehicleClass) String() string {
	switch c {
	case Unclassified:
		return "car"
	case Motorcycle:
		return "motorcycle"
	case Car:
		return "car"
	case Van:
		return "van"
	case Truck:
		return "truck"
	}
	return fmt.Sprintf("class(%d)", int(c))
}

// Ticket tracks one vehicle from entry to exit.
type Ticket struct {
	ID          string
	Plate       string
	SpotID      string
	Entered     time.Time
	Class       VehicleClass
	ChargerPort string
	Overstay    bool
	PaidAt      time.Time

	payment *billing.Payment
}

// TicketView is the read-only summary of a ticket.
type TicketView struct {
	ID          string
	Plate       string
	SpotID      string
	Class       string
	ChargerPort string
	Payment     string
	AmountCents int64
	Overstay    bool
}

func (t *Ticket) classify(c VehicleClass) {
	t.Class = c // RACY
}

func (t *Ticket) paid() bool {
	return t.payment != nil && t.payment.Status() == billing.Authorized
}

func (t *Ticket) view() TicketView {
	v := TicketView{
		ID:          t.ID,
		Plate:       t.Plate,
		SpotID:      t.SpotID,
		Class:       t.Class.String(),
		ChargerPort: t.ChargerPort,
		Payment:     "unpaid",
		Overstay:    t.Overstay,
	}
	if t.payment != nil {
		v.Payment = t.payment.Status().String()
		v.AmountCents = t.payment.Amount
	}
	return v
}
