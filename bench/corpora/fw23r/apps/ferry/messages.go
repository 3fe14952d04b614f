package ferry

import (
	"time"

	"github.com/anthdm/hollywood/actor"

	"example.com/corpus/trial-fw23r/apps/ferry/fares"
)

// OpenSailing adds a departure to the timetable. The reply is the sailing ID.
type OpenSailing struct {
	Route   Route
	Vessel  Vessel
	Departs time.Time
}

// QuoteRequest asks for a price and whether there is space.
type QuoteRequest struct {
	SailingID string
	Party     fares.Party
	Vehicle   *fares.Vehicle
}

// Quote answers a QuoteRequest.
type Quote struct {
	SailingID string
	Fare      fares.Money
	Available bool
}

// PayMode says how the customer pays.
type PayMode int

// Payment modes.
const (
	PayNow PayMode = iota
	PayAtTerminal
)

// BookRequest books a party onto a sailing.
type BookRequest struct {
	SailingID string
	Lead      string
	Party     fares.Party
	Vehicle   *fares.Vehicle
	Pay       PayMode
}

// BookReply answers a BookRequest.
type BookReply struct {
	Ref    string
	Fare   fares.Money
	Status BookingStatus
	Err    error
}

// CancelBooking cancels and refunds a booking.
type CancelBooking struct {
	Ref string
}

// ManifestRequest asks for the passenger manifest of a sailing.
type ManifestRequest struct {
	SailingID string
}

// ManifestLine is one booking on the manifest.
type ManifestLine struct {
	Ref      string
	Lead     string
	Pax      int
	Vehicle  string
	Status   BookingStatus
	Attempts int
}

// Manifest answers a ManifestRequest.
type Manifest struct {
	SailingID string
	Lines     []ManifestLine
	Err       error
}

// DeparturesRequest asks for the departure board.
type DeparturesRequest struct{}

// LedgerRequest asks for money taken and refunded.
type LedgerRequest struct{}

// Ledger answers a LedgerRequest.
type Ledger struct {
	Taken    fares.Money
	Refunded fares.Money
}

type boardTick struct{}

type chargeRequest struct {
	Booking *Booking
	ReplyTo *actor.PID
}

type paymentSettled struct {
	Ref     string
	Receipt string
	Err     error
}

type refundRequest struct {
	Ref     string
	Receipt string
	Amount  fares.Money
	ReplyTo *actor.PID
}

type refundResult struct {
	Ref    string
	Amount fares.Money
	Err    error
}
