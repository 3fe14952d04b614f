// Package suggestnot holds -suggest's look-alikes that get nothing: a type
// its loop writes under a lock, a worker pool (many goroutines of one
// function), and a loop that only forwards values. A goroutine that owns
// no state and runs no code handed to it is not an owner's loop.
package suggestnot

import (
	"strings"
	"sync"
)

// guarded is written by its loop, under its lock, and so are the counts
// it holds, which have no mutex of their own.
type guarded struct {
	mu     sync.Mutex
	n      int
	counts *counts
	in     chan int
}

type counts struct{ sum int }

func newGuarded() *guarded {
	g := &guarded{in: make(chan int), counts: &counts{}}
	go g.serve()
	return g
}

func (g *guarded) serve() {
	for v := range g.in {
		g.mu.Lock()
		g.n += v
		g.add(v)
		g.mu.Unlock()
	}
}

func (g *guarded) add(v int) { g.counts.sum += v }

// pool runs jobs on four goroutines of one function: workers, not a loop,
// and submit is not a hop. The count they all bump races, but the package
// has loops, and which owner it would be -suggest cannot tell.
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

// relay only forwards values, through the writer it was set up with: it
// owns nothing.
type relay struct {
	in, out chan int
	w       *strings.Builder
}

func newRelay() *relay {
	r := &relay{in: make(chan int), out: make(chan int), w: &strings.Builder{}}
	go r.pump()
	return r
}

func (r *relay) pump() {
	for v := range r.in {
		println(r.w)
		r.out <- v
	}
}

// An event bus keeps its handlers and calls them on publish: not a future,
// so subscribe is no inherit.
type bus struct {
	mu       sync.Mutex
	handlers []func(int)
}

func (b *bus) subscribe(h func(int)) {
	b.mu.Lock()
	b.handlers = append(b.handlers, h)
	b.mu.Unlock()
}

func (b *bus) publish(v int) {
	b.mu.Lock()
	hs := b.handlers
	b.mu.Unlock()
	for _, h := range hs {
		h(v)
	}
}

// A variable assigned what it holds, through a copy in a loop: asking
// whether it copies a value from outside must end.
type settings struct{ n int }

func spin() int {
	var s settings
	for range 2 {
		t := s
		s = t
	}
	s.n++
	return s.n
}
