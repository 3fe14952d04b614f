package suggestloopless

import (
	"strings"
	"sync"
)

// Add keeps filling the batch while goroutines its earlier calls started
// (joined only in Close) read it.
type batcher struct { // want `suggest for suggestloopless\.batcher: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.batcher\)\.Add\) touches its field items without a lock, and the code that creates and calls the value uses it too \(\(\*suggestloopless\.batcher\)\.Add\): with no loop, that code is the owner, and the check reports the goroutines`
	items []string
	wg    sync.WaitGroup
}

func (b *batcher) Add(s string) { // want Add:`summary\(started arg0\)` Add:`writes suggestloopless\.batcher\.items`
	b.items = append(b.items, s)
	if len(b.items)%4 == 0 {
		b.wg.Go(func() { _ = strings.Join(b.items, ",") })
	}
}

func (b *batcher) Close() { b.wg.Wait() } // want Close:`may block`

// Look-alike: each call joins its goroutine before it returns.
type joinedBatcher struct {
	items []string
}

func (b *joinedBatcher) Add(s string) { // want Add:`may block` Add:`writes suggestloopless\.joinedBatcher\.items`
	b.items = append(b.items, s)
	var wg sync.WaitGroup
	wg.Go(func() { _ = strings.Join(b.items, ",") })
	wg.Wait()
}
