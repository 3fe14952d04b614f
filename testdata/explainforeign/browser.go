// Package explainforeign: a helper package's cache that this package's
// loop reads and its goroutine fills gets nothing (a struct with a mutex
// holds it: kept under a lock), and -suggest -explain says so from here,
// where its values are used, since its own package sees no candidate.
package explainforeign

import (
	"sync"

	"example.com/explainforeign/cache"
)

type browser struct {
	mu     sync.Mutex
	cache  *cache.Cache
	keys   chan string
	marked int
}

func newBrowser() *browser {
	b := &browser{cache: cache.New(), keys: make(chan string)}
	go b.run()
	return b
}

func (b *browser) run() {
	for k := range b.keys {
		b.cache.Get(k)
	}
}

func (b *browser) Prefetch(k string) { go b.cache.Put(k, "v") }
