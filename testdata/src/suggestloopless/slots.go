package suggestloopless

import "sync"

// A fan-out: one goroutine per index, each writing the slot its index
// picks, joined before the results are read. No two goroutines write one
// slot: nothing races, and no owner is proposed.
type results struct {
	vals  [16]int
	names []string
}

func (r *results) fill() int {
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			r.vals[i] = i * i
			r.names[i] = "n"
		}(i)
	}
	wg.Wait()
	return r.vals[3] + len(r.names)
}

// Look-alike: every goroutine writes the same slot, which the caller reads.
type hot struct { // want `suggest for suggestloopless\.hot: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.hot\)\.fill\) touches its field vals without a lock`
	vals [4]int
}

func (h *hot) fill() int {
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() { h.vals[0]++ })
	}
	wg.Wait()
	return h.vals[0]
}

// A fan-out over a tree: each goroutine works on the child its index
// picks, through the child's own methods. The children are the
// goroutines' parts: no owner is proposed.
type tree struct {
	kids  [2]*tree
	count int
}

func (t *tree) add() { t.count++ }

func (t *tree) grow() {
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			t.kids[i].add()
		}(i)
	}
	wg.Wait()
}

// A walk that hands one child to a goroutine it joins and adds to the
// other itself: each works on its part while they run.
func (t *tree) walk() {
	var wg sync.WaitGroup
	left := t.kids[0]
	wg.Go(func() { left.add() })
	t.kids[1].add()
	wg.Wait()
}

// A fan-out over the children: each goroutine adds to the child of its
// iteration, which it captured.
func (t *tree) spread() {
	var wg sync.WaitGroup
	for _, kid := range t.kids {
		wg.Go(func() { kid.add() })
	}
	wg.Wait()
}

// Slots of their own beside a shared count: only the count is confined.
type scanner struct {
	found  int // want `suggest for field found: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.scanner\)\.Scan\) writes it without a lock, and another goroutine, or the same started again, writes it too: with no loop, that code is the owner, and the check reports the goroutines`
	counts []int
}

func (s *scanner) Scan(n int) int { // want Scan:`summary\(started arg0\)` Scan:`may block` Scan:`reads suggestloopless\.scanner\.found`
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() { s.found++ })
	}
	wg.Wait()
	return s.found
}

func (s *scanner) Slots(n int) int { // want Slots:`writes suggestloopless\.scanner\.counts` Slots:`may block` Slots:`summary\(started arg0\)`
	var wg sync.WaitGroup
	s.counts = make([]int, n)
	for i := range n {
		wg.Go(func() { s.counts[i] = 1 })
	}
	wg.Wait()
	return len(s.counts)
}
