// Package router: a loop of its own that reads base's table and calls the
// quota tracker it was given. The tracker belongs to its caller, this
// loop: naming the loop would make each call another owner's touch, so it
// keeps the default owner.
package router

import (
	"example.com/looplessimports/base"
	"example.com/looplessimports/quota"
)

type Router struct {
	orders chan string
	tick   chan struct{}
	t      *base.Table
	q      *quota.Tracker
	total  int
}

func (r *Router) run() {
	for {
		select {
		case acct := <-r.orders:
			r.submit(acct)
		case <-r.tick:
			for _, n := range r.t.Rows() {
				r.total += n
			}
		}
	}
}

func (r *Router) submit(acct string) {
	if r.q.Allow(acct, 1) {
		r.total++
	}
}

func Start(t *base.Table, q *quota.Tracker) *Router {
	r := &Router{orders: make(chan string), tick: make(chan struct{}), t: t, q: q}
	go r.run()
	return r
}
