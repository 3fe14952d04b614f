package suggestloopless

import "sync"

// A statWarmer's Prewarm hands each goroutine it starts the address of a
// counter inside its stats, which the goroutine bumps when done, while its
// caller reads the stats whole: the stats are the statWarmer's, and the
// goroutines write them through the address.
type statWarmer struct { // want `suggest for suggestloopless\.statWarmer: //confined:owner: code off the owner \(\(\*suggestloopless\.statWarmer\)\.prewarm\) touches its field stats without a lock, and the code that creates and calls the value uses it too \(\(\*suggestloopless\.statWarmer\)\.Build, \(\*suggestloopless\.statWarmer\)\.Prewarm\): with no loop, that code is the owner, and the check reports the goroutines`
	mu    sync.Mutex
	warm  map[string]int // want `suggest for field warm: //confined:any: code writes it only with a lock held, and \(\*suggestloopless\.statWarmer\)\.prewarm writes it off the owner, with the lock held`
	stats warmTally
}

type warmTally struct {
	prewarmed, built int
}

func (w *statWarmer) Prewarm(names []string) { // want Prewarm:`summary\(started arg0; reads the entries of arg1\)` Prewarm:`writes suggestloopless\.statWarmer\.stats, suggestloopless\.warmTally\.prewarmed`
	for _, n := range names {
		go w.prewarm(n, &w.stats.prewarmed)
	}
}

func (w *statWarmer) prewarm(name string, n *int) {
	w.mu.Lock()
	w.warm[name] = len(name)
	w.mu.Unlock()
	*n++
}

func (w *statWarmer) Build() { w.stats.built++ } // want Build:`writes suggestloopless\.statWarmer\.stats, suggestloopless\.warmTally\.built; reads suggestloopless\.warmTally\.built; grows suggestloopless\.warmTally\.built`

func (w *statWarmer) Stats() warmTally { return w.stats } // want Stats:`reads suggestloopless\.statWarmer\.stats`

// Look-alike: the goroutines bump a tally the call makes for itself, and
// the call waits for them before it adds the tally to its stats.
type tallyWarmer struct {
	stats warmTally
}

func (w *tallyWarmer) Prewarm(names []string) { // want Prewarm:`summary\(reads the entries of arg1\)` Prewarm:`writes suggestloopless\.tallyWarmer\.stats, suggestloopless\.warmTally\.prewarmed; reads suggestloopless\.warmTally\.prewarmed; grows suggestloopless\.warmTally\.prewarmed` Prewarm:`may block`
	var wg sync.WaitGroup
	var tally int
	var mu sync.Mutex
	for _, n := range names {
		wg.Go(func() { bumpLocked(&mu, &tally, len(n)) })
	}
	wg.Wait()
	w.stats.prewarmed += tally
}

func bumpLocked(mu *sync.Mutex, n *int, by int) {
	mu.Lock()
	defer mu.Unlock()
	*n += by
}

func (w *tallyWarmer) Stats() warmTally { return w.stats } // want Stats:`reads suggestloopless\.tallyWarmer\.stats`

// Look-alike: the goroutine bumps the counter with the statWarmer's lock held,
// and Stats takes that lock to read.
type lockedWarmer struct {
	mu    sync.Mutex
	stats warmTally
}

func (w *lockedWarmer) Prewarm(names []string) { // want Prewarm:`summary\(started arg0\)` Prewarm:`writes suggestloopless\.lockedWarmer\.stats, suggestloopless\.warmTally\.prewarmed`
	for range names {
		go w.prewarm(&w.stats.prewarmed)
	}
}

func (w *lockedWarmer) prewarm(n *int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	*n++
}

func (w *lockedWarmer) Stats() warmTally { // want Stats:`reads suggestloopless\.lockedWarmer\.stats`
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.stats
}
