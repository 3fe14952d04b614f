package fanouts

import (
	"sync"

	"golang.org/x/sync/errgroup"
)

// A method that starts one goroutine on a group and returns the group's
// Wait (a method value, or a literal that waits first) to callers that all
// call it right away: the goroutine runs while they wait. Started in a
// loop, or with a caller working before it waits, it runs beside them.

//confined:owner
type Fetcher struct { // want Fetcher:`confined:owner`
	rules []string
	delay int
}

func (f *Fetcher) startRules() func() error {
	var g errgroup.Group
	g.Go(func() error {
		f.rules = append(f.rules, "allow")
		return nil
	})
	return g.Wait
}

func (f *Fetcher) startDelay() func() {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		f.delay = 2
	}()
	return func() { wg.Wait() }
}

func (f *Fetcher) Load() error { // want Load:`summary\(arg0 calls \(\*fanouts\.Fetcher\)\.startDelay\)`
	f.startDelay()()
	return f.startRules()()
}

// Look-alike: each start of the loop runs beside the others.
func (f *Fetcher) startEach(n int) func() error {
	var g errgroup.Group
	for range n {
		g.Go(func() error {
			f.delay++ // want `writes confined fanouts\.Fetcher\.delay off the owner: this code runs via \(\*errgroup\.Group\)\.Go`
			return nil
		})
	}
	return g.Wait
}

func (f *Fetcher) LoadEach() error { return f.startEach(3)() } // want LoadEach:`summary\(started arg0\)`

// Look-alike: a caller that works before it waits.
//confined:owner
type Prefetcher struct { // want Prefetcher:`confined:owner`
	rules []string
	hits  int
}

func (p *Prefetcher) start() func() error {
	var g errgroup.Group
	g.Go(func() error {
		p.rules = nil // want `writes confined fanouts\.Prefetcher\.rules off the owner: this code runs via \(\*errgroup\.Group\)\.Go`
		return nil
	})
	return g.Wait
}

func (p *Prefetcher) Load() error { // want Load:`summary\(arg0 writes fanouts\.Prefetcher\.hits; started arg0\)`
	wait := p.start()
	p.hits++
	return wait()
}
