package suggestloopless

import (
	"sync"

	"golang.org/x/sync/errgroup"
)

// Goroutines of an errgroup bump a shared count.
type crawler struct { // want `suggest for suggestloopless\.crawler: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.crawler\)\.crawl\) touches its field visited without a lock`
	visited int
}

func (c *crawler) crawl(urls []string) error {
	var g errgroup.Group
	for range urls {
		g.Go(func() error {
			c.visited++
			return nil
		})
	}
	return g.Wait()
}

// A once.Do run on a goroutine fills what the getter reads and writes.
type loader struct { // want `suggest for suggestloopless\.loader: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.loader\)\.prefetch\) touches its fields data, hits without a lock`
	once sync.Once
	data map[string]int
	hits int
}

func (l *loader) prefetch() {
	go l.once.Do(func() {
		l.data = map[string]int{}
		l.hits++
	})
}

func (l *loader) get(k string) int {
	l.hits++
	return l.data[k]
}

// An unlocked counter that a refresh goroutine bumps beside a clock the
// first reader sets through a once: every read of clock follows that
// once's Do, so it is :any, whoever reads it.
type clocked struct { // want `suggest for suggestloopless\.clocked: //confined:owner: code off the owner \(\(\*suggestloopless\.clocked\)\.refresh\) touches its field refreshes without a lock`
	clockOnce sync.Once
	clock     func() int // want `suggest for field clock: //confined:any: only the func a sync\.Once runs writes it, and every read follows that once's Do, and \(\*suggestloopless\.clocked\)\.now reads it off the owner`
	refreshes int
}

func (c *clocked) now() int {
	c.clockOnce.Do(func() {
		if c.clock == nil {
			c.clock = func() int { return 1 }
		}
	})
	return c.clock()
}

func (c *clocked) refresh() {
	_ = c.now()
	c.refreshes++
}

func (c *clocked) Get() int { // want Get:`summary\(invokes arg0; started arg0\)` Get:`reads suggestloopless\.clocked\.clock, suggestloopless\.clocked\.refreshes`
	go c.refresh()
	return c.now() + c.refreshes
}

// Look-alike of a lazy load (suggestexplain's lazyConfig, whose reads all
// go through the once, gets nothing): Peek reads without the once, while
// the warm-up goroutine's load may still write.
type peekedConfig struct { // want `suggest for suggestloopless\.peekedConfig: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.peekedConfig\)\.Warm\) touches its field cfg without a lock, and the code that creates and calls the value uses it too: with no loop, that code is the owner, and the check reports the goroutines`
	once sync.Once
	cfg  map[string]string
}

func (c *peekedConfig) load()                { c.cfg = map[string]string{} }
func (c *peekedConfig) Warm()                { go func() { c.once.Do(c.load) }() } // want Warm:`summary\(started arg0\)`
func (c *peekedConfig) Get(k string) string  { c.once.Do(c.load); return c.cfg[k] } // want Get:`writes suggestloopless\.peekedConfig\.cfg`
func (c *peekedConfig) Peek(k string) string { return c.cfg[k] } // want Peek:`reads suggestloopless\.peekedConfig\.cfg`

// Look-alike: what the once runs, Reset calls outside it.
type resetConfig struct { // want `suggest for suggestloopless\.resetConfig: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.resetConfig\)\.Warm\) touches its field cfg without a lock, and the code that creates and calls the value uses it too: with no loop, that code is the owner, and the check reports the goroutines`
	once sync.Once
	cfg  map[string]string
}

func (c *resetConfig) fill()               { c.cfg = map[string]string{} }
func (c *resetConfig) Warm()               { go func() { c.once.Do(c.fill) }() } // want Warm:`summary\(started arg0\)`
func (c *resetConfig) Get(k string) string { c.once.Do(c.fill); return c.cfg[k] } // want Get:`writes suggestloopless\.resetConfig\.cfg`
func (c *resetConfig) Reset()              { c.fill() } // want Reset:`writes suggestloopless\.resetConfig\.cfg`

// Look-alike: Get waits on another once than the one that loads cfg.
type twoOnces struct { // want `suggest for suggestloopless\.twoOnces: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.twoOnces\)\.Warm\) touches its field cfg without a lock, and the code that creates and calls the value uses it too: with no loop, that code is the owner, and the check reports the goroutines`
	loadOnce, statsOnce sync.Once
	cfg                 map[string]string
}

func (c *twoOnces) load()               { c.cfg = map[string]string{} }
func (c *twoOnces) Warm()               { go func() { c.loadOnce.Do(c.load) }() } // want Warm:`summary\(started arg0\)`
func (c *twoOnces) Get(k string) string { c.statsOnce.Do(func() {}); return c.cfg[k] } // want Get:`reads suggestloopless\.twoOnces\.cfg`

// A goroutine joined only after the spawner wrote what it writes too. The
// done channel it closes was set up before it started: confining the type
// would report the close, so only the progress is confined.
type job struct {
	progress int // want `suggest for field progress: //confined:owner: code off the owner \(func literal in \(\*suggestloopless.job\).run\) writes it without a lock`
	done     chan struct{}
}

func (j *job) run() {
	j.done = make(chan struct{})
	go func() {
		j.progress = 100
		close(j.done)
	}()
	j.progress = 1
	<-j.done
}

// A batch its spawner still fills while the goroutine reads it; the sum
// only the goroutine keeps needs nothing.
type batch struct {
	items []int // want `suggest for field items: //confined:owner: code off the owner \(func literal in \(\*suggestloopless.batch\).process\) reads it, and the code that creates and calls the value uses it too`
	sum   int
}

func (b *batch) process(in []int) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for _, v := range b.items {
			b.sum += v
		}
	}()
	for _, v := range in {
		b.items = append(b.items, v)
	}
	wg.Wait()
}

// The goroutines bump a count through a method of the value they share.
type gauge struct { // want `suggest for suggestloopless\.gauge: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.gauge\)\.run\) touches its field ticks without a lock`
	ticks int
}

func (g *gauge) tick() { g.ticks++ }

func (g *gauge) run() int {
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() { g.tick() })
	}
	wg.Wait()
	return g.ticks
}

// Joined look-alikes: goroutines the caller waits for before it returns
// race only with what it does before the wait. Here it does nothing but
// wait, so the fields the goroutines read and write, which other methods
// use at other times, need nothing.
type index struct {
	root  *string
	count int
}

func (x *index) scan(n int) {
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() { println(*x.root) })
	}
	wg.Go(func() { x.count = n })
	wg.Wait()
}

func (x *index) reset(s string) { x.root = &s; x.count = 0 }

// A goroutine reads under the lock what its starter writes under the lock
// while it runs: the lock orders them, nothing is proposed.
type registry struct {
	mu    sync.Mutex
	names map[string]int
}

func (r *registry) watch(name string) {
	go func() {
		r.mu.Lock()
		println(r.names[name])
		r.mu.Unlock()
	}()
	r.mu.Lock()
	r.names[name] = 1
	r.mu.Unlock()
}
