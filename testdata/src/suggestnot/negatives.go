// Package suggestnot holds -suggest's look-alikes that get no owner: a
// type guarded by a mutex, a worker pool, and a loop that only forwards
// values (the loops are still loops).
package suggestnot

import "sync"

// guarded is written by its loop, under its lock.
type guarded struct {
	mu sync.Mutex
	n  int
	in chan int
}

func newGuarded() *guarded {
	g := &guarded{in: make(chan int)}
	go g.serve()
	return g
}

func (g *guarded) serve() { // want `suggest for \(\*suggestnot.guarded\).serve: //confined:loop @guarded: a goroutine runs it`
	for v := range g.in {
		g.mu.Lock()
		g.n += v
		g.mu.Unlock()
	}
}

// pool runs jobs on four goroutines of one function: workers, not a loop,
// and submit is not a hop.
type pool struct {
	jobs chan func()
	done int
}

func newPool() *pool {
	p := &pool{jobs: make(chan func())}
	for range 4 {
		go p.work()
	}
	return p
}

func (p *pool) work() {
	for f := range p.jobs {
		f()
		p.done++
	}
}

func (p *pool) submit(f func()) { p.jobs <- f }

// relay only forwards values: a loop, owning nothing.
type relay struct {
	in, out chan int
}

func newRelay() *relay {
	r := &relay{in: make(chan int), out: make(chan int)}
	go r.pump()
	return r
}

func (r *relay) pump() { // want `suggest for \(\*suggestnot.relay\).pump: //confined:loop @relay: a goroutine runs it`
	for v := range r.in {
		r.out <- v
	}
}
