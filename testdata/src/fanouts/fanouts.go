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
