package billing

import (
	"context"
	"time"

	"github.com/anthdm/hollywood/actor"
)

// Gateway authorises card payments.
type Gateway interface {
	Authorize(ctx context.Context, reference string, cents int64) (string, error)
}

// Quote asks for the price of a stay.
type Quote struct {
	TicketID string
	Class    string
	Entered  time.Time
	At       time.Time
	ReplyTo  *actor.PID
}

// Quoted answers a Quote.
type Quoted struct {
	TicketID string
	Cents    int64
}

// Charge asks the agent to settle a payment with the gateway.
type Charge struct {
	Payment *Payment
	ReplyTo *actor.PID
}

// Settled reports the outcome of a Charge.
type Settled struct {
	TicketID string
	Approved bool
}

// Agent is the billing actor shared by the pay stations of a garage.
type Agent struct {
	tariff  Tariff
	gateway Gateway
	timeout time.Duration

	quoted  int
	charged int
}

// NewAgent returns a producer for a billing agent.
func NewAgent(t Tariff, g Gateway, timeout time.Duration) actor.Producer {
	return func() actor.Receiver {
		return &Agent{tariff: t, gateway: g, timeout: timeout}
	}
}

// Receive handles billing messages.
func (a *Agent) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case Quote:
		a.quoted++
		cents := a.tariff.Fee(m.Class, m.At.Sub(m.Entered))
		c.Send(m.ReplyTo, Quoted{TicketID: m.TicketID, Cents: cents})
	case Charge:
		a.charge(c, m)
	}
}

func (a *Agent) charge(c *actor.Context, m Charge) {
	a.charged++
	p := m.Payment
	ctx, cancel := context.WithTimeout(context.Background(), a.timeout)
	defer cancel()
	code, err := a.gateway.Authorize(ctx, p.TicketID, p.Amount)
	p.settle(code, err)
	c.Send(m.ReplyTo, Settled{TicketID: p.TicketID, Approved: err == nil})
}
