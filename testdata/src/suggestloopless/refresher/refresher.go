// Package refresher: a cache whose callers bump its counters while a
// refresh goroutine, which receives work in a loop, stamps one field.
// The callers write more of it than the goroutine: the cache is theirs,
// with no loop, and the goroutine runs off them, as the goroutine each
// miss starts does. (A loop that runs code it is handed keeps its
// receiver whoever writes more: suggestbuilt's Panel.)
package refresher

import (
	"sync"
	"time"
)

type Cache struct { // want `suggest for refresher\.Cache: //confined:owner: code off the owner \(\(\*refresher\.Cache\)\.fill, \(\*refresher\.Cache\)\.refresh\) touches its fields last, loads without a lock, and the code that creates and calls the value uses it too \(\(\*refresher\.Cache\)\.Get, \(\*refresher\.Cache\)\.Reset\)`
	mu     sync.Mutex
	items  map[string]string // want `suggest for field items: //confined:any: code writes it only with a lock held`
	misses int
	loads  int
	last   time.Time
	kick   chan string
}

func New() *Cache { // want New:`summary\(started result\)`
	c := &Cache{items: map[string]string{}, kick: make(chan string)}
	go c.refresh()
	return c
}

func (c *Cache) Get(k string) string { // want Get:`summary\(started arg0\)` Get:`writes suggestloopless/refresher\.Cache\.misses; reads suggestloopless/refresher\.Cache\.items, suggestloopless/refresher\.Cache\.misses`
	c.mu.Lock()
	v, ok := c.items[k]
	c.mu.Unlock()
	if !ok {
		c.misses++
		go c.fill(k)
	}
	return v
}

func (c *Cache) fill(k string) {
	c.loads++
	c.mu.Lock()
	c.items[k] = k
	c.mu.Unlock()
}

func (c *Cache) Reset() { c.misses, c.loads = 0, 0 } // want Reset:`writes suggestloopless/refresher\.Cache\.loads, suggestloopless/refresher\.Cache\.misses`

func (c *Cache) Last() time.Time { return c.last } // want Last:`reads suggestloopless/refresher\.Cache\.last`

// Refresh has the goroutine drop k.
func (c *Cache) Refresh(k string) { c.kick <- k }

func (c *Cache) refresh() {
	for k := range c.kick {
		c.mu.Lock()
		delete(c.items, k)
		c.mu.Unlock()
		c.last = time.Now()
	}
}
