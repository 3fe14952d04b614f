package auction

import (
	"context"
	"fmt"
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// CreditBureau rates the creditworthiness of new bidders.
type CreditBureau interface {
	Limit(ctx context.Context, bidderID string) (int64, error)
}

// PaymentProvider takes deposits from bidders.
type PaymentProvider interface {
	Hold(ctx context.Context, bidderID string, cents int64) (string, error)
}

// CreditCheck asks the bank for a bidder's credit line.
type CreditCheck struct {
	BidderID string
}

// CreditLine answers CreditCheck.
type CreditLine struct {
	BidderID string
	Limit    int64
	Err      error
}

// HoldDeposit asks the bank to hold a deposit on the bidder's card.
type HoldDeposit struct {
	BidderID string
	Cents    int64
}

// DepositHeld answers HoldDeposit.
type DepositHeld struct {
	BidderID  string
	Cents     int64
	Reference string
	Err       error
}

// Bank is the actor that fronts the credit bureau and the payment provider.
type Bank struct {
	bureau   CreditBureau
	payments PaymentProvider
	timeout  time.Duration
	checks   int
}

// Receive handles bank requests.
func (b *Bank) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case CreditCheck:
		b.checks++
		c, cancel := context.WithTimeout(context.Background(), b.timeout)
		defer cancel()
		if b.bureau == nil {
			ctx.Respond(CreditLine{BidderID: m.BidderID, Err: fmt.Errorf("auction: no credit bureau configured")})
			return
		}
		limit, err := b.bureau.Limit(c, m.BidderID)
		ctx.Respond(CreditLine{BidderID: m.BidderID, Limit: limit, Err: err})
	case HoldDeposit:
		c, cancel := context.WithTimeout(context.Background(), b.timeout)
		defer cancel()
		if b.payments == nil {
			ctx.Respond(DepositHeld{BidderID: m.BidderID, Err: fmt.Errorf("auction: no payment provider configured")})
			return
		}
		ref, err := b.payments.Hold(c, m.BidderID, m.Cents)
		ctx.Respond(DepositHeld{BidderID: m.BidderID, Cents: m.Cents, Reference: ref, Err: err})
	}
}
