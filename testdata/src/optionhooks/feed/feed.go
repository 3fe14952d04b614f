// Package feed keeps the funcs its importers hand it in unexported fields
// of a Poller, through options and a setter, and calls them from Run, on
// whatever goroutine runs Run. It has nothing confined in reach: the
// syntax path summarizes it.
package feed

import (
	"context"
	"time"
)

type Poller struct {
	every   time.Duration
	onBatch func([]string)
	onError func(error)
	onIdle  []func()
	fetch   func() ([]string, error)
}

type Option func(*Poller)

// OnBatch and OnError store fn when the option is applied.
func OnBatch(fn func([]string)) Option { return func(p *Poller) { p.onBatch = fn } }

func OnError(fn func(error)) Option {
	return func(p *Poller) { p.onError = fn }
}

func NewPoller(fetch func() ([]string, error), opts ...Option) *Poller {
	p := &Poller{every: time.Second, fetch: fetch}
	for _, o := range opts {
		o(p)
	}
	return p
}

// WhenIdle keeps fn in a list of funcs Run calls.
func (p *Poller) WhenIdle(fn func()) { p.onIdle = append(p.onIdle, fn) }

func (p *Poller) Run(ctx context.Context) {
	t := time.NewTicker(p.every)
	defer t.Stop()
	for {
		p.once()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (p *Poller) once() {
	batch, err := p.fetch()
	switch {
	case err != nil:
		p.onError(err)
	case len(batch) == 0:
		for _, fn := range p.onIdle {
			fn()
		}
	default:
		p.onBatch(batch)
	}
}

// Sort keeps less only in a value of its own for the call: it stores
// nothing its importers' code reaches later.
func Sort(xs []string, less func(a, b string) bool) {
	s := sorter{xs: xs, less: less}
	s.sort()
}

type sorter struct {
	xs   []string
	less func(a, b string) bool
}

func (s sorter) sort() {
	for i := 1; i < len(s.xs); i++ {
		for j := i; j > 0 && s.less(s.xs[j], s.xs[j-1]); j-- {
			s.xs[j], s.xs[j-1] = s.xs[j-1], s.xs[j]
		}
	}
}
