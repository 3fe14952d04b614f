package auction

import (
	"errors"
	"time"
)

var (
	// ErrDuplicate is returned when registering a lot or bidder twice.
	ErrDuplicate = errors.New("auction: already registered")
	// ErrInvalidLot is returned for lots with nonsensical terms.
	ErrInvalidLot = errors.New("auction: invalid lot terms")
)

// OpenLot puts an item under the hammer.
type OpenLot struct {
	ID        string
	Title     string
	Start     int64
	Reserve   int64
	Increment int64
	Duration  time.Duration
}

// PlaceBid offers an amount on a lot.
type PlaceBid struct {
	LotID    string
	BidderID string
	Amount   int64
}

// BidAccepted answers a successful PlaceBid.
type BidAccepted struct {
	LotID    string
	Amount   int64
	Asking   int64
	ClosesAt time.Time
}

// RegisterBidder signs up a new bidder; the house requests a credit line in
// the background.
type RegisterBidder struct {
	ID   string
	Name string
}

// RefreshCredit asks the bank for an updated credit line.
type RefreshCredit struct {
	BidderID string
}

// PayDeposit holds a deposit that raises the bidder's headroom.
type PayDeposit struct {
	BidderID string
	Cents    int64
}

// LotInfo asks for a lot summary.
type LotInfo struct {
	LotID string
}

// BidderInfo asks for a bidder summary.
type BidderInfo struct {
	BidderID string
}

type closeLot struct {
	lotID string
	gen   int
}
