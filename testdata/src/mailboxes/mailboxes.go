// Package mailboxes embeds another package's mailbox of closures in a
// service whose loop drains it: the closures the service posts, calls or
// queries through it run on that loop, though the mailbox's own package
// sees no loop. Code off the loop touching the state directly is still
// reported.
package mailboxes

import (
	"context"
	"net/http"
	"time"

	"mailboxes/queue"
	"mailboxes/tasks"
)

//confined:owner
type room struct { // want room:"confined:owner"
	queue.Loop
	seats map[string]int
	ticks int
}

//confined:loop
func (r *room) run() { // want run:"confined:loop"
	t := time.NewTicker(time.Millisecond)
	for {
		select {
		case fn := <-r.Ops():
			fn()
		case <-t.C:
			r.ticks++
		}
	}
}

func (r *room) kickLater(name string) {
	time.AfterFunc(time.Second, func() {
		r.Post(func() { delete(r.seats, name) })
	})
}

func (r *room) kickNow(name string) {
	time.AfterFunc(time.Second, func() {
		delete(r.seats, name) // want `writes confined mailboxes\.room\.seats off the owner: this code runs via time\.AfterFunc`
	})
}

func (r *room) join(ctx context.Context, name string) error {
	return r.Call(ctx, func() { r.seats[name] = len(r.seats) })
}

func (r *room) count(ctx context.Context) (int, error) {
	return queue.Query(ctx, &r.Loop, func() int { return len(r.seats) })
}

// A copy of the seating the loop makes, handed out through the generic
// Query: a value of its type parameter comes from fn, not from the
// mailbox, so the copy is the caller's.
//
//confined:owner
type seat struct{ name string } // want seat:"confined:owner"

func (r *room) chart(ctx context.Context) []seat {
	out, _ := queue.Query(ctx, &r.Loop, func() []seat {
		c := make([]seat, 0, len(r.seats))
		for name := range r.seats {
			c = append(c, seat{name})
		}
		return c
	})
	return out
}

func serve(r *room) {
	http.HandleFunc("/join", func(w http.ResponseWriter, req *http.Request) {
		_ = r.join(req.Context(), req.URL.Query().Get("name"))
		n, _ := r.count(req.Context())
		_ = n
		for _, st := range r.chart(req.Context()) {
			_ = st.name
		}
		_ = r.ticks // want `reads confined mailboxes\.room\.ticks off the owner`
	})
}

// The same mailbox declared in the service's package, drained through
// its getter.
type inbox struct{ work chan func() }

func (b *inbox) Work() <-chan func() { return b.work } // want Work:`summary\(returns mailboxes\.inbox\.UF0\)`

func (b *inbox) Put(fn func()) { b.work <- fn } // want Put:`summary\(hop arg1\)`

//confined:owner
type desk struct { // want desk:"confined:owner"
	inbox
	open int
}

//confined:loop
func (d *desk) run() { // want run:"confined:loop"
	for fn := range d.Work() {
		fn()
	}
}

func (d *desk) openLater() {
	go d.Put(func() { d.open++ })
	go func() { d.open-- }() // want `writes confined mailboxes\.desk\.open off the owner: this code runs via a go statement`
}

// A mailbox from a package the engine reads in SSA form.
//
//confined:owner
type table struct { // want table:"confined:owner"
	tasks.Loop
	bets map[string]int
}

//confined:loop
func (t *table) run() { // want run:"confined:loop"
	for fn := range t.Ops() {
		fn()
	}
}

func (t *table) total(ctx context.Context) (int, error) {
	return tasks.Query(ctx, &t.Loop, func() int { return len(t.bets) })
}

func (t *table) bet(ctx context.Context, who string) error {
	return t.Call(ctx, func() { t.bets[who]++ })
}

func (t *table) list(ctx context.Context) []seat {
	out, _ := tasks.Query(ctx, &t.Loop, func() []seat {
		c := make([]seat, 0, len(t.bets))
		for name := range t.bets {
			c = append(c, seat{name})
		}
		return c
	})
	return out
}

func serveTable(t *table) {
	http.HandleFunc("/bet", func(w http.ResponseWriter, req *http.Request) {
		_ = t.bet(req.Context(), "x")
		n, _ := t.total(req.Context())
		_ = n
		for _, st := range t.list(req.Context()) {
			_ = st.name
		}
		tasks.Background(func() { t.bets["y"] = 0 }) // want `writes confined mailboxes\.table\.bets off the owner`
	})
}
