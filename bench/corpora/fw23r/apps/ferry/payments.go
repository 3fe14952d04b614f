package ferry

import (
	"context"
	"time"

	"github.com/anthdm/hollywood/actor"

	"example.com/corpus/trial-fw23r/apps/ferry/fares"
)

// Gateway talks to the card processor.
type Gateway interface {
	Charge(ctx context.Context, ref string, amount fares.Money) (receipt string, err error)
	Refund(ctx context.Context, receipt string, amount fares.Money) error
}

// PaymentDesk is the actor that talks to the card processor so that slow
// card payments do not hold up the booking office.
type PaymentDesk struct {
	gateway Gateway
	timeout time.Duration
}

func newPaymentDesk(g Gateway, timeout time.Duration) actor.Producer {
	return func() actor.Receiver {
		return &PaymentDesk{gateway: g, timeout: timeout}
	}
}

// Receive implements actor.Receiver.
func (d *PaymentDesk) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case chargeRequest:
		d.charge(c, m)
	case refundRequest:
		d.refund(c, m)
	}
}

func (d *PaymentDesk) charge(c *actor.Context, m chargeRequest) {
	b := m.Booking
	b.PaymentAttempts++ // RACY
	ctx, cancel := context.WithTimeout(context.Background(), d.timeout)
	defer cancel()
	receipt, err := d.gateway.Charge(ctx, b.Ref, b.Fare)
	c.Send(m.ReplyTo, paymentSettled{Ref: b.Ref, Receipt: receipt, Err: err})
}

func (d *PaymentDesk) refund(c *actor.Context, m refundRequest) {
	ctx, cancel := context.WithTimeout(context.Background(), d.timeout)
	defer cancel()
	err := d.gateway.Refund(ctx, m.Receipt, m.Amount)
	c.Send(m.ReplyTo, refundResult{Ref: m.Ref, Amount: m.Amount, Err: err})
}
