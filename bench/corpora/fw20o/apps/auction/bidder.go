package auction

import (
	"errors"
	"fmt"
)

var (
	// ErrUnknownBidder is returned for bidders who never registered.
	ErrUnknownBidder = errors.New("auction: unknown bidder")
	// ErrOverLimit is returned when a bid would exceed the bidder's credit.
	ErrOverLimit = errors.New("auction: bid exceeds credit limit")
)

// Bidder is a registered buyer.
type Bidder struct {
	ID          string
	Name        string
	CreditLimit int64
	Deposit     int64
	Committed   int64
}

// BidderView is the read-only summary of a bidder.
type BidderView struct {
	ID          string
	Name        string
	CreditLimit int64
	Deposit     int64
	Committed   int64
}

func (b *Bidder) grantCredit(limit int64) {
	b.CreditLimit = limit // RACY
}

func (b *Bidder) headroom() int64 {
	return b.CreditLimit + b.Deposit - b.Committed
}

func (b *Bidder) canCover(extra int64) error {
	if extra > b.headroom() {
		return fmt.Errorf("%w: %d available", ErrOverLimit, b.headroom())
	}
	return nil
}

func (b *Bidder) view() BidderView {
	return BidderView{
		ID:          b.ID,
		Name:        b.Name,
		CreditLimit: b.CreditLimit,
		Deposit:     b.Deposit,
		Committed:   b.Committed,
	}
}
