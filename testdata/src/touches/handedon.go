package touches

import (
	"slices"
	"strings"
)

// A helper handed a confined field's slice that starts code touching its
// entries shares them with that code, wherever the helper runs: a
// goroutine capturing its parameter, one helper further, or a closure of
// an off-owner func type (a command a turn returns) writing them. The
// touches are the started code's lines. Look-alikes: a copy handed on,
// and a helper touching the entries itself, on the owner (countHosts,
// which a goroutine two helpers down also runs).
//
//confined:owner
type crawl struct { // want crawl:"confined:owner"
	urls []string
	seen []string
}

// A task runs off the owner, wherever it is made.
//
//confined:offowner
type task func() // want task:"confined:offowner"

func (c *crawl) add(u string) {
	c.urls = append(c.urls, u)
	c.urls[0] = u
	c.seen = append(c.seen, u)
	c.seen[0] = u
}

func (c *crawl) flush()      { probe(c.urls) }
func (c *crawl) flushVia()   { relayProbe(c.seen) }
func (c *crawl) flushCopy()  { probe(slices.Clone(c.urls)) }
func (c *crawl) count() int  { return countHosts(c.urls) }
func (c *crawl) clean() task { return lower(c.urls) }

// Probe starts the goroutine that reads what it is handed.
func Probe(urls []string) { probe(urls) } // want Probe:`summary\(off by a go statement: reads the entries of arg0\)`

func probe(urls []string) {
	go func() {
		for i := range urls {
			println(urls[i]) // want `reads the entries of confined touches.crawl.urls off the owner: this code runs via a go statement \(handedon.go:\d+\); path touches.probe → the entries of touches.crawl.urls;`
		}
	}()
}

func relayProbe(urls []string) { stash(urls) }

func stash(urls []string) { go countHosts(urls) }

func countHosts(urls []string) int {
	n := 0
	for _, u := range urls { // want `reads the entries of confined touches.crawl.seen off the owner: this code runs via a go statement \(handedon.go:\d+\); path touches.relayProbe → the entries of touches.crawl.seen;`
		n += len(u)
	}
	return n
}

func lower(urls []string) task {
	return func() {
		for i := range urls {
			urls[i] = strings.ToLower(urls[i]) // want `writes the entries of confined touches.crawl.urls off the owner: this code runs via a value of touches.task, marked //confined:offowner \(handedon.go:\d+\); path touches.lower → the entries of touches.crawl.urls;`
		}
	}
}
