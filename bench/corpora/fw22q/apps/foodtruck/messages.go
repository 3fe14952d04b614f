package foodtruck

import (
	"time"

	"example.com/corpus/trial-fw22q/internal/money"
)

// PlaceOrder asks the queue to take a new order; it answers with a Receipt or
// an error.
type PlaceOrder struct {
	Customer string
	Lines    []LineRequest
	Tip      money.Cents
}

// Receipt is handed to the customer.
type Receipt struct {
	Ticket   int
	Subtotal money.Cents
	Tax      money.Cents
	Tip      money.Cents
	Total    money.Cents
	Position int
	ETA      time.Duration
}

type placeResult struct {
	receipt Receipt
	err     error
}

// StartCooking moves a ticket onto the grill.
type StartCooking struct{ Ticket int }

// MarkReady puts a ticket in the pickup window.
type MarkReady struct{ Ticket int }

// PickUp hands the food over.
type PickUp struct{ Ticket int }

// Cancel voids a ticket and refunds it.
type Cancel struct {
	Ticket int
	Reason string
}

// PrintXReport prints the running totals without closing the shift.
type PrintXReport struct{}

// CloseShift prints the Z report and starts a new shift.
type CloseShift struct{}

type boardQuery struct{}

type remindPickup struct{ ticket int }

// BoardView is the status board content.
type BoardView struct {
	Queued  []TicketView
	Cooking []TicketView
	Ready   []TicketView
	Served  int
}
