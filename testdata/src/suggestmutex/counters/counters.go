// Package counters: a loop's state beside a block of counters that
// carries its own lock, which callers bump under it. That block is
// guarded by itself, not a sign that the value is shared under a lock:
// the value is the loop's, and the block needs no owner. Look-alike: a
// value whose own lock callers take to write its fields is shared.
package counters

import (
	"context"
	"sync"
)

type Room struct { // want `suggest for counters\.Room: //confined:owner @room: code on the owner \(func literal in \(\*counters\.Room\)\.Join\) writes its field seats without a lock, and no other code writes it but where a value is built`
	ops   chan func()
	seats map[string]int
	stats struct { // want `suggest for field stats: //confined:any: code writes it only with a lock held, and \(\*counters\.Room\)\.Join reads it off the owner`
		sync.Mutex
		joins int
	}
}

func (r *Room) Run(ctx context.Context) { // want `suggest for \(\*counters\.Room\)\.Run: //confined:loop @room: its callers run it \(an exported method no code of the package starts, receiving from its receiver's channel\) and it receives from a channel in a loop \(counters\.go:24\)` Run:`confined:loop@room`
	for {
		select {
		case <-ctx.Done():
			return
		case fn := <-r.ops:
			fn()
		}
	}
}

func (r *Room) Join(name string) { // want Join:`reads suggestmutex/counters\.Room\.stats`
	r.ops <- func() { r.seats[name]++ }
	r.stats.Lock()
	r.stats.joins++
	r.stats.Unlock()
}

func (r *Room) Seats() int { return len(r.seats) } // want Seats:`reads suggestmutex/counters\.Room\.seats`

type Hall struct {
	mu    sync.Mutex
	ops   chan func()
	names map[string]int
}

func (h *Hall) Run(ctx context.Context) { // want `suggest for \(\*counters\.Hall\)\.Run: //confined:loop @hall: its callers run it \(an exported method no code of the package starts, receiving from its receiver's channel\) and it receives from a channel in a loop \(counters\.go:50\)` Run:`confined:loop@hall`
	for {
		select {
		case <-ctx.Done():
			return
		case fn := <-h.ops:
			fn()
		}
	}
}

func (h *Hall) Enter(name string) {
	h.ops <- func() { h.names[name]++ }
}

func (h *Hall) Reset() { // want Reset:`summary\(locks arg0 first\)`
	h.mu.Lock()
	h.names = map[string]int{}
	h.mu.Unlock()
}
