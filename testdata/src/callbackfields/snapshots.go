package callbackfields

import "sync"

// A feed keeps its subscribers in a map under a lock, and its goroutine
// calls a copy it takes under the lock (a snapshot): the copy's funcs are
// the map's, so Subscribe is an async sink. Look-alike: a snapshot of
// funcs the feed makes itself calls none of its callers'.
type feed struct {
	mu   sync.Mutex
	subs map[int]func(string)
	in   chan string
}

func newFeed() *feed {
	b := &feed{subs: map[int]func(string){}, in: make(chan string)}
	go b.dispatch()
	return b
}

func (b *feed) Subscribe(fn func(string)) { // want Subscribe:`summary\(async arg1\)`
	b.mu.Lock()
	b.subs[len(b.subs)] = fn
	b.mu.Unlock()
}

func (b *feed) snapshot() []func(string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]func(string), 0, len(b.subs))
	for _, fn := range b.subs {
		out = append(out, fn)
	}
	return out
}

func (b *feed) dispatch() {
	for v := range b.in {
		for _, fn := range b.snapshot() {
			fn(v)
		}
		for _, fn := range b.defaults() {
			fn(v)
		}
	}
}

func (b *feed) defaults() []func(string) {
	out := make([]func(string), 1)
	out[0] = func(string) {}
	return out
}

func (s *state) onNews(string) {
	s.n++ // want `calls confined \(\*callbackfields.state\).onNews off the owner: this code runs via \(\*callbackfields.feed\).Subscribe \(snapshots.go:\d+\); inside, it writes callbackfields.state.n`
}

func listen(s *state, b *feed) { b.Subscribe(s.onNews) }

// The same in generic code: a cache's eviction callback, stored by a
// functional option and called by the janitor its generic constructor
// starts.
type cache[K comparable] struct {
	onEvict func(K)
	items   map[K]int
}

type cacheOption[K comparable] func(*cache[K])

func onEvict[K comparable](fn func(K)) cacheOption[K] {
	return func(c *cache[K]) { c.onEvict = fn }
}

func newCache[K comparable](opts ...cacheOption[K]) *cache[K] {
	c := &cache[K]{items: map[K]int{}}
	for _, o := range opts {
		o(c)
	}
	go c.janitor()
	return c
}

func (c *cache[K]) janitor() {
	for k := range c.items {
		c.onEvict(k)
	}
}

func (s *state) onEvicted(string) {
	s.n++ // want `calls confined \(\*callbackfields.state\).onEvicted off the owner: this code runs via callbackfields.onEvict \(snapshots.go:\d+\); inside, it writes callbackfields.state.n`
}

func evicting(s *state) *cache[string] { return newCache(onEvict(s.onEvicted)) }
