package roundtrips

import (
	"context"
	"net/http"
)

// A round trip through a func the owner's loop runs: a generic helper
// hands the loop a literal that calls fn and sends its result back on a
// channel the helper made, then receives it. What comes back is what fn
// returned: a record of the loop's map is still the loop's, so a handler
// reading it races with the loop. Look-alikes: a copy of the records, a
// count, and a list the loop hands over and replaces.

//confined:owner
type Desk struct { // want Desk:"confined:owner"
	calls   chan func()
	records map[string]*Session
	expired []string
}

//confined:loop
func (d *Desk) run() { // want run:`confined:loop`
	for fn := range d.calls {
		fn()
	}
}

//confined:hop fn
func (d *Desk) post(fn func()) { d.calls <- fn }

func call[T any](d *Desk, fn func() T) T {
	reply := make(chan T, 1)
	d.post(func() { reply <- fn() })
	return <-reply
}

func callCtx[T any](ctx context.Context, d *Desk, fn func() T) (T, error) {
	reply := make(chan T, 1)
	d.post(func() { reply <- fn() })
	select {
	case v := <-reply:
		return v, nil
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}

func (d *Desk) Record(id string) *Session {
	return call(d, func() *Session { return d.records[id] })
}

func (d *Desk) RecordCtx(ctx context.Context, id string) (*Session, error) { // want RecordCtx:`summary\(\)`
	return callCtx(ctx, d, func() *Session { return d.records[id] })
}

func (d *Desk) Records() []Session { // want Records:`summary\(\)`
	return call(d, func() []Session {
		var out []Session
		for _, r := range d.records {
			out = append(out, *r)
		}
		return out
	})
}

func (d *Desk) Count() int {
	return call(d, func() int { return len(d.records) })
}

func (d *Desk) TakeExpired() []string { // want TakeExpired:`summary\(\)`
	reply := make(chan []string, 1)
	d.post(func() {
		reply <- d.expired
		d.expired = nil
	})
	return <-reply
}

func (d *Desk) Mount(mux *http.ServeMux) { // want Mount:`summary\(started arg0\)`
	mux.HandleFunc("/seen", func(w http.ResponseWriter, r *http.Request) {
		_ = d.Record("x").Seen // want `reads confined roundtrips.Session.Seen off the owner`
		rec, _ := d.RecordCtx(r.Context(), "y")
		_ = rec.Seen // want `reads confined roundtrips.Session.Seen off the owner`
		_ = d.Records()[0].Seen
		_ = d.Count()
		_ = d.TakeExpired()[0]
	})
}
