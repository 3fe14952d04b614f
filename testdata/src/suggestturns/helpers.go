package suggestturns

import "sync"

// A helper the turn's actor keeps, beside a table it locks for: a go
// statement calling the actor's method fills it, while a turn reads it
// through a method of its own. The helper is the actor's, mutex or not
// (the turn also locks for the table from a goroutine).
type cache struct { // want `suggest for suggestturns\.cache: //confined:owner: code off the owner \(\(\*suggestturns\.warmer\)\.warm\) touches its field items without a lock, while code on the owner \(\(\*suggestturns\.warmer\)\.Receive\) reads it: it is that owner's`
	items map[string]int
}

func (c *cache) put(k string) { c.items[k]++ }

func (c *cache) size() int { return len(c.items) }

type warmer struct {
	mu     sync.Mutex
	quotas map[string]int // under mu // want `suggest for field quotas: //confined:any: code writes it only with a lock held, and func literal in \(\*suggestturns\.warmer\)\.Receive writes it off the owner, with the lock held`
	cache  *cache // want `suggest for field cache: //confined:any: only code building a warmer writes it, and \(\*suggestturns\.warmer\)\.warm reads it off the owner`
}

func newCache() *cache { return &cache{items: map[string]int{}} }

func newWarmer() Receiver {
	w := &warmer{quotas: map[string]int{}}
	w.cache = newCache()
	return w
}

func (w *warmer) Receive(msg any) { // want Receive:`summary\(arg0 reads suggestturns\.warmer\.cache; started arg0\)` Receive:`reads suggestturns\.cache\.items, suggestturns\.warmer\.cache`
	switch msg := msg.(type) {
	case string:
		go w.warm(msg)
	case int:
		println(w.cache.size() + msg)
	case bool:
		go func() {
			w.mu.Lock()
			w.quotas["charged"]++
			w.mu.Unlock()
		}()
	}
}

func (w *warmer) warm(k string) { w.cache.put(k) }

// Look-alike: the goroutine fills a cache of its own.
type coldWarmer struct {
	mu    sync.Mutex
	cache *cache
}

func (w *coldWarmer) Receive(msg any) { // want Receive:`summary\(started arg0\)`
	if k, ok := msg.(string); ok {
		go w.fill(k)
	}
}

func (w *coldWarmer) fill(k string) {
	c := &cache{items: map[string]int{}}
	c.put(k)
	println(c.size())
}
