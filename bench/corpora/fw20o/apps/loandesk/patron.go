package loandesk

import (
	"errors"
	"fmt"
)

var (
	// ErrUnknownPatron is returned for requests naming an unregistered patron.
	ErrUnknownPatron = errors.New("loandesk: unknown patron")
	// ErrBlocked is returned when a patron owes too much to borrow.
	ErrBlocked = errors.New("loandesk: patron blocked by unpaid fines")
	// ErrLoanLimit is returned when a patron already has the maximum number of loans.
	ErrLoanLimit = errors.New("loandesk: loan limit reached")
)

// Patron is a registered library member.
type Patron struct {
	ID         string
	Name       string
	Email      string
	MaxLoans   int
	Active     int
	FinesCents int
}

// PatronStatus is the account summary shown at the desk and on the web.
type PatronStatus struct {
	ID         string
	Name       string
	Active     int
	FinesCents int
	Blocked    bool
}

func (p *Patron) canBorrow(pol Policy) error {
	if pol.BlockAtCents > 0 && p.FinesCents >= pol.BlockAtCents {
		return fmt.Errorf("%w: owes %d cents", ErrBlocked, p.FinesCents)
	}
	if p.Active >= pol.maxLoansFor(p) {
		return ErrLoanLimit
	}
	return nil
}

func (p *Patron) addFine(cents int) {
	p.FinesCents += cents // RACY
}

func (p *Patron) pay(cents int) int {
	if cents > p.FinesCents {
		cents = p.FinesCents
	}
	p.FinesCents -= cents
	return cents
}

func (p *Patron) status(pol Policy) PatronStatus {
	owed := p.FinesCents
	return PatronStatus{
		ID:         p.ID,
		Name:       p.Name,
		Active:     p.Active,
		FinesCents: owed,
		Blocked:    pol.BlockAtCents > 0 && owed >= pol.BlockAtCents,
	}
}
