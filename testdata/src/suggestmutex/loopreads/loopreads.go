// Package loopreads: a loop's state in a type whose mutex guards another
// member. A field the loop changes turn after turn (a map it updates)
// while a goroutine started off the loop reads it is the loop's. Look-
// alikes: a field the loop only sets (it may be published by means
// -suggest cannot see), a field only the loop reads, and a map an exported
// getter reads with nothing started reading it.
package loopreads

import (
	"sync"
	"time"
)

type service struct {
	mu      sync.Mutex
	samples []time.Duration // under mu
	stock   map[string]int  // want `suggest for field stock: //confined:owner @service: owner code \(\(\*loopreads.service\).reconcile\) changes it without a lock turn after turn and code started off the owner \(\(\*loopreads.service\).total\) reads it`
	synced  time.Time
	ticks   int
	ops     chan func()
}

func newService() *service {
	s := &service{stock: map[string]int{}, ops: make(chan func())}
	go s.loop()
	go s.report()
	return s
}

func (s *service) loop() { // want `suggest for \(\*loopreads.service\).loop: //confined:loop @service` loop:`confined:loop@service`
	t := time.NewTicker(time.Second)
	for {
		select {
		case f := <-s.ops:
			f()
		case <-t.C:
			s.ticks++
			s.reconcile()
		}
	}
}

func (s *service) reconcile() {
	s.stock["a"]++
	s.synced = time.Now()
}

func (s *service) do(f func()) { s.ops <- f } // want `suggest for \(\*loopreads.service\).do: //confined:hop @service f`

func (s *service) observe(d time.Duration) {
	s.mu.Lock()
	s.samples = append(s.samples, d)
	s.mu.Unlock()
}

func (s *service) report() {
	for range time.Tick(time.Second) {
		println(s.total(), s.synced.String())
	}
}

func (s *service) total() int {
	n := 0
	for _, v := range s.stock {
		n += v
	}
	return n
}

type gauge struct {
	mu     sync.Mutex
	peak   int // under mu
	levels map[string]int
	ops    chan func()
}

func newGauge() *gauge {
	g := &gauge{levels: map[string]int{}, ops: make(chan func())}
	go g.loop()
	return g
}

func (g *gauge) loop() { // want `suggest for \(\*loopreads.gauge\).loop: //confined:loop @gauge` loop:`confined:loop@gauge`
	for f := range g.ops {
		f()
	}
}

func (g *gauge) set(k string, v int) {
	g.ops <- func() { g.levels[k] = v }
}

func (g *gauge) raise(v int) {
	g.mu.Lock()
	g.peak = max(g.peak, v)
	g.mu.Unlock()
}

// Level may run anywhere; nothing started off the loop calls it.
func (g *gauge) Level(k string) int { return g.levels[k] } // want Level:`reads suggestmutex/loopreads.gauge.levels`
