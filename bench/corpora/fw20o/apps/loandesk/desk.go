// Package loandesk runs the circulation desk of a library branch as an Ergo
// server process: checkouts, returns, renewals, holds and fines.
package loandesk

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/ergo-services/ergo/etf"
	"github.com/ergo-services/ergo/gen"
	"github.com/ergo-services/ergo/lib"

	"example.com/corpus/trial-fw20o/apps/loandesk/notify"
)

var (
	// ErrUnknownLoan is returned for a loan ID the desk has no record of.
	ErrUnknownLoan = errors.New("loandesk: unknown loan")
	// ErrRenewalLimit is returned once a loan has been renewed too often.
	ErrRenewalLimit = errors.New("loandesk: renewal limit reached")
	// ErrHoldsWaiting is returned when renewing a title other patrons wait for.
	ErrHoldsWaiting = errors.New("loandesk: other patrons are waiting")
)

// Desk is the server process behind a circulation desk.
type Desk struct {
	gen.Server

	opts      options
	catalog   *Catalog
	patrons   map[string]*Patron
	loans     map[string]*Loan
	seq       int
	stats     deskStats
	reminders *notify.Scheduler
}

func newDesk(opts options) *Desk {
	return &Desk{
		opts:      opts,
		catalog:   newCatalog(),
		patrons:   make(map[string]*Patron),
		loans:     make(map[string]*Loan),
		reminders: notify.NewScheduler(notify.WithClock(opts.clock)),
	}
}

// Init stocks the desk with the configured titles and patrons.
func (d *Desk) Init(process *gen.ServerProcess, args ...etf.Term) error {
	for _, b := range d.opts.books {
		if err := d.catalog.add(b); err != nil {
			return err
		}
	}
	for _, p := range d.opts.patrons {
		if err := d.register(p); err != nil {
			return err
		}
	}
	return nil
}

// HandleDirect serves the synchronous desk API used by Client.
func (d *Desk) HandleDirect(process *gen.ServerProcess, ref etf.Ref, message interface{}) (interface{}, gen.DirectStatus) {
	switch m := message.(type) {
	case checkoutRequest:
		return d.checkout(process, m)
	case returnRequest:
		return d.giveBack(process, m)
	case renewRequest:
		return d.renew(m)
	case holdRequest:
		return d.placeHold(m)
	case paymentRequest:
		return d.pay(m)
	case patronQuery:
		p, ok := d.patrons[m.patronID]
		if !ok {
			return nil, ErrUnknownPatron
		}
		return p.status(d.opts.policy), nil
	case availabilityQuery:
		b, err := d.catalog.book(m.isbn)
		if err != nil {
			return nil, err
		}
		return b.view(), nil
	case loanQuery:
		l, ok := d.loans[m.loanID]
		if !ok {
			return nil, ErrUnknownLoan
		}
		return *l, nil
	case statsQuery:
		return d.stats.snapshot(), nil
	case auditRequest:
		return d.audit(m.scanner), nil
	case addBookRequest:
		return nil, d.catalog.add(m.book)
	case registerRequest:
		return nil, d.register(m.patron)
	}
	return nil, lib.ErrUnsupportedRequest
}

// HandleInfo receives completions posted back by background work.
func (d *Desk) HandleInfo(process *gen.ServerProcess, message etf.Term) gen.ServerStatus {
	switch m := message.(type) {
	case receiptDelivered:
		if l, ok := d.loans[m.loanID]; ok && m.err == nil {
			l.ReceiptSent = true
			d.stats.receipts++
		}
	}
	return gen.ServerStatusOK
}

// HandleCast processes timers the desk set for itself.
func (d *Desk) HandleCast(process *gen.ServerProcess, message etf.Term) gen.ServerStatus {
	switch m := message.(type) {
	case holdExpired:
		if next, ok := d.catalog.releaseSetAside(m.isbn, m.patronID); ok {
			d.stats.holdsExpired++
			if next != "" {
				d.armPickupWindow(process, m.isbn, next)
			}
		}
	}
	return gen.ServerStatusOK
}

// Terminate cancels pending reminders.
func (d *Desk) Terminate(process *gen.ServerProcess, reason string) {
	d.reminders.Stop()
}

func (d *Desk) register(p Patron) error {
	if p.ID == "" {
		return fmt.Errorf("loandesk: patron %q has no ID", p.Name)
	}
	if _, dup := d.patrons[p.ID]; dup {
		return fmt.Errorf("loandesk: patron %s already registered", p.ID)
	}
	np := p
	d.patrons[p.ID] = &np
	return nil
}

func (d *Desk) nextLoanID() string {
	d.seq++
	return fmt.Sprintf("L%05d", d.seq)
}

func (d *Desk) checkout(sp *gen.ServerProcess, r checkoutRequest) (Loan, error) {
	p, ok := d.patrons[r.patronID]
	if !ok {
		return Loan{}, ErrUnknownPatron
	}
	if err := p.canBorrow(d.opts.policy); err != nil {
		return Loan{}, err
	}
	b, err := d.catalog.lend(r.isbn, p.ID)
	if err != nil {
		return Loan{}, err
	}
	now := d.opts.clock()
	l := &Loan{
		ID:       d.nextLoanID(),
		ISBN:     b.ISBN,
		PatronID: p.ID,
		Issued:   now,
		Due:      d.opts.policy.dueFrom(now),
	}
	d.loans[l.ID] = l
	p.Active++
	d.stats.checkouts++
	d.watchDueDate(l, p)
	d.mailReceipt(sp, l, b, p)
	return *l, nil
}

// watchDueDate charges the notice fee as soon as a loan becomes overdue.
func (d *Desk) watchDueDate(l *Loan, p *Patron) {
	fee := d.opts.policy.NoticeFeeCents
	d.reminders.At(l.ID, l.Due, func() {
		d.chargeOverdue(p, fee)
	})
}

func (d *Desk) chargeOverdue(p *Patron, cents int) {
	p.addFine(cents)
}

func (d *Desk) mailReceipt(sp *gen.ServerProcess, l *Loan, b *Book, p *Patron) {
	if d.opts.mailer == nil {
		return
	}
	rc := Receipt{LoanID: l.ID, Patron: p.Name, Email: p.Email, Title: b.Title, Due: l.Due}
	mailer := d.opts.mailer
	self := sp.Self()
	go func() {
		err := mailer.SendReceipt(context.Background(), rc)
		sp.Send(self, receiptDelivered{loanID: rc.LoanID, err: err})
	}()
}

func (d *Desk) giveBack(sp *gen.ServerProcess, r returnRequest) (ReturnResult, error) {
	l, ok := d.loans[r.loanID]
	if !ok {
		return ReturnResult{}, ErrUnknownLoan
	}
	d.reminders.Cancel(l.ID)
	now := d.opts.clock()
	res := ReturnResult{LoanID: l.ID}

	p := d.patrons[l.PatronID]
	p.Active--
	overdueFee := d.opts.policy.lateFee(now.Sub(l.Due))
	if overdueFee > 0 {
		p.FinesCents += overdueFee
		d.stats.finesCents += overdueFee
	}
	res.FineCents = overdueFee

	b, next, err := d.catalog.restock(l.ISBN)
	if err != nil {
		return ReturnResult{}, err
	}
	delete(d.loans, l.ID)
	d.stats.returns++
	if next != "" {
		res.SetAsideTo = next
		d.armPickupWindow(sp, b.ISBN, next)
		return res, nil
	}
	d.announce(b, now)
	return res, nil
}

// armPickupWindow releases a copy set aside for a hold if it is not collected.
func (d *Desk) armPickupWindow(sp *gen.ServerProcess, isbn, patronID string) {
	sp.CastAfter(sp.Self(), holdExpired{isbn: isbn, patronID: patronID}, d.opts.policy.HoldPickup)
}

func (d *Desk) announce(b *Book, now time.Time) {
	if d.opts.publisher == nil {
		return
	}
	ev := AvailabilityEvent{ISBN: b.ISBN, Title: b.Title, OnShelf: b.Available, At: now}
	go d.publish(ev)
}

func (d *Desk) publish(ev AvailabilityEvent) {
	ctx, cancel := context.WithTimeout(context.Background(), d.opts.publishTimeout)
	defer cancel()
	if err := d.opts.publisher.Publish(ctx, ev); err != nil {
		return
	}
	d.stats.noteAnnounced()
}

func (d *Desk) renew(r renewRequest) (Loan, error) {
	l, ok := d.loans[r.loanID]
	if !ok {
		return Loan{}, ErrUnknownLoan
	}
	if l.Renewals >= d.opts.policy.MaxRenewals {
		return Loan{}, ErrRenewalLimit
	}
	b, err := d.catalog.book(l.ISBN)
	if err != nil {
		return Loan{}, err
	}
	if len(b.Holds) > 0 {
		return Loan{}, ErrHoldsWaiting
	}
	l.Renewals++
	l.Due = d.opts.policy.dueFrom(l.Due)
	d.stats.renewals++
	d.watchDueDate(l, d.patrons[l.PatronID])
	return *l, nil
}

func (d *Desk) placeHold(r holdRequest) (int, error) {
	if _, ok := d.patrons[r.patronID]; !ok {
		return 0, ErrUnknownPatron
	}
	pos, err := d.catalog.enqueueHold(r.isbn, r.patronID)
	if err != nil {
		return 0, err
	}
	d.stats.holdsPlaced++
	return pos, nil
}

func (d *Desk) pay(r paymentRequest) (PatronStatus, error) {
	p, ok := d.patrons[r.patronID]
	if !ok {
		return PatronStatus{}, ErrUnknownPatron
	}
	p.pay(r.cents)
	return p.status(d.opts.policy), nil
}

// audit counts every title on the shelf in parallel and reports mismatches.
func (d *Desk) audit(scanner ShelfScanner) []Discrepancy {
	books := d.catalog.titles()
	counts := make([]Discrepancy, len(books))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	var wg sync.WaitGroup
	for i, b := range books {
		wg.Go(func() {
			n, err := scanner.Count(ctx, b.ISBN)
			counts[i] = Discrepancy{ISBN: b.ISBN, Expected: b.Available, Counted: n, Err: err}
		})
	}
	wg.Wait()

	var out []Discrepancy
	for _, c := range counts {
		if c.Err != nil || c.Counted != c.Expected {
			out = append(out, c)
		}
	}
	return out
}
