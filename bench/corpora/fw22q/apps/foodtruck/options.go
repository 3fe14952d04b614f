package foodtruck

import (
	"fmt"
	"io"
	"sync"
	"time"

	"example.com/corpus/trial-fw22q/internal/ledger"
)

// NoticeKind tells customers and staff what happened.
type NoticeKind int

// Notice kinds.
const (
	NoticeReady NoticeKind = iota
	NoticeReminder
	NoticeLate
	NoticeCancelled
)

// Notice is pushed to the pager/SMS gateway.
type Notice struct {
	Kind     NoticeKind
	Ticket   int
	Customer string
	Text     string
}

// Notifier delivers notices; implementations must be safe for concurrent use.
type Notifier interface {
	Notify(Notice)
}

type discardNotifier struct{}

func (discardNotifier) Notify(Notice) {}

// Printer prints till reports.
type Printer interface {
	Print(ledger.Report) error
}

// WriterPrinter prints reports to an io.Writer such as the receipt printer's
// serial port.
type WriterPrinter struct {
	mu sync.Mutex
	w  io.Writer
}

// NewWriterPrinter wraps w.
func NewWriterPrinter(w io.Writer) *WriterPrinter {
	return &WriterPrinter{w: w}
}

// Print writes the report followed by a cut line.
func (p *WriterPrinter) Print(r ledger.Report) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, err := r.WriteTo(p.w); err != nil {
		return fmt.Errorf("printer: %w", err)
	}
	_, err := io.WriteString(p.w, "--------8<--------\n")
	return err
}

// Stock reserves ingredients for order lines. Implementations are called
// concurrently.
type Stock interface {
	Reserve(code string, qty int) error
}

type unlimitedStock struct{}

func (unlimitedStock) Reserve(string, int) error { return nil }

// Options configure the order queue.
type Options struct {
	Stations       int
	TaxBps         int
	LateGrace      time.Duration
	PickupReminder time.Duration
	MaxReminders   int
	LateCompBps    int
	BusyBacklog    int
	RequestTimeout time.Duration
	Clock          func() time.Time
	Notifier       Notifier
	Printer        Printer
	Stock          Stock
}

// Option changes one setting.
type Option func(*Options)

func defaultOptions() Options {
	return Options{
		Stations:       2,
		TaxBps:         825,
		LateGrace:      5 * time.Minute,
		PickupReminder: 3 * time.Minute,
		MaxReminders:   2,
		LateCompBps:    1500,
		BusyBacklog:    12,
		RequestTimeout: 2 * time.Second,
		Clock:          time.Now,
		Notifier:       discardNotifier{},
		Printer:        NewWriterPrinter(io.Discard),
		Stock:          unlimitedStock{},
	}
}

// WithStations sets the number of cooking stations.
func WithStations(n int) Option { return func(o *Options) { o.Stations = n } }

// WithTax sets the sales tax rate in basis points.
func WithTax(bps int) Option { return func(o *Options) { o.TaxBps = bps } }

// WithLateGrace sets how long past its estimate an order may cook before it
// is flagged late.
func WithLateGrace(d time.Duration) Option { return func(o *Options) { o.LateGrace = d } }

// WithPickupReminder sets how often a customer is re-paged for a ready order.
func WithPickupReminder(d time.Duration, max int) Option {
	return func(o *Options) { o.PickupReminder, o.MaxReminders = d, max }
}

// WithClock replaces time.Now.
func WithClock(now func() time.Time) Option { return func(o *Options) { o.Clock = now } }

// WithNotifier sets the pager gateway.
func WithNotifier(n Notifier) Option { return func(o *Options) { o.Notifier = n } }

// WithPrinter sets the report printer.
func WithPrinter(p Printer) Option { return func(o *Options) { o.Printer = p } }

// WithStock sets the inventory.
func WithStock(s Stock) Option { return func(o *Options) { o.Stock = s } }
