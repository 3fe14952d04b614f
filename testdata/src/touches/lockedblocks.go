package touches

import (
	"sync"
	"time"
)

// A field holding a block with a lock of its own, whose methods take that
// lock first, is touched by none of their calls: what they touch, they
// touch under the block's lock. Look-alikes: a method of the block that
// writes before it locks, and one that lets the lock go midway and writes
// on, touch the holder's field.

type tallies struct {
	mu      sync.Mutex
	batches int
	frames  int
}

func (t *tallies) batch() {
	t.mu.Lock()
	t.batches++
	t.mu.Unlock()
}

func (t *tallies) frame() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.frames++
}

func (t *tallies) batchFirst() {
	t.batches++
	t.mu.Lock()
	t.mu.Unlock()
}

func (t *tallies) both() {
	t.mu.Lock()
	t.batches++
	t.mu.Unlock()
	t.frames++
	t.mu.Lock()
	t.mu.Unlock()
}

//confined:owner
type dashboard struct { // want dashboard:"confined:owner"
	status string
	counts tallies
}

func (d *dashboard) pollLater() {
	time.AfterFunc(time.Second, func() {
		d.counts.batch()
		d.counts.frame()
		d.counts.batchFirst() // want `writes confined touches\.dashboard\.counts off the owner: this code runs via time\.AfterFunc \(lockedblocks\.go:54\)`
		d.counts.both()       // want `writes confined touches\.dashboard\.counts off the owner: this code runs via time\.AfterFunc \(lockedblocks\.go:54\)`
	})
}
