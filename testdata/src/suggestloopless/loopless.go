// Package suggestloopless: state that belongs to the code that creates it,
// with no loop anywhere, written unlocked by goroutines its own methods
// start. -suggest proposes the fields goroutines share owned (by that
// code), so that the check reports the goroutines; the members that stay
// free (locked, atomic, set up, or kept by one goroutine) need nothing.
package suggestloopless

import (
	"sync"
	"sync/atomic"
)

// A tally bumped by goroutines started in a loop, each beside the others.
type tally struct { // want `suggest for suggestloopless\.tally: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.tally\)\.countAll\) touches its field n without a lock`
	n int
}

func (t *tally) countAll(items []string) int {
	var wg sync.WaitGroup
	for range items {
		wg.Go(func() { t.n++ })
	}
	wg.Wait()
	return t.n
}

// A cache with a lock for its map and an atomic hit count, and a miss
// count its warm-up goroutine bumps without either while Stats reads it:
// only the miss count is confined; the locked map and the atomic count
// stay free.
type Cache struct { // want `suggest for suggestloopless\.Cache: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.Cache\)\.Warm\) touches its fields misses, resets without a lock`
	mu     sync.Mutex
	items  map[string]int // want `suggest for field items: //confined:any: code writes it only with a lock held, and \(\*suggestloopless\.Cache\)\.Get reads it off the owner`
	hits   atomic.Int64
	misses int
	// resets is written by Reset with the lock held on one path only, and
	// read by the warm-up goroutine, which nothing joins: a call of Reset
	// after Warm races with it, so it is confined too.
	resets int
}

func (c *Cache) Reset(hard bool) { // want Reset:`reads suggestloopless\.Cache\.resets`
	c.mu.Lock()
	if hard {
		c.mu.Unlock()
	}
	c.resets++
	if !hard {
		c.mu.Unlock()
	}
}

func (c *Cache) Get(k string) int { // want Get:`reads suggestloopless\.Cache\.items`
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.items[k]
	if ok {
		c.hits.Add(1)
	}
	return v
}

func (c *Cache) Put(k string, v int) {
	c.mu.Lock()
	c.items[k] = v
	c.mu.Unlock()
}

func (c *Cache) Warm(keys []string) { // want Warm:`summary\(started arg0; off by a go statement: reads the entries of arg1\)`
	go func() {
		for _, k := range keys {
			c.mu.Lock()
			_, ok := c.items[k]
			c.mu.Unlock()
			if !ok {
				c.misses++
			}
			println(c.resets)
		}
	}()
}

func (c *Cache) Stats() (int64, int) { return c.hits.Load(), c.misses } // want Stats:`reads suggestloopless\.Cache\.misses`

// Look-alikes. A goroutine that keeps its own count, which nothing else
// reads: nothing races with it.
type ticker struct{ ticks int }

func (t *ticker) start() {
	go func() {
		for range 3 {
			t.ticks++
		}
	}()
}

// A goroutine joined right away runs as if in place: nothing is off the
// owner.
type filler struct{ n int }

func (f *filler) fill() int {
	done := make(chan struct{})
	go func() {
		f.n++
		close(done)
	}()
	<-done
	return f.n
}

// A helper goroutine collecting one call's responses from a channel made
// for that call, which the call waits for before it reads the total: not a
// loop, and nothing races.
type fetcher struct{ got int }

func (f *fetcher) fetchAll(urls []string) int {
	resp := make(chan int)
	done := make(chan struct{})
	go f.collect(resp, done)
	for range urls {
		resp <- 1
	}
	close(resp)
	<-done
	return f.got
}

func (f *fetcher) collect(resp chan int, done chan struct{}) {
	for n := range resp {
		f.got += n
	}
	close(done)
}

// A goroutine that is an event loop of its own (a select over channels in
// a loop), and hands the value back by closing its stop channel: the
// restart that waits for that before writing races with nothing.
type harness struct {
	count int
	work  chan int
	stopc chan struct{}
}

func (h *harness) start() {
	h.stopc = make(chan struct{})
	go func() {
		for {
			select {
			case n := <-h.work:
				h.count += n
			case <-h.stopc:
				h.count = 0
				close(h.stopc)
				return
			}
		}
	}()
}

func (h *harness) restart() {
	<-h.stopc
	h.count = 1
	h.start()
}

// Look-alike: a config loader function sets a field a report goroutine,
// which nothing joins, reads; the loader is no method of the value, its
// callers' API, but set-up before anything starts.
type reportSettings struct {
	region string
}

func loadReportSettings(s *reportSettings, region string) { s.region = region }

func (s *reportSettings) Report() { // want Report:`summary\(started arg0\)`
	go func() {
		println(s.region)
	}()
}

// Look-alike: Start assigns the done channel, then starts the goroutine
// that starts the workers reading it: set-up for what it starts, not a
// caller's later call.
type relay struct {
	done chan struct{}
	in   chan int
}

func (r *relay) Start() { // want Start:`writes suggestloopless\.relay\.done` Start:`summary\(started arg0\)`
	r.done = make(chan struct{})
	go r.serve()
}

func (r *relay) serve() {
	for range 2 {
		go r.forward()
	}
}

func (r *relay) forward() {
	select {
	case <-r.done:
	case v := <-r.in:
		println(v)
	}
}
