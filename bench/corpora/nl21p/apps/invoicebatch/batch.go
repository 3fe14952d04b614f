package invoicebatch

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"example.com/corpus/trial-nl21p/internal/fanout"
)

// ErrNothingToDo is returned by Run when there are no invoices.
var ErrNothingToDo = errors.New("invoicebatch: no invoices")

// Options configures a Batcher.
type Options struct {
	MaxPerBatch  int
	Workers      int
	KeyPrefix    string
	LinesPerPage int
	Backoff      fanout.Backoff
	Audit        bool
	Now          func() time.Time
}

// Option adjusts Options.
type Option func(*Options)

// WithMaxPerBatch limits how many invoices go into one document.
func WithMaxPerBatch(n int) Option { return func(o *Options) { o.MaxPerBatch = n } }

// WithWorkers sets the number of batches processed at once.
func WithWorkers(n int) Option { return func(o *Options) { o.Workers = n } }

// WithKeyPrefix sets the prefix of stored object keys.
func WithKeyPrefix(p string) Option { return func(o *Options) { o.KeyPrefix = p } }

// WithBackoff sets the retry policy for store writes.
func WithBackoff(b fanout.Backoff) Option { return func(o *Options) { o.Backoff = b } }

// WithAudit adds bookkeeping warnings to the manifest.
func WithAudit() Option { return func(o *Options) { o.Audit = true } }

// WithClock replaces time.Now.
func WithClock(now func() time.Time) Option { return func(o *Options) { o.Now = now } }

// Batch is a group of invoices rendered into one document.
type Batch struct {
	ID         string
	CustomerID string
	Invoices   []*Invoice
}

// Plan groups invoices by customer, orders each group by issue date and
// number, and splits groups into batches of at most maxPer invoices.
func Plan(invoices []Invoice, maxPer int) []Batch {
	if maxPer <= 0 {
		maxPer = 50
	}
	byCustomer := make(map[string][]*Invoice)
	for i := range invoices {
		inv := &invoices[i]
		byCustomer[inv.Customer.ID] = append(byCustomer[inv.Customer.ID], inv)
	}
	ids := make([]string, 0, len(byCustomer))
	for id := range byCustomer {
		ids = append(ids, id)
	}
	slices.Sort(ids)

	var batches []Batch
	for _, id := range ids {
		group := byCustomer[id]
		slices.SortStableFunc(group, func(a, b *Invoice) int {
			return cmp.Or(a.Issued.Compare(b.Issued), cmp.Compare(a.Number, b.Number))
		})
		name := id
		if name == "" {
			name = "unassigned"
		}
		for n, start := 1, 0; start < len(group); n, start = n+1, start+maxPer {
			batches = append(batches, Batch{
				ID:         name + "-" + pad3(n),
				CustomerID: id,
				Invoices:   group[start:min(start+maxPer, len(group))],
			})
		}
	}
	return batches
}

func pad3(n int) string {
	s := strconv.Itoa(n)
	for len(s) < 3 {
		s = "0" + s
	}
	return s
}

// Progress tracks batches while Run is uploading them.
type Progress struct {
	mu       sync.Mutex
	inFlight map[string]time.Time

	done    atomic.Int64
	failed  atomic.Int64
	retries int
}

func (p *Progress) begin(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.inFlight == nil {
		p.inFlight = make(map[string]time.Time)
	}
	p.inFlight[id] = time.Now()
}

func (p *Progress) finish(id string, err error) {
	p.mu.Lock()
	delete(p.inFlight, id)
	p.mu.Unlock()
	if err != nil {
		p.failed.Add(1)
		return
	}
	p.done.Add(1)
}

func (p *Progress) noteRetries(n int) {
	if n > 0 {
		p.retries += n // RACY
	}
}

// InFlight lists the batches currently being uploaded.
func (p *Progress) InFlight() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	ids := make([]string, 0, len(p.inFlight))
	for id := range p.inFlight {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// Done reports how many batches were stored.
func (p *Progress) Done() int { return int(p.done.Load()) }

// Failed reports how many batches could not be stored.
func (p *Progress) Failed() int { return int(p.failed.Load()) }

// Retries reports how many extra store attempts were needed.
func (p *Progress) Retries() int { return p.retries }

// Batcher renders and stores invoice batches.
type Batcher struct {
	opts     Options
	store    Store
	progress Progress
	rejected []Rejection
	warnings []string
	previews int
}

// New returns a batcher that writes to store.
func New(store Store, opts ...Option) *Batcher {
	o := Options{MaxPerBatch: 50, KeyPrefix: "invoices/", Backoff: fanout.Backoff{Attempts: 3, Initial: 200 * time.Millisecond, Max: 2 * time.Second}}
	for _, fn := range opts {
		fn(&o)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Batcher{opts: o, store: store}
}

// Progress exposes upload progress.
func (b *Batcher) Progress() *Progress { return &b.progress }

// Run renders every invoice, stores one document per batch and returns
// the manifest describing them. Invalid invoices are left out and listed
// in the manifest.
func (b *Batcher) Run(ctx context.Context, invoices []Invoice) (*Manifest, error) {
	if len(invoices) == 0 {
		return nil, ErrNothingToDo
	}
	if b.opts.Audit {
		go b.audit(invoices)
	}
	batches := Plan(invoices, b.opts.MaxPerBatch)
	b.rejected = make([]Rejection, 0, len(invoices))
	entries := make([]Entry, len(batches))
	wait := fanout.Spans(len(batches), b.opts.Workers, func(_ int, s fanout.Span) {
		for i := s.Lo; i < s.Hi; i++ {
			entries[i] = b.process(ctx, batches[i])
		}
	})
	wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	m := newManifest(b.opts.Now(), entries, b.rejected)
	m.Warnings = b.warnings
	m.addTotals(invoices)
	return m, nil
}

func (b *Batcher) process(ctx context.Context, batch Batch) Entry {
	e := Entry{Batch: batch.ID, Customer: batch.CustomerID}
	var valid []*Invoice
	for _, inv := range batch.Invoices {
		if err := inv.Validate(); err != nil {
			b.reject(batch.ID, inv, err)
			continue
		}
		valid = append(valid, inv)
	}
	if len(valid) == 0 {
		e.Error = "no valid invoices"
		return e
	}
	doc, pages := renderDocument(valid, b.opts.LinesPerPage)
	sum := sha256.Sum256(doc)
	e.Key = b.opts.KeyPrefix + batch.ID + ".pdf"
	e.Pages, e.Bytes, e.SHA256 = pages, len(doc), hex.EncodeToString(sum[:])
	for _, inv := range valid {
		e.Invoices = append(e.Invoices, inv.Number)
	}

	b.progress.begin(batch.ID)
	attempts, err := fanout.Retry(ctx, b.opts.Backoff, func(int) error {
		return b.store.Put(ctx, e.Key, doc)
	})
	b.progress.finish(batch.ID, err)
	b.progress.noteRetries(attempts - 1)
	e.Attempts = attempts
	if err != nil {
		e.Error = err.Error()
	}
	return e
}

func (b *Batcher) reject(batchID string, inv *Invoice, err error) {
	b.rejected = append(b.rejected, Rejection{Invoice: inv.Number, Batch: batchID, Reason: err.Error()}) // RACY
}

func (b *Batcher) audit(invoices []Invoice) {
	b.warnings = Audit(invoices, b.opts.Now()) // RACY
}

// Audit returns bookkeeping warnings for invoices: duplicate numbers,
// zero totals, overdue invoices and customers without an email address.
func Audit(invoices []Invoice, now time.Time) []string {
	var warns []string
	seen := make(map[string]bool)
	noEmail := make(map[string]bool)
	for i := range invoices {
		inv := &invoices[i]
		if seen[inv.Number] {
			warns = append(warns, inv.Number+": duplicate invoice number")
		}
		seen[inv.Number] = true
		if inv.Totals().Gross == 0 {
			warns = append(warns, inv.Number+": total is zero")
		}
		if !inv.Due.IsZero() && inv.Due.Before(now) {
			days := int(now.Sub(inv.Due).Hours() / 24)
			warns = append(warns, inv.Number+": overdue by "+strconv.Itoa(days)+" days")
		}
		if inv.Customer.Email == "" && !noEmail[inv.Customer.ID] {
			noEmail[inv.Customer.ID] = true
			warns = append(warns, "customer "+inv.Customer.ID+": no email address")
		}
	}
	return warns
}

// AuditAsync runs Audit on another goroutine and delivers its result.
func AuditAsync(invoices []Invoice, now time.Time) <-chan []string {
	ch := make(chan []string, 1)
	go func() { ch <- Audit(invoices, now) }()
	return ch
}
