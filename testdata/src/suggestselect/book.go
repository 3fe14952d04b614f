// Package suggestselect: the mailbox loops people write select over their
// mailbox and a quit channel, a context, a ticker. The mailbox makes the
// loop; the other cases only wake it up. A goroutine that only waits for
// ticks is not an owner's loop.
package suggestselect

import (
	"context"
	"time"
)

type Book struct { // want `suggest for suggestselect.Book: //confined:owner: code on the owner \(\(\*suggestselect.Book\).run, func literal in \(\*suggestselect.Book\).Add\) writes 2 of its fields \(orders, swept\) without a lock, and besides where a value is built only code off the owner does \(func literal in \(\*suggestselect.Book\).Expire\), which the check then reports`
	orders  map[string]int
	mailbox chan func()
	quit    chan struct{}
	sweep   *time.Ticker
	swept   int
}

func New(ctx context.Context) *Book { // want New:"summary\\(started arg0; started result; starts a loop\\)"
	b := &Book{orders: map[string]int{}, mailbox: make(chan func(), 8), quit: make(chan struct{}), sweep: time.NewTicker(time.Minute)}
	go b.run(ctx)
	return b
}

func (b *Book) run(ctx context.Context) { // want `suggest for \(\*suggestselect.Book\).run: //confined:loop: a goroutine runs it \(go statement in suggestselect.New, book.go:\d+\) and it receives from a channel in a loop` run:`confined:loop`
	for {
		select {
		case f := <-b.mailbox:
			f()
		case <-b.sweep.C:
			b.swept++
		case <-ctx.Done():
		case <-b.quit:
			return
		}
	}
}

func (b *Book) Post(f func()) { b.mailbox <- f } // want `suggest for \(\*suggestselect.Book\).Post: //confined:hop f: it sends f on mailbox, which the loop \(\*suggestselect.Book\).run calls` Post:"summary\\(hop arg1\\)" Post:"confined:hop\\[1\\]"

func (b *Book) Add(id string, n int) { b.Post(func() { b.orders[id] += n }) }

// The race -suggest -fix leaves for the check: the timer writes the map.
func (b *Book) Expire(id string) { // want Expire:`summary\(started arg0\)`
	time.AfterFunc(time.Second, func() { delete(b.orders, id) })
}

func (b *Book) Close() { close(b.quit) }

// A gauge's goroutine only wakes up on ticks: nothing is handed to it.
type Gauge struct {
	n int
	t *time.Ticker
}

func NewGauge() *Gauge { // want NewGauge:"summary\\(started result\\)"
	g := &Gauge{t: time.NewTicker(time.Second)}
	go g.run()
	return g
}

func (g *Gauge) run() {
	for range g.t.C {
		g.n++
	}
}

// A reaper wakes on ticks until its context ends: no work is handed to it.
type Reaper struct{ runs int }

func StartReaper(ctx context.Context) *Reaper { // want StartReaper:"summary\\(started arg0; started result\\)"
	r := &Reaper{}
	go r.run(ctx)
	return r
}

func (r *Reaper) run(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			r.runs++
		case <-ctx.Done():
			return
		}
	}
}
