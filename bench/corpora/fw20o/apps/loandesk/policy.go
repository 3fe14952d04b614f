package loandesk

import "time"

// Policy holds the circulation rules of a branch.
type Policy struct {
	// LoanPeriod is how long a copy may be kept before it becomes overdue.
	LoanPeriod time.Duration
	// MaxRenewals limits how many times a single loan can be extended.
	MaxRenewals int
	// DailyFineCents is charged for every started day a loan is overdue.
	DailyFineCents int
	// NoticeFeeCents is charged when an overdue notice goes out.
	NoticeFeeCents int
	// FineCapCents is the maximum fine charged for a single loan.
	FineCapCents int
	// BlockAtCents blocks borrowing once a patron owes at least this much.
	BlockAtCents int
	// HoldPickup is how long a copy set aside for a hold waits on the shelf.
	HoldPickup time.Duration
	// DefaultMaxLoans applies to patrons registered without an explicit limit.
	DefaultMaxLoans int
}

// DefaultPolicy returns the rules used by most branches.
func DefaultPolicy() Policy {
	return Policy{
		LoanPeriod:      21 * 24 * time.Hour,
		MaxRenewals:     2,
		DailyFineCents:  25,
		NoticeFeeCents:  50,
		FineCapCents:    1000,
		BlockAtCents:    500,
		HoldPickup:      7 * 24 * time.Hour,
		DefaultMaxLoans: 8,
	}
}

func (p Policy) dueFrom(t time.Time) time.Time {
	return t.Add(p.LoanPeriod)
}

// lateFee returns the fine for a loan returned late by the given duration.
func (p Policy) lateFee(late time.Duration) int {
	if late <= 0 {
		return 0
	}
	days := int(late / (24 * time.Hour))
	if late%(24*time.Hour) != 0 {
		days++
	}
	fee := days * p.DailyFineCents
	if p.FineCapCents > 0 && fee > p.FineCapCents {
		fee = p.FineCapCents
	}
	return fee
}

func (p Policy) maxLoansFor(pt *Patron) int {
	if pt.MaxLoans > 0 {
		return pt.MaxLoans
	}
	return p.DefaultMaxLoans
}
