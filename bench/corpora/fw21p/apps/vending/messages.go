// Package vending runs a fleet of vending machines as protoactor actors.
// Each machine owns its slots, cash box and sales; a fleet actor collects
// telemetry and plans restocking routes; a payments actor talks to the card
// acquirer.
package vending

import (
	"time"

	"example.com/corpus/trial-fw21p/internal/inventory"
)

// Status is the operating state of a machine.
type Status int

// Machine states.
const (
	Online Status = iota
	Maintenance
)

func (s Status) String() string {
	if s == Maintenance {
		return "maintenance"
	}
	return "online"
}

// Requests accepted by a machine.
type (
	// InsertCoin adds cash credit.
	InsertCoin struct{ Cents int }
	// SelectItem buys an item with the inserted credit.
	SelectItem struct{ Code string }
	// CardVend buys an item with a payment card.
	CardVend struct {
		Code string
		Card string
	}
	// MobileVend buys an item with a wallet token from the mobile app.
	MobileVend struct {
		Code  string
		Token string
	}
	// ReportJam takes the machine offline for service.
	ReportJam struct{ Code string }
	// Restock refills all slots.
	Restock struct{}
	// StatusRequest asks for a MachineStatus.
	StatusRequest struct{}
)

// VendResult answers a purchase request.
type VendResult struct {
	Code    string
	OK      bool
	Pending bool
	Change  int
	Reason  string
}

// Sale is a completed purchase.
type Sale struct {
	Machine string
	Code    string
	Price   int
	Method  string
	At      time.Time
}

// MachineStatus is a snapshot of a machine.
type MachineStatus struct {
	ID      string
	Status  Status
	Credit  int
	Cash    int
	Card    int
	Mobile  int
	Sales   int
	Slots   []inventory.Slot
	Refills int
}

// Telemetry is what a machine reports to the fleet.
type Telemetry struct {
	Machine string
	Status  Status
	Cash    int
	Slots   map[string]*inventory.Slot
}

// Receipt is printed after a card payment.
type Receipt struct {
	Machine string
	Product string
	Amount  int
	Card    string
}

// ReceiptPrinter drives the machine's receipt printer.
type ReceiptPrinter interface {
	Print(Receipt) error
}

// StatusNotifier informs the operator backend about status changes.
type StatusNotifier interface {
	StatusChanged(machine string, s Status)
}

type (
	telemetryRequest   struct{}
	restockDue         struct{}
	releaseReservation struct{ Code string }
)
