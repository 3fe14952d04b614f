package sitemap

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"example.com/corpus/trial-nl22q/internal/par"
)

// Options tune a crawl.
type Options struct {
	MaxDepth  int
	MaxPages  int
	Workers   int
	Attempts  int
	Backoff   time.Duration
	UserAgent string
	// PingURLs are search engine endpoints notified after Publish; the
	// sitemap location is appended URL-escaped.
	PingURLs []string
}

// DefaultOptions are conservative settings for small sites.
func DefaultOptions() Options {
	return Options{MaxDepth: 5, MaxPages: 500, Workers: 4, Attempts: 2, Backoff: 50 * time.Millisecond, UserAgent: "sitemapbot/1.0"}
}

// Broken is a link that could not be fetched successfully.
type Broken struct {
	URL    string
	Status int
	Err    error
}

// CrawlStats counts fetch outcomes.
type CrawlStats struct {
	mu        sync.Mutex
	byStatus  map[int]int
	fetched   atomic.Int64
	redirects int
}

func (s *CrawlStats) record(p *Page) {
	s.mu.Lock()
	if s.byStatus == nil {
		s.byStatus = map[int]int{}
	}
	s.byStatus[p.Status]++
	s.mu.Unlock()
	s.fetched.Add(1)
	if p.Redirected() {
		s.redirects++ // RACY
	}
}

// StatsSnapshot is a copy of CrawlStats.
type StatsSnapshot struct {
	Fetched   int
	Redirects int
	ByStatus  map[int]int
}

// Crawler walks one site breadth first.
type Crawler struct {
	root    *url.URL
	fetcher Fetcher
	opts    Options

	robots robotsRules
	delay  time.Duration
	stats  CrawlStats
	broken []Broken
	pinged int
}

// New returns a crawler for the site rooted at rawRoot.
func New(rawRoot string, f Fetcher, opts Options) (*Crawler, error) {
	u, err := url.Parse(rawRoot)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, errors.New("sitemap: root must be an absolute http(s) URL")
	}
	if opts.Workers < 1 {
		opts.Workers = 1
	}
	if opts.Attempts < 1 {
		opts.Attempts = 1
	}
	u.Path = "/"
	u.RawQuery = ""
	return &Crawler{root: u, fetcher: f, opts: opts}, nil
}

func (c *Crawler) robotsURL() string {
	return c.root.ResolveReference(&url.URL{Path: "/robots.txt"}).String()
}

func (c *Crawler) fetchRobots(ctx context.Context) (robotsRules, error) {
	p, err := c.fetcher.Fetch(ctx, c.robotsURL())
	if err != nil {
		return robotsRules{}, err
	}
	if p.Status >= 400 {
		return robotsRules{}, nil
	}
	return parseRobots(p.Body, c.opts.UserAgent), nil
}

// LoadRobots fetches robots.txt in the background. The returned channel is
// closed once the access rules are in place.
func (c *Crawler) LoadRobots(ctx context.Context) <-chan struct{} {
	ready := make(chan struct{})
	go func() {
		rules, err := c.fetchRobots(ctx)
		if err == nil {
			c.robots = rules
		}
		close(ready)
		c.delay = rules.delay // RACY
	}()
	return ready
}

// StartRobots fetches robots.txt in the background and returns a func that
// waits for it and reports the fetch error.
func (c *Crawler) StartRobots(ctx context.Context) (wait func() error) {
	var g errgroup.Group
	g.Go(func() error {
		rules, err := c.fetchRobots(ctx)
		if err != nil {
			return err
		}
		c.robots = rules
		c.delay = rules.delay
		return nil
	})
	return g.Wait
}

// allowed reports whether rawURL is on the crawled host and permitted by
// robots.txt.
func (c *Crawler) allowed(rawURL string) bool {
	u, err := url.Parse(rawURL)
	if err != nil || !strings.EqualFold(u.Host, c.root.Host) {
		return false
	}
	return c.robots.allows(u.EscapedPath())
}

type visit struct {
	url     string
	ok      bool
	index   bool
	lastMod time.Time
	links   []string
}

// Crawl walks the site breadth first and returns the sitemap of every
// indexable HTML page it reached.
func (c *Crawler) Crawl(ctx context.Context) (*Sitemap, error) {
	delay := c.delay
	start := normalise(c.root)
	seen := map[string]bool{start: true}
	frontier := []string{start}
	sm := &Sitemap{}
	for depth := 0; len(frontier) > 0 && depth <= c.opts.MaxDepth; depth++ {
		results := make([]visit, len(frontier))
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(c.opts.Workers)
		for i, u := range frontier {
			g.Go(func() error {
				v, err := c.visit(gctx, u, delay)
				results[i] = v
				return err
			})
		}
		if err := g.Wait(); err != nil {
			return nil, err
		}
		var next []string
		for _, v := range results {
			if v.ok && v.index {
				sm.add(Entry{Loc: v.url, LastMod: v.lastMod, Depth: depth})
			}
			for _, l := range v.links {
				if seen[l] || len(seen) >= c.opts.MaxPages || !c.allowed(l) {
					continue
				}
				seen[l] = true
				next = append(next, l)
			}
		}
		frontier = next
	}
	sm.sort()
	return sm, nil
}

func (c *Crawler) visit(ctx context.Context, u string, delay time.Duration) (visit, error) {
	if delay > 0 {
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return visit{}, ctx.Err()
		case <-t.C:
		}
	}
	page, err := c.get(ctx, u)
	if err != nil {
		if ctx.Err() != nil {
			return visit{}, ctx.Err()
		}
		c.markBroken(Broken{URL: u, Err: err})
		return visit{}, nil
	}
	c.stats.record(page)
	if page.Status >= 400 {
		c.markBroken(Broken{URL: u, Status: page.Status})
		return visit{}, nil
	}
	v := visit{url: u, ok: true, index: true, lastMod: page.LastModified}
	if page.Redirected() {
		v.url = page.FinalURL
	}
	if !page.HTML() {
		return v, nil
	}
	base, err := url.Parse(v.url)
	if err != nil {
		return v, nil
	}
	v.index = !noindex(page.Body)
	v.links = extractLinks(page.Body, base)
	return v, nil
}

func (c *Crawler) get(ctx context.Context, u string) (*Page, error) {
	var page *Page
	err := par.Retry(ctx, c.opts.Attempts, c.opts.Backoff, func(int) error {
		p, err := c.fetcher.Fetch(ctx, u)
		if err != nil {
			return err
		}
		if p.Status >= 500 {
			return errRetry
		}
		page = p
		return nil
	})
	return page, err
}

func (c *Crawler) markBroken(b Broken) {
	c.broken = append(c.broken, b) // RACY
}

// Broken lists the links that failed during the last crawl.
func (c *Crawler) Broken() []Broken { return append([]Broken(nil), c.broken...) }

// Stats returns a copy of the fetch counters.
func (c *Crawler) Stats() StatsSnapshot {
	c.stats.mu.Lock()
	defer c.stats.mu.Unlock()
	by := make(map[int]int, len(c.stats.byStatus))
	for k, v := range c.stats.byStatus {
		by[k] = v
	}
	return StatsSnapshot{Fetched: int(c.stats.fetched.Load()), Redirects: c.stats.redirects, ByStatus: by}
}

// CheckLinks fetches every URL and reports the broken ones, in no
// particular order.
func (c *Crawler) CheckLinks(ctx context.Context, urls []string) []Broken {
	var mu sync.Mutex
	var broken []Broken
	g := par.NewGroup(c.opts.Workers)
	for _, u := range urls {
		g.Go(func() error {
			p, err := c.get(ctx, u)
			var b *Broken
			switch {
			case err != nil:
				b = &Broken{URL: u, Err: err}
			case p.Status >= 400:
				b = &Broken{URL: u, Status: p.Status}
			}
			if b != nil {
				mu.Lock()
				broken = append(broken, *b)
				mu.Unlock()
			}
			return nil
		})
	}
	g.Wait()
	return broken
}
