package loandesk

import "time"

// Loan records a copy lent to a patron.
type Loan struct {
	ID          string
	ISBN        string
	PatronID    string
	Issued      time.Time
	Due         time.Time
	Renewals    int
	ReceiptSent bool
}

// ReturnResult describes a completed return.
type ReturnResult struct {
	LoanID     string
	FineCents  int
	SetAsideTo string
}

// Discrepancy is a title whose shelf count does not match the records.
type Discrepancy struct {
	ISBN     string
	Expected int
	Counted  int
	Err      error
}

type checkoutRequest struct {
	patronID string
	isbn     string
}

type returnRequest struct {
	loanID string
}

type renewRequest struct {
	loanID string
}

type holdRequest struct {
	patronID string
	isbn     string
}

type paymentRequest struct {
	patronID string
	cents    int
}

type patronQuery struct {
	patronID string
}

type availabilityQuery struct {
	isbn string
}

type loanQuery struct {
	loanID string
}

type statsQuery struct{}

type auditRequest struct {
	scanner ShelfScanner
}

type addBookRequest struct {
	book Book
}

type registerRequest struct {
	patron Patron
}

type receiptDelivered struct {
	loanID string
	err    error
}

type holdExpired struct {
	isbn     string
	patronID string
}
