package vending

import (
	"errors"
	"strings"

	"github.com/asynkron/protoactor-go/actor"
)

// Charge asks the payments actor to authorize an amount.
type Charge struct {
	Machine string
	Method  string
	Account string
	Amount  int
}

// ChargeResult answers a Charge.
type ChargeResult struct {
	Approved bool
	Reason   string
}

// Acquirer authorizes card and wallet payments.
type Acquirer interface {
	Authorize(account string, cents int) (bool, error)
}

// ErrInvalidAccount is returned for malformed card numbers or tokens.
var ErrInvalidAccount = errors.New("payments: invalid account")

// Payments is the actor in front of the acquirer.
type Payments struct {
	acquirer Acquirer
	approved int
	declined int
}

// NewPayments returns the payments actor.
func NewPayments(a Acquirer) *Payments { return &Payments{acquirer: a} }

// Receive implements actor.Actor.
func (p *Payments) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case Charge:
		res := p.charge(m)
		if res.Approved {
			p.approved++
		} else {
			p.declined++
		}
		ctx.Respond(res)
	}
}

func (p *Payments) charge(c Charge) ChargeResult {
	if c.Amount <= 0 {
		return ChargeResult{Reason: "invalid amount"}
	}
	account := strings.ReplaceAll(c.Account, " ", "")
	if len(account) < 4 {
		return ChargeResult{Reason: ErrInvalidAccount.Error()}
	}
	ok, err := p.acquirer.Authorize(account, c.Amount)
	if err != nil {
		return ChargeResult{Reason: err.Error()}
	}
	if !ok {
		return ChargeResult{Reason: "declined"}
	}
	return ChargeResult{Approved: true}
}

func last4(account string) string {
	account = strings.ReplaceAll(account, " ", "")
	if len(account) <= 4 {
		return account
	}
	return "…" + account[len(account)-4:]
}
