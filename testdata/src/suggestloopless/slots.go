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
type hot struct { // want `suggest for suggestloopless.hot: //confined:owner: code off the owner \(func literal in \(\*suggestloopless.hot\).fill\) writes its field vals without a lock`
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
