// Package reporter: owners without a loop whose mutex guards some members.
// A registry's reporter goroutine, stopped by a function closing a local
// quit channel, ranges the sinks that addSink appends to whenever it is
// called: the registry is its creator's, and the reporter's read is the
// finding. Look-alikes: a list only the constructor fills, read the same
// way, and counter maps that a helper writes only under its callers' lock
// (in a generic cache too).
package reporter

import (
	"sync"
	"time"
)

type Sink interface{ Emit(n int) } // want Emit:`entry point, called off the owner by \(\*reporter\.fixed\)\.report`

type registry struct { // want `suggest for reporter\.registry: //confined:owner: code off the owner \(func literal in \(\*reporter\.registry\)\.start\) touches its field sinks without a lock, and the code that creates and calls the value uses it too`
	mu     sync.Mutex
	counts map[string]int // want `suggest for field counts: //confined:any: code writes it only with a lock held`
	sinks  []Sink
	prefix string // want `suggest for field prefix: //confined:any: only code building a registry writes it`
}

func newRegistry(prefix string) *registry {
	return &registry{counts: map[string]int{}, prefix: prefix}
}

func (r *registry) inc(k string) {
	r.mu.Lock()
	r.counts[k]++
	if r.counts[k] > 100 {
		r.forget(k)
	}
	r.mu.Unlock()
}

// forget runs with r.mu held by every caller.
func (r *registry) forget(k string) { delete(r.counts, k) }

func (r *registry) addSink(s Sink) { r.sinks = append(r.sinks, s) }

func (r *registry) start(every time.Duration) (stop func()) {
	quit := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				r.report()
			}
		}
	}()
	return func() {
		close(quit)
		<-done
	}
}

func (r *registry) report() {
	r.mu.Lock()
	n := len(r.counts)
	r.mu.Unlock()
	for _, s := range r.sinks {
		s.Emit(n)
	}
	println(r.prefix)
}

// A list only its constructor fills: the reporter's reads race with no
// later call.
type fixed struct {
	sinks []Sink
}

func newFixed(sinks ...Sink) *fixed {
	f := &fixed{}
	for _, s := range sinks {
		f.sinks = append(f.sinks, s)
	}
	return f
}

func (f *fixed) start(every time.Duration) (stop func()) {
	quit := make(chan struct{})
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				f.report()
			}
		}
	}()
	return func() { close(quit) }
}

func (f *fixed) report() {
	for _, s := range f.sinks {
		s.Emit(0)
	}
}

// A generic cache whose helper deletes under its callers' lock, and whose
// janitor counts its sweeps without one.
type lru[K comparable] struct { // want `suggest for reporter\.lru\[K\]: //confined:owner: code off the owner \(func literal in \(\*reporter\.lru\[K\]\)\.startJanitor\) touches its field sweeps without a lock`
	mu     sync.Mutex
	items  map[K]int // want `suggest for field items: //confined:any: code writes it only with a lock held`
	sweeps int
}

func (c *lru[K]) put(k K) {
	c.mu.Lock()
	c.items[k]++
	if len(c.items) > 10 {
		c.remove(k)
	}
	c.mu.Unlock()
}

func (c *lru[K]) remove(k K) { delete(c.items, k) }

func (c *lru[K]) sweep() {
	c.mu.Lock()
	for k := range c.items {
		c.remove(k)
	}
	c.mu.Unlock()
	c.sweeps++
}

func (c *lru[K]) sweepCount() int { return c.sweeps }

func (c *lru[K]) startJanitor(every time.Duration) {
	go func() {
		for range time.Tick(every) {
			c.sweep()
		}
	}()
}
