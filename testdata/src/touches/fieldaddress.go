package touches

import (
	"fmt"
	"io"
	"sync/atomic"
	"time"
)

// The address of a confined field handed to a goroutine, or to a helper
// that off-owner code calls: the code reads or writes the field through
// it, at the helper's own line, which the race detector names (the owner
// counts on while it prints). Look-alikes: the address of a copy, of an
// atomic, a goroutine joined before the owner goes on, and the owner's own
// call are nobody else's touches.
//
//confined:owner
type gauge struct { // want gauge:"confined:owner"
	tally counts
	hits  atomic.Int64
	out   io.Writer //confined:any
}

type counts struct{ seen, kept int }

func (g *gauge) count() { g.tally.seen++ }

func printCounts(w io.Writer, c *counts) {
	fmt.Fprintln(w, c.seen, c.kept) // want `reads confined touches\.gauge\.tally off the owner: this code runs via a go statement \(fieldaddress\.go:39\); path touches\.printCounts → touches\.gauge\.tally;` `reads confined touches\.gauge\.tally off the owner: this code runs via time\.AfterFunc \(fieldaddress\.go:43\); path touches\.printCounts → touches\.gauge\.tally;`
}

func zeroCounts(c *counts) {
	c.kept = 0 // want `writes confined touches\.gauge\.tally off the owner: this code runs via a go statement \(fieldaddress\.go:47\); path touches\.zeroCounts → touches\.gauge\.tally;`
}

func showHits(w io.Writer, n *atomic.Int64) { fmt.Fprintln(w, n.Load()) }

func (g *gauge) printAsync() {
	go printCounts(g.out, &g.tally)
}

func (g *gauge) printLater() {
	time.AfterFunc(time.Second, func() { printCounts(g.out, &g.tally) })
}

func (g *gauge) zeroAsync() {
	go zeroCounts(&g.tally)
}

func (g *gauge) printCopyAsync() {
	c := g.tally
	go printCounts(g.out, &c)
}

func (g *gauge) showHitsAsync() {
	go showHits(g.out, &g.hits)
}

func (g *gauge) zeroJoined() {
	done := make(chan struct{})
	go func() {
		defer close(done)
		zeroCounts(&g.tally)
	}()
	<-done
}

func (g *gauge) printNow() { printCounts(g.out, &g.tally) }
