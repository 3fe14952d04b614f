// Package optionhooks hands funcs to another package's Poller through
// options and a setter: they run where the Poller's Run runs; started with
// go, off the owner (Refresh's Run in place adds nothing: funcs are placed by
// field, not value). Look-alike: a func a callee keeps only for the call.
package optionhooks

import (
	"context"

	"optionhooks/feed"
)

//confined:owner
type Board struct { // want Board:"confined:owner"
	status string
	rows   []string
	idle   int
	poller *feed.Poller //confined:any
}

func NewBoard(fetch func() ([]string, error)) *Board { // want NewBoard:`summary\(invokes arg0; of which assumed arg0\)`
	b := &Board{}
	b.poller = feed.NewPoller(fetch, feed.OnBatch(b.receive), feed.OnError(b.noteError))
	b.poller.WhenIdle(func() { b.idle++ }) // want `writes confined optionhooks\.Board\.idle off the owner: this code runs via the func stored in field onIdle \(func literal in optionhooks\.NewBoard at board\.go:24\), started by a go statement in \(\*optionhooks\.Board\)\.Start \(board\.go:29\)`
	return b
}

func (b *Board) Start(ctx context.Context) { // want Start:`summary\(started arg0 arg1\)`
	go b.poller.Run(ctx)
}

// Refresh polls on the owner: the same funcs run here.
func (b *Board) Refresh(ctx context.Context, done context.CancelFunc) {
	done()
	b.poller.Run(ctx)
}

func (b *Board) noteError(err error) {
	b.status = err.Error() // want `calls confined \(\*optionhooks\.Board\)\.noteError off the owner: this code runs via the func stored in field onError \(\(\*optionhooks\.Board\)\.noteError at board\.go:23\), started by a go statement in \(\*optionhooks\.Board\)\.Start \(board\.go:29\); inside, it writes optionhooks\.Board\.status`
}

func (b *Board) receive(batch []string) {
	b.rows = append(b.rows, batch...) // want `calls confined \(\*optionhooks\.Board\)\.receive off the owner: this code runs via the func stored in field onBatch \(\(\*optionhooks\.Board\)\.receive at board\.go:23\), started by a go statement in \(\*optionhooks\.Board\)\.Start \(board\.go:29\); inside, it writes optionhooks\.Board\.rows`
	b.status = "ok" // want `calls confined \(\*optionhooks\.Board\)\.receive off the owner: this code runs via the func stored in field onBatch \(\(\*optionhooks\.Board\)\.receive at board\.go:23\), started by a go statement in \(\*optionhooks\.Board\)\.Start \(board\.go:29\); inside, it writes optionhooks\.Board\.status`
}

func (b *Board) Sorted() []string { // want Sorted:`summary\(arg0 reads optionhooks\.Board\.rows; result 0 carries optionhooks\.Board\.rows\)`
	feed.Sort(b.rows, func(x, y string) bool { return x < y+b.status })
	return b.rows
}
