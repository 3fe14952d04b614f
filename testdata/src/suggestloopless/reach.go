package suggestloopless

import "sync"

// One goroutine per key, each handing its key to a method that writes
// the shared map and counter: a key of its own is no part of its own.
type keyed struct { // want `suggest for suggestloopless\.keyed: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.keyed\)\.Warm\) touches its fields m, misses without a lock, and another goroutine, or the same started again, writes it too: with no loop, that code is the owner, and the check reports the goroutines`
	m      map[string]int
	misses int
}

func (c *keyed) get(k string) {
	if _, ok := c.m[k]; !ok {
		c.m[k] = 1
		c.misses++
	}
}

func (c *keyed) Warm(keys []string) { // want Warm:`may block` Warm:`summary\(started arg0; reads the entries of arg1\)`
	var wg sync.WaitGroup
	for _, k := range keys {
		wg.Go(func() { c.get(k) })
	}
	wg.Wait()
}

// A goroutine that loads through once.Do, which runs the load on the
// goroutine: Peek reads what it writes.
type warmer struct { // want `suggest for suggestloopless\.warmer: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.warmer\)\.Warm\) touches its field cfg without a lock, and the code that creates and calls the value uses it too: with no loop, that code is the owner, and the check reports the goroutines`
	once sync.Once
	cfg  map[string]string
}

func (l *warmer) load() { l.cfg = map[string]string{"k": "v"} }

func (l *warmer) Warm() { // want Warm:`summary\(started arg0\)`
	go func() { l.once.Do(l.load) }()
}

func (l *warmer) Peek() string { return l.cfg["k"] } // want Peek:`reads suggestloopless\.warmer\.cfg`
