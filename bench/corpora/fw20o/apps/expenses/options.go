package expenses

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"time"

	"example.com/corpus/trial-fw20o/apps/expenses/storage"
)

// RateSource quotes exchange rates.
type RateSource interface {
	Rate(ctx context.Context, from, to string) (float64, error)
}

// Budget is the spending limit synced from the shared household plan.
type Budget struct {
	MonthlyCents int64
}

// BudgetSource fetches the current budget.
type BudgetSource interface {
	Budget(ctx context.Context) (Budget, error)
}

// Store persists the ledger.
type Store interface {
	Save(recs []storage.Record) error
}

// ExportSink creates destinations for CSV exports.
type ExportSink interface {
	Create(name string) (io.WriteCloser, error)
}

// DirSink writes exports into a directory.
type DirSink string

// Create opens a new file in the directory.
func (d DirSink) Create(name string) (io.WriteCloser, error) {
	return os.Create(filepath.Join(string(d), name))
}

type options struct {
	home         string
	foreign      string
	rate         float64
	rates        RateSource
	budgets      BudgetSource
	budget       Budget
	store        Store
	saveDelay    time.Duration
	undoWindow   time.Duration
	fetchTimeout time.Duration
	sink         ExportSink
	clock        func() time.Time
	onStatus     func(string)
}

// Option configures a Tracker.
type Option func(*options)

// WithHomeCurrency sets the currency totals are kept in.
func WithHomeCurrency(code string) Option {
	return func(o *options) { o.home = code }
}

// WithTravelCurrency enables entering expenses in a second currency.
func WithTravelCurrency(code string, rate float64) Option {
	return func(o *options) { o.foreign, o.rate = code, rate }
}

// WithRates sets the exchange-rate service.
func WithRates(r RateSource) Option {
	return func(o *options) { o.rates = r }
}

// WithBudgets sets the budget service and the budget shown until the first sync.
func WithBudgets(b BudgetSource, initial Budget) Option {
	return func(o *options) { o.budgets, o.budget = b, initial }
}

// WithStore enables autosaving after edits settle for the given delay.
func WithStore(s Store, delay time.Duration) Option {
	return func(o *options) { o.store, o.saveDelay = s, delay }
}

// WithUndoWindow sets how long a deletion can be undone.
func WithUndoWindow(d time.Duration) Option {
	return func(o *options) { o.undoWindow = d }
}

// WithExportSink sets where CSV exports are written.
func WithExportSink(s ExportSink) Option {
	return func(o *options) { o.sink = s }
}

// WithClock sets the clock used to date expenses.
func WithClock(c func() time.Time) Option {
	return func(o *options) { o.clock = c }
}

// WithStatusHook is called with every status line shown to the user.
func WithStatusHook(fn func(string)) Option {
	return func(o *options) { o.onStatus = fn }
}

func buildOptions(opts []Option) options {
	o := options{
		home:         "USD",
		saveDelay:    time.Second,
		undoWindow:   5 * time.Second,
		fetchTimeout: 10 * time.Second,
		sink:         DirSink("."),
		clock:        time.Now,
	}
	for _, fn := range opts {
		fn(&o)
	}
	return o
}
