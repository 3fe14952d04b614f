// Package fanouts: a turn that starts one goroutine per element and waits
// for all of them right after the loop. Each writing only the element its
// own index picks runs safely beside the others, while the turn waits; one
// writing a count, or calling code that touches state, races with its
// siblings and is reported.
package fanouts

import (
	"sync"

	"golang.org/x/sync/errgroup"
)

//confined:owner
type Scorer struct { // want Scorer:`confined:owner`
	scores []int
	total  int
	names  []string
}

// Slots: each goroutine writes its own element; the turn waits.
func (s *Scorer) Slots() { // want Slots:`may block` Slots:`summary\(arg0 writes fanouts\.Scorer\.scores\)`
	var g errgroup.Group
	for i := range s.scores {
		g.Go(func() error {
			s.scores[i] = i * i
			return nil
		})
	}
	_ = g.Wait()
}

// SlotsWaitGroup: the same with a WaitGroup and go statements.
func (s *Scorer) SlotsWaitGroup() { // want SlotsWaitGroup:`summary\(arg0 writes fanouts\.Scorer\.names\)` SlotsWaitGroup:`may block`
	var wg sync.WaitGroup
	for i := range s.names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.names[i] = "n"
		}()
	}
	wg.Wait()
}

// Counted: every goroutine adds to one count: they race.
func (s *Scorer) Counted() { // want Counted:`may block` Counted:`summary\(arg0 reads fanouts\.Scorer\.scores; started arg0\)`
	var g errgroup.Group
	for i := range s.scores {
		g.Go(func() error {
			s.total += i // want `writes confined fanouts.Scorer.total off the owner`
			return nil
		})
	}
	_ = g.Wait()
}

// Neighbours: each reads the element before its own, which a sibling
// writes.
func (s *Scorer) Neighbours() { // want Neighbours:`summary\(arg0 reads fanouts\.Scorer\.scores; started arg0\)` Neighbours:`may block`
	var g errgroup.Group
	for i := range s.scores {
		g.Go(func() error {
			if i > 0 {
				s.scores[i] = s.scores[i-1] + 1 // want `writes confined fanouts.Scorer.scores off the owner`
			}
			return nil
		})
	}
	_ = g.Wait()
}

// Busy: the turn works in the loop while the goroutines run.
func (s *Scorer) Busy() { // want Busy:`summary\(arg0 writes fanouts\.Scorer\.total; started arg0\)` Busy:`may block`
	var g errgroup.Group
	for i := range s.scores {
		g.Go(func() error {
			s.scores[i] = i // want `writes confined fanouts.Scorer.scores off the owner`
			return nil
		})
		s.total++
	}
	_ = g.Wait()
}

// Helper: each goroutine calls a method that touches the scorer.
func (s *Scorer) Helper() { // want Helper:`may block` Helper:`summary\(arg0 reads fanouts\.Scorer\.scores; started arg0\)`
	var g errgroup.Group
	for i := range s.scores {
		g.Go(func() error {
			s.set(i)
			return nil
		})
	}
	_ = g.Wait()
}

func (s *Scorer) set(i int) { s.scores[i] = i } // want `calls confined \(\*fanouts.Scorer\).set off the owner`

// NoWait: nothing waits; the goroutines outlive the turn.
func (s *Scorer) NoWait() { // want NoWait:`summary\(arg0 reads fanouts\.Scorer\.scores; started arg0\)`
	var g errgroup.Group
	for i := range s.scores {
		g.Go(func() error {
			s.scores[i] = i // want `writes confined fanouts.Scorer.scores off the owner`
			return nil
		})
	}
}

// SlotsParam: the index handed as an argument instead of captured.
func (s *Scorer) SlotsParam() { // want SlotsParam:`may block` SlotsParam:`summary\(arg0 writes fanouts\.Scorer\.names\)`
	var wg sync.WaitGroup
	for i := range s.names {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			s.names[i] = "p"
		}(i)
	}
	wg.Wait()
}

// SlotsMethod: a method per element instead of a literal.
func (s *Scorer) SlotsMethod() { // want SlotsMethod:`may block` SlotsMethod:`summary\(arg0 calls \(\*fanouts\.Scorer\)\.nameAt\)`
	var wg sync.WaitGroup
	for i := range s.names {
		wg.Add(1)
		go s.nameAt(i, &wg)
	}
	wg.Wait()
}

func (s *Scorer) nameAt(i int, wg *sync.WaitGroup) {
	defer wg.Done()
	s.names[i] = "m"
}

// CountedMethod: a method per element that adds to the count.
func (s *Scorer) CountedMethod() { // want CountedMethod:`summary\(arg0 reads fanouts\.Scorer\.scores; started arg0\)` CountedMethod:`may block`
	var wg sync.WaitGroup
	for i := range s.scores {
		wg.Add(1)
		go s.addAt(i, &wg)
	}
	wg.Wait()
}

func (s *Scorer) addAt(i int, wg *sync.WaitGroup) {
	defer wg.Done()
	s.total += i // want `calls confined \(\*fanouts.Scorer\).addAt off the owner`
}

// Limited: goroutines that call what the caller hands them, so they may
// race with each other, only read a limit their starter set before
// starting them; it waits for them and writes it in none of what it does
// meanwhile.
func (s *Scorer) Limited(work func(int)) { // want Limited:`summary\(arg0 writes fanouts\.Scorer\.total; async arg1; of which joined arg1; started arg0\)` Limited:`may block`
	s.total = len(s.scores)
	var wg sync.WaitGroup
	for i := range s.scores {
		wg.Go(func() {
			if i < s.total {
				work(i)
			}
		})
	}
	wg.Wait()
}

// Fed: workers draining a channel the starter feeds, then waits for.
func (s *Scorer) Fed(work func(int)) { // want Fed:`may block` Fed:`summary\(arg0 writes fanouts\.Scorer\.total; async arg1; of which joined arg1; started arg0\)`
	s.total = len(s.scores)
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for i := range jobs {
				work(i * s.total)
			}
		})
	}
	for i := range s.scores {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
}

// Look-alikes: a starter that writes the limit while the goroutines run,
// one that does not wait for them, and one that code off the owner runs.
func (s *Scorer) LimitedLate(work func(int)) { // want LimitedLate:`may block` LimitedLate:`summary\(arg0 writes fanouts\.Scorer\.total; async arg1; of which joined arg1; started arg0\)`
	var wg sync.WaitGroup
	for i := range s.scores {
		wg.Go(func() {
			if i < s.total { // want `reads confined fanouts.Scorer.total off the owner`
				work(i)
			}
		})
	}
	s.total = len(s.scores)
	wg.Wait()
}

func (s *Scorer) FedNoWait(work func(int)) { // want FedNoWait:`summary\(arg0 reads fanouts\.Scorer\.scores; async arg1; started arg0\)`
	jobs := make(chan int)
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range jobs {
			work(i * s.total) // want `reads confined fanouts.Scorer.total off the owner`
		}
	})
	for i := range s.scores {
		jobs <- i
	}
	close(jobs)
}

func (s *Scorer) Background(work func(int)) { go s.limitedInner(work) } // want Background:`may block` Background:`summary\(async arg1; started arg0\)`

func (s *Scorer) limitedInner(work func(int)) {
	var wg sync.WaitGroup
	for i := range s.scores { // want `calls confined \(\*fanouts.Scorer\).limitedInner off the owner: this code runs via a go statement`
		wg.Go(func() {
			if i < s.total { // want `reads confined fanouts.Scorer.total off the owner`
				work(i)
			}
		})
	}
	wg.Wait()
}

// Look-alike: the starter calls a method that writes the limit while the
// workers run.
func (s *Scorer) FedReset(work func(int)) { // want FedReset:`may block` FedReset:`summary\(arg0 writes fanouts\.Scorer\.total; async arg1; of which joined arg1; started arg0\)`
	s.total = len(s.scores)
	jobs := make(chan int)
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range jobs {
			work(i * s.total) // want `reads confined fanouts.Scorer.total off the owner`
		}
	})
	jobs <- 1
	s.reset()
	close(jobs)
	wg.Wait()
}

func (s *Scorer) reset() { s.total = 0 }

// LimitedGo: Limited with go statements signalling a WaitGroup.
func (s *Scorer) LimitedGo(work func(int)) { // want LimitedGo:`may block` LimitedGo:`summary\(arg0 writes fanouts\.Scorer\.total; async arg1; of which joined arg1; started arg0\)`
	s.total = len(s.scores)
	var wg sync.WaitGroup
	for i := range s.scores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i < s.total {
				work(i)
			}
		}()
	}
	wg.Wait()
}

// Look-alike: a starter that never returns, and never waits.
func (s *Scorer) Forever(work func(int)) { // want Forever:`summary\(async arg1; started arg0\)`
	var wg sync.WaitGroup
	for {
		wg.Go(func() {
			work(s.total) // want `reads confined fanouts.Scorer.total off the owner`
		})
	}
}

// Look-alike: a starter that may give up waiting (a select with another
// case) returns while the workers still read.
func (s *Scorer) FedGivesUp(work func(int), timeout <-chan struct{}) { // want FedGivesUp:`summary\(arg0 writes fanouts\.Scorer\.total; async arg1; started arg0\)`
	s.total = len(s.scores)
	done := make(chan struct{})
	jobs := make(chan int)
	go func() {
		defer close(done)
		for i := range jobs {
			work(i * s.total) // want `reads confined fanouts.Scorer.total off the owner`
		}
	}()
	for i := range s.scores {
		jobs <- i
	}
	close(jobs)
	select {
	case <-done:
	case <-timeout:
	}
}

// FedDone: the same worker, waited for on the channel it closes.
func (s *Scorer) FedDone(work func(int)) { // want FedDone:`summary\(arg0 writes fanouts\.Scorer\.total; async arg1; of which joined arg1; started arg0\)`
	s.total = len(s.scores)
	done := make(chan struct{})
	jobs := make(chan int)
	go func() {
		defer close(done)
		for i := range jobs {
			work(i * s.total)
		}
	}()
	for i := range s.scores {
		jobs <- i
	}
	close(jobs)
	<-done
}

//confined:owner
type meter struct{ n int } // want meter:`confined:owner`

func (m *meter) bump() { m.n++ }

// Elements: each goroutine calls a method on its own element of the slice
// the loop ranges over; the caller waits.
func Elements(ms []*meter) { // want Elements:`may block` Elements:`summary\(arg0 calls \(\*fanouts\.meter\)\.bump; reads the entries of arg0\)`
	var wg sync.WaitGroup
	for _, m := range ms {
		wg.Go(func() { m.bump() })
	}
	wg.Wait()
}

// Entries: each goroutine bumps the meter its own key maps to, in a range
// over a map; the caller waits.
func Entries(ms map[string]*meter) { // want Entries:`may block` Entries:`summary\(arg0 calls \(\*fanouts\.meter\)\.bump; reads the entries of arg0\)`
	var wg sync.WaitGroup
	for _, m := range ms {
		wg.Go(func() { m.bump() })
	}
	wg.Wait()
}

// Shared: every goroutine bumps the same meter, copied into a variable of
// the iteration: siblings race.
func Shared(m *meter, n int) { // want Shared:`may block` Shared:`summary\(started arg0\)`
	var wg sync.WaitGroup
	for range n {
		mm := m
		wg.Go(func() { mm.bump() }) // want `calls confined \(\*fanouts\.meter\)\.bump off the owner: this code runs via \(\*sync\.WaitGroup\)\.Go \(fanouts\.go:349\)`
	}
	wg.Wait()
}

// First: every goroutine bumps the first element.
func First(ms []*meter) { // want First:`summary\(off by \(\*sync\.WaitGroup\)\.Go: reads the entries of arg0\)` First:`may block`
	var wg sync.WaitGroup
	for range ms {
		wg.Go(func() { ms[0].bump() }) // want `calls confined \(\*fanouts\.meter\)\.bump off the owner: this code runs via \(\*sync\.WaitGroup\)\.Go \(fanouts\.go:358\)`
	}
	wg.Wait()
}

//confined:owner
type row struct { // want row:`confined:owner`
	up   bool
	code int
}

type board struct{ rows []row }

func show(r row) int { return r.code }

// Export ranges the rows on a goroutine: each row is copied at the range
// clause, the line the race detector names.
func (b *board) Export(out chan<- int) { // want Export:`summary\(started arg0\)`
	go func() {
		for _, r := range b.rows { // want `reads confined fanouts\.row off the owner: this code runs via a go statement`
			out <- show(r)
		}
	}()
}

// Halves: two iterations pick the same element (ms[i/2]): siblings race.
func Halves(ms []*meter) { // want Halves:`may block` Halves:`summary\(started arg0; reads the entries of arg0\)`
	var wg sync.WaitGroup
	for i := range ms {
		m := ms[i/2]
		wg.Go(func() { m.bump() }) // want `calls confined \(\*fanouts\.meter\)\.bump off the owner: this code runs via \(\*sync\.WaitGroup\)\.Go \(fanouts\.go:388\)`
	}
	wg.Wait()
}

//confined:owner
type tally struct{ n int } // want tally:`confined:owner`

type counted struct {
	t    *tally
	hits int
}

func (c *counted) hit() {
	c.hits++
	c.t.n++ // want `writes confined fanouts\.tally\.n off the owner: this code runs via \(\*sync\.WaitGroup\)\.Go \(fanouts\.go:411\)`
}

// Registries: each goroutine works on its own element, but every element
// points to one tally, which siblings write beside each other.
func Registries(cs []*counted) { // want Registries:`may block` Registries:`summary\(started arg0; reads the entries of arg0\)`
	var wg sync.WaitGroup
	for _, c := range cs {
		wg.Go(func() { c.hit() })
	}
	wg.Wait()
}

// A registry whose entries each goroutine stamps itself, weighing it
// through a method of the shared registry that touches only the entry:
// each goroutine writes its own entry. Look-alike: Tally, whose method
// adds to the registry's total, which every sibling writes.
//
//confined:owner
type registry struct { // want registry:`confined:owner`
	entries map[string]*meter
	total   int
}

func (r *registry) weigh(m *meter) int { return m.n + 1 }

func (r *registry) add(m *meter) { r.total += m.n } // want `calls confined \(\*fanouts\.registry\)\.add off the owner: this code runs via \(\*sync\.WaitGroup\)\.Go`

func (r *registry) Stamp() { // want Stamp:`summary\(arg0 writes fanouts\.meter\.n\)` Stamp:`may block`
	var wg sync.WaitGroup
	for _, m := range r.entries {
		wg.Go(func() { m.n = r.weigh(m) })
	}
	wg.Wait()
}

func (r *registry) Tally() { // want Tally:`summary\(arg0 reads fanouts\.registry\.entries; started arg0\)` Tally:`may block`
	var wg sync.WaitGroup
	for _, m := range r.entries {
		wg.Go(func() { r.add(m) })
	}
	wg.Wait()
}

// each fans fn out and waits for every call before it returns: its
// callers wait for the calls, which run beside each other. A caller's
// callback reading the state races with nothing; one writing it races
// with its siblings. Look-alike: eachLater leaves the wait to its caller.
func each(n int, fn func(int)) {
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { fn(i) })
	}
	wg.Wait()
}

func eachLater(n int, fn func(int)) *sync.WaitGroup {
	wg := new(sync.WaitGroup)
	for i := range n {
		wg.Go(func() { fn(i) })
	}
	return wg
}

func (s *Scorer) ReadEach() { // want ReadEach:`summary\(started arg0\)` ReadEach:`may block`
	each(3, func(i int) { _ = s.total + i })
}

func (s *Scorer) WriteEach() { // want WriteEach:`summary\(started arg0\)` WriteEach:`may block`
	each(3, func(i int) {
		s.total += i // want `writes confined fanouts\.Scorer\.total off the owner: this code runs via fanouts\.each`
	})
}

func (s *Scorer) ReadEachLater() { // want ReadEachLater:`summary\(arg0 writes fanouts\.Scorer\.total; started arg0\)` ReadEachLater:`may block`
	wg := eachLater(3, func(i int) {
		_ = s.total + i // want `reads confined fanouts\.Scorer\.total off the owner: this code runs via fanouts\.eachLater`
	})
	s.total++
	wg.Wait()
}

// Two goroutines started side by side and joined right after: each races
// with the other only. One filling a field the other never touches races
// with nothing; a read of what the other writes races with that write.
// Look-alike: one whose starter reads the field before it waits.
func (s *Scorer) Apart() { // want Apart:`may block` Apart:`summary\(started arg0\)`
	var wg sync.WaitGroup
	wg.Go(func() { s.total = len(s.scores) })
	wg.Go(func() { s.names = append(s.names, "apart") })
	wg.Wait()
}

func (s *Scorer) Crossed() { // want Crossed:`may block` Crossed:`summary\(started arg0\)`
	var wg sync.WaitGroup
	wg.Go(func() {
		s.total = 1 // want `writes confined fanouts\.Scorer\.total off the owner: this code runs via \(\*sync\.WaitGroup\)\.Go`
	})
	wg.Go(func() {
		_ = s.total + 1 // want `reads confined fanouts\.Scorer\.total off the owner: this code runs via \(\*sync\.WaitGroup\)\.Go`
	})
	wg.Wait()
}

func (s *Scorer) Peeked() int { // want Peeked:`may block` Peeked:`summary\(arg0 calls \(\*fanouts\.Scorer\)\.totalNow; started arg0\)`
	var wg sync.WaitGroup
	wg.Go(func() {
		s.total = 1 // want `writes confined fanouts\.Scorer\.total off the owner: this code runs via \(\*sync\.WaitGroup\)\.Go`
	})
	n := s.totalNow()
	wg.Wait()
	return n
}

func (s *Scorer) totalNow() int { return s.total }

// A call that only reads counts as its reads: one made while the starter
// waits races with nothing. Look-alike: a call that writes.
func (s *Scorer) PeekEach() { // want PeekEach:`may block` PeekEach:`summary\(started arg0\)`
	each(3, func(i int) { _ = s.totalNow() + i })
}

func (s *Scorer) BumpEach() { // want BumpEach:`may block` BumpEach:`summary\(started arg0\)`
	each(3, func(int) {
		s.bump()
	})
}

func (s *Scorer) bump() { s.total++ } // want `calls confined \(\*fanouts\.Scorer\)\.bump off the owner: this code runs via fanouts\.each`
