package billing

import "fmt"

// Status is the state of a payment.
type Status int

// Payment states.
const (
	Pending Status = iota
	Authorized
	Declined
)

func (s Status) String() string {
	switch s {
	case Pending:
		return "pending"
	case Authorized:
		return "authorized"
	case Declined:
		return "declined"
	}
	return fmt.Sprintf("status(%d)", int(s))
}

// Payment is the charge for one parking ticket.
type Payment struct {
	TicketID string
	Amount   int64

	status   Status
	authCode string
}

// NewPayment starts a pending payment.
func NewPayment(ticketID string, amount int64) *Payment {
	p := &Payment{TicketID: ticketID, Amount: amount}
	if amount == 0 {
		p.status = Authorized
		p.authCode = "FREE"
	}
	return p
}

// Status returns the current state of the payment.
func (p *Payment) Status() Status {
	return p.status
}

// AuthCode returns the gateway authorisation code once authorised.
func (p *Payment) AuthCode() string {
	return p.authCode
}

func (p *Payment) settle(code string, err error) {
	st := Authorized
	if err != nil {
		st, code = Declined, ""
	}
	p.status, p.authCode = st, code // RACY
}
