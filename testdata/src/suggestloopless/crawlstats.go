package suggestloopless

import (
	"context"
	"sync"
	"sync/atomic"
)

// A crawler's tallies sit in a struct of their own, a field of the
// crawler by value: a lock for the map, an atomic count, and a plain
// count that the workers bump after they let go of the lock. Each level's
// workers share a context made for the level, which hands them nothing of
// the crawler's. The tallies are the crawler's caller's, as the crawler
// is.
type crawlTallies struct { // want `suggest for suggestloopless\.crawlTallies: //confined:owner: code off the owner \(func lit`
	mu        sync.Mutex
	byKind    map[string]int // want `suggest for field byKind: //confined:any: code writes it only with a lock held, and \(\*su`
	seen      atomic.Int64
	redirects int
}

func (t *crawlTallies) note(kind string, redirected bool) {
	t.mu.Lock()
	t.byKind[kind]++
	t.mu.Unlock()
	t.seen.Add(1)
	if redirected {
		t.redirects++
	}
}

type talliedCrawler struct { // want `suggest for suggestloopless\.talliedCrawler: //confined:owner: code off the owner \(func l`
	stats crawlTallies
}

func (c *talliedCrawler) Crawl(ctx context.Context, levels [][]string) { // want Crawl:`may block` Crawl:`summary\(invokes arg1; started arg0 arg1; reads the entries of arg2\)`
	for _, pages := range levels {
		lctx, cancel := context.WithCancel(ctx)
		var wg sync.WaitGroup
		for _, p := range pages {
			wg.Go(func() { c.visit(lctx, p) })
		}
		wg.Wait()
		cancel()
	}
}

func (c *talliedCrawler) visit(ctx context.Context, p string) {
	if ctx.Err() == nil {
		c.stats.note(p, len(p) > 3)
	}
}

func (c *talliedCrawler) Redirects() int { // want Redirects:`reads suggestloopless\.crawlTallies\.redirects, suggestloopless\.talliedCrawler\.stats`
	c.stats.mu.Lock()
	defer c.stats.mu.Unlock()
	return c.stats.redirects
}

// Look-alike: the plain count is bumped with the lock still held.
type lockedTallies struct {
	mu        sync.Mutex
	redirects int
}

func (t *lockedTallies) note(redirected bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if redirected {
		t.redirects++
	}
}

type lockedCrawler struct {
	stats lockedTallies
}

func (c *lockedCrawler) Crawl(ctx context.Context, levels [][]string) { // want Crawl:`may block` Crawl:`summary\(invokes arg1; started arg0 arg1; reads the entries of arg2\)`
	for _, pages := range levels {
		lctx, cancel := context.WithCancel(ctx)
		var wg sync.WaitGroup
		for _, p := range pages {
			wg.Go(func() { c.visit(lctx, p) })
		}
		wg.Wait()
		cancel()
	}
}

func (c *lockedCrawler) visit(ctx context.Context, p string) {
	if ctx.Err() == nil {
		c.stats.note(len(p) > 3)
	}
}

// The same tallies bumped by the workers' literal itself, through the
// address of the field it keeps them in.
type sweepTallies struct { // want `suggest for suggestloopless\.sweepTallies: //confined:owner: code off the owner \(func lit`
	mu     sync.Mutex
	byKind map[string]int // want `suggest for field byKind: //confined:any: code writes it only with a lock held, and \(\*su`
	novel  int
}

func (t *sweepTallies) note(kind string, novel bool) {
	t.mu.Lock()
	t.byKind[kind]++
	t.mu.Unlock()
	if novel {
		t.novel++
	}
}

type tallySweeper struct { // want `suggest for suggestloopless\.tallySweeper: //confined:owner: code off the owner \(func lit`
	stats sweepTallies
}

func (s *tallySweeper) Sweep(items []string) { // want Sweep:`summary\(started arg0; reads the entries of arg1\)` Sweep:`may block`
	var wg sync.WaitGroup
	for _, it := range items {
		wg.Go(func() { s.stats.note(it, len(it) > 3) })
	}
	wg.Wait()
}

func (s *tallySweeper) Novel() int { // want Novel:`reads suggestloopless\.sweepTallies\.novel, suggestloopless\.tallySweeper\.stats`
	s.stats.mu.Lock()
	defer s.stats.mu.Unlock()
	return s.stats.novel
}

// Look-alike: each worker is handed a child of its own behind an
// interface, whose value it writes; the context is no such part, the
// child is.
type crawlNode interface{ depth() int }

type crawlLeaf struct{ hits int }

func (l *crawlLeaf) depth() int { return 1 }

type crawlTree struct{ kids []crawlNode }

func (t *crawlTree) Walk(ctx context.Context) { // want Walk:`may block` Walk:`reads suggestloopless\.crawlTree\.kids` Walk:`summary\(started arg0 arg1\)`
	var wg sync.WaitGroup
	for _, k := range t.kids {
		wg.Go(func() { visitNode(ctx, k) })
	}
	wg.Wait()
}

func visitNode(ctx context.Context, n crawlNode) {
	if l, ok := n.(*crawlLeaf); ok && ctx.Err() == nil {
		l.hits++
	}
}
