package loandesk

import (
	"context"
	"time"
)

// Publisher announces availability changes to the public catalogue.
type Publisher interface {
	Publish(ctx context.Context, ev AvailabilityEvent) error
}

// Mailer delivers loan receipts to patrons.
type Mailer interface {
	SendReceipt(ctx context.Context, r Receipt) error
}

// ShelfScanner counts the copies physically present on the shelf.
type ShelfScanner interface {
	Count(ctx context.Context, isbn string) (int, error)
}

// AvailabilityEvent is published whenever a copy comes back to the shelf.
type AvailabilityEvent struct {
	ISBN    string
	Title   string
	OnShelf int
	At      time.Time
}

// Receipt is mailed to a patron after a checkout.
type Receipt struct {
	LoanID string
	Patron string
	Email  string
	Title  string
	Due    time.Time
}

type options struct {
	policy         Policy
	clock          func() time.Time
	books          []Book
	patrons        []Patron
	publisher      Publisher
	publishTimeout time.Duration
	mailer         Mailer
}

// Option configures a Desk.
type Option func(*options)

// WithPolicy replaces the default circulation policy.
func WithPolicy(p Policy) Option {
	return func(o *options) { o.policy = p }
}

// WithClock sets the clock used for due dates and fines.
func WithClock(c func() time.Time) Option {
	return func(o *options) { o.clock = c }
}

// WithBooks stocks the desk with the given titles at start-up.
func WithBooks(b ...Book) Option {
	return func(o *options) { o.books = append(o.books, b...) }
}

// WithPatrons registers the given patrons at start-up.
func WithPatrons(p ...Patron) Option {
	return func(o *options) { o.patrons = append(o.patrons, p...) }
}

// WithPublisher announces returned copies to the public catalogue.
func WithPublisher(p Publisher, timeout time.Duration) Option {
	return func(o *options) {
		o.publisher = p
		o.publishTimeout = timeout
	}
}

// WithMailer sends receipts for checkouts.
func WithMailer(m Mailer) Option {
	return func(o *options) { o.mailer = m }
}

func buildOptions(opts []Option) options {
	o := options{
		policy:         DefaultPolicy(),
		clock:          time.Now,
		publishTimeout: 5 * time.Second,
	}
	for _, fn := range opts {
		fn(&o)
	}
	return o
}
