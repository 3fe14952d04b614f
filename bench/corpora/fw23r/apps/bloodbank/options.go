// Package bloodbank runs a regional blood bank's inventory desk as an Ergo
// gen.Server: units are checked in from donor sessions, screened by the lab,
// held for hospitals and issued to couriers.
package bloodbank

import (
	"context"
	"time"

	"example.com/corpus/trial-fw23r/apps/bloodbank/stock"
)

// Sample is what the lab needs to know about a unit.
type Sample struct {
	UnitID  string
	DonorID string
	Type    stock.BloodType
}

// ScreenResult is the outcome of the infectious-disease panel.
type ScreenResult struct {
	UnitID string
	Passed bool
	Reason string
}

// Lab screens donated units.
type Lab interface {
	Screen(ctx context.Context, s Sample) (ScreenResult, error)
}

// Order is a restock request sent to the regional supplier.
type Order struct {
	Type      stock.BloodType
	Component stock.Component
	Units     int
}

// Supplier accepts restock orders.
type Supplier interface {
	Order(ctx context.Context, o Order) error
}

// Alert warns the duty manager about a low level.
type Alert struct {
	Type      stock.BloodType
	Available int
	Threshold int
	At        time.Time
}

// AlertSink receives shortage alerts.
type AlertSink interface {
	Publish(ctx context.Context, a Alert) error
}

// Options configure a Bank.
type Options struct {
	HoldTTL        time.Duration
	SweepInterval  time.Duration
	ReorderLevel   int
	TargetLevel    int
	ShortageLevel  int
	Lab            Lab
	Supplier       Supplier
	Alerts         AlertSink
	Clock          func() time.Time
	RequestTimeout time.Duration
}

// Option changes one setting.
type Option func(*Options)

// WithHoldTTL sets how long a hospital hold lasts before it lapses.
func WithHoldTTL(d time.Duration) Option { return func(o *Options) { o.HoldTTL = d } }

// WithSweepInterval sets how often expired units are swept off the shelf.
func WithSweepInterval(d time.Duration) Option { return func(o *Options) { o.SweepInterval = d } }

// WithReorder sets the level below which a restock is ordered and the level
// the order tops the shelf up to.
func WithReorder(below, target int) Option {
	return func(o *Options) { o.ReorderLevel, o.TargetLevel = below, target }
}

// WithShortageLevel sets the level below which an alert is raised.
func WithShortageLevel(n int) Option { return func(o *Options) { o.ShortageLevel = n } }

// WithLab sets the screening lab.
func WithLab(l Lab) Option { return func(o *Options) { o.Lab = l } }

// WithSupplier sets the restock supplier.
func WithSupplier(s Supplier) Option { return func(o *Options) { o.Supplier = s } }

// WithAlerts sets where shortage alerts go.
func WithAlerts(a AlertSink) Option { return func(o *Options) { o.Alerts = a } }

// WithClock overrides time.Now.
func WithClock(now func() time.Time) Option { return func(o *Options) { o.Clock = now } }

func defaultOptions() Options {
	return Options{
		HoldTTL:        2 * time.Hour,
		SweepInterval:  time.Minute,
		ReorderLevel:   4,
		TargetLevel:    12,
		ShortageLevel:  2,
		Lab:            PanelLab{},
		Supplier:       noopSupplier{},
		Alerts:         noopAlerts{},
		Clock:          time.Now,
		RequestTimeout: 5 * time.Second,
	}
}

type noopSupplier struct{}

func (noopSupplier) Order(context.Context, Order) error { return nil }

type noopAlerts struct{}

func (noopAlerts) Publish(context.Context, Alert) error { return nil }

// PanelLab is a rule-based stand-in for the lab: donors on the deferral
// list fail screening, everyone else passes.
type PanelLab struct {
	Deferred map[string]string
	Delay    time.Duration
}

// Screen implements Lab.
func (l PanelLab) Screen(ctx context.Context, s Sample) (ScreenResult, error) {
	if l.Delay > 0 {
		select {
		case <-time.After(l.Delay):
		case <-ctx.Done():
			return ScreenResult{}, ctx.Err()
		}
	}
	if reason, bad := l.Deferred[s.DonorID]; bad {
		return ScreenResult{UnitID: s.UnitID, Passed: false, Reason: reason}, nil
	}
	return ScreenResult{UnitID: s.UnitID, Passed: true}, nil
}
