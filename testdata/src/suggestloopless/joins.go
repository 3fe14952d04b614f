package suggestloopless

import (
	"context"
	"sync"
)

// A fan-out whose goroutines each fill a slot of their own, joined by
// another method: a slot races with no other goroutine, but Fetched reads
// one before the join.
type pageFetcher struct { // want `suggest for suggestloopless\.pageFetcher: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.pageFetcher\)\.Start\) touches its field pages without a lock, and the code that creates and calls the value uses it too: with no loop`
	wg    sync.WaitGroup
	pages []string
}

func newPageFetcher(n int) *pageFetcher { return &pageFetcher{pages: make([]string, n)} }

func (c *pageFetcher) Start(urls []string) { // want Start:`summary\(started arg0; reads the entries of arg1\)`
	for i, u := range urls {
		c.wg.Go(func() { c.pages[i] = u })
	}
}

func (c *pageFetcher) Fetched(i int) bool { return c.pages[i] != "" } // want Fetched:`reads suggestloopless\.pageFetcher\.pages`

// Look-alike: the slots are read only after the join, in the method that
// waits: the wait orders them.
type joinedFetcher struct {
	wg    sync.WaitGroup
	pages []string
}

func newJoinedFetcher(n int) *joinedFetcher { return &joinedFetcher{pages: make([]string, n)} }

func (c *joinedFetcher) Start(urls []string) { // want Start:`summary\(started arg0; reads the entries of arg1\)`
	for i, u := range urls {
		c.wg.Go(func() { c.pages[i] = u })
	}
}

func (c *joinedFetcher) Wait() []string { // want Wait:`may block` Wait:`reads suggestloopless\.joinedFetcher\.pages`
	c.wg.Wait()
	return c.pages
}

// A task its context's end marks canceled, with the cause: an error handed
// along is no value of the goroutine's own.
type task struct {
	state  string // want `suggest for field state: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.task\)\.Start\) writes it without a lock, and the code that creates and calls the value uses it too \(\(\*suggestloopless\.task\)\.Start\)`
	reason string
}

func (j *task) State() string { return j.state } // want State:`reads suggestloopless\.task\.state`

func (j *task) cancel(cause error) {
	j.state = "canceled"
	j.reason = cause.Error()
}

func (j *task) Start(ctx context.Context) func() bool { // want Start:`writes suggestloopless\.task\.state` Start:`summary\(started arg0 arg1\)`
	j.state = "running"
	return context.AfterFunc(ctx, func() { j.cancel(context.Cause(ctx)) })
}

// Look-alike: a fan-out whose starter reads each child before it starts
// the goroutine rewriting that child, then joins them all: the starter
// reads the other slots while they run, never a running one's.
type hasher struct {
	kids [4]string
}

func (h *hasher) hashAll() {
	var wg sync.WaitGroup
	for i := range h.kids {
		kid := h.kids[i]
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			h.kids[i] = kid + "#"
		}(i)
	}
	wg.Wait()
}

// Look-alike: a fan-out that waits on the way it started its goroutines
// (if parallel { wg.Wait() }): they are done before it returns, and a
// reader after it reads no running one's slot.
type committer struct {
	out [4]string
}

func (c *committer) commitAll(parallel bool) {
	var wg sync.WaitGroup
	for i := range c.out {
		if parallel {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				c.out[i] = "x"
			}(i)
		} else {
			c.out[i] = "x"
		}
	}
	if parallel {
		wg.Wait()
	}
}

func (c *committer) First() string { return c.out[0] } // want First:`reads suggestloopless\.committer\.out`

// A goroutine started beside a fan-out that a wg.Wait joins: the wait is
// for the fetches, which were handed the WaitGroup, not for the footer,
// which nobody waits for, so render's read races with it.
type page struct {
	parts  []string
	footer string // want `suggest for field footer: //confined:owner: code off the owner \(\(\*suggestloopless\.page\)\.computeFooter\) writes it without a lock, and the code that creates and calls the value uses it too`
}

func (p *page) computeFooter() { p.footer = "generated" }

func (p *page) render() string { return p.footer }

func (p *page) build(fetch func(int) string) string {
	var wg sync.WaitGroup
	for i := range p.parts {
		wg.Go(func() { p.parts[i] = fetch(i) })
	}
	go p.computeFooter()
	wg.Wait()
	return p.render()
}

// Look-alikes: the footer's goroutine is handed the WaitGroup (an
// argument, or captured), so the wait is for it too.
type joinedPage struct {
	parts  []string
	footer string
	signed bool
}

func (p *joinedPage) computeFooter(wg *sync.WaitGroup) {
	defer wg.Done()
	p.footer = "generated"
}

func (p *joinedPage) build(fetch func(int) string) string {
	var wg sync.WaitGroup
	for i := range p.parts {
		wg.Go(func() { p.parts[i] = fetch(i) })
	}
	wg.Add(2)
	go p.computeFooter(&wg)
	go func() {
		defer wg.Done()
		p.signed = true
	}()
	wg.Wait()
	if p.signed {
		return p.footer
	}
	return ""
}
