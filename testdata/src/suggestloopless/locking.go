package suggestloopless

import (
	"sync"
	"time"
)

// A method that locks for the map and bumps a plain counter after the
// Unlock, called by the goroutines Fill starts: the bump races, the
// map does not. Only the counter is confined.
type memo struct { // want `suggest for suggestloopless\.memo: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.memo\)\.Fill\) touches its field misses without a lock, and another goroutine, or the same started again, writes it too: with no loop, that code is the owner, and the check reports the goroutines`
	mu     sync.Mutex
	seen   map[string]bool // want `suggest for field seen: //confined:any: code writes it only with a lock held, and \(\*suggestloopless\.memo\)\.note reads it off the owner`
	misses int
}

func (m *memo) note(k string) {
	m.mu.Lock()
	hit := m.seen[k]
	m.seen[k] = true
	m.mu.Unlock()
	if !hit {
		m.misses++
	}
}

func (m *memo) Fill(keys []string) { // want Fill:`may block` Fill:`summary\(started arg0; reads the entries of arg1\)`
	var wg sync.WaitGroup
	for _, k := range keys {
		wg.Go(func() { m.note(k) })
	}
	wg.Wait()
}

func (m *memo) Misses() int { return m.misses } // want Misses:`reads suggestloopless\.memo\.misses`

// Look-alike: the counter is bumped before the Unlock; nothing races.
type lockedMemo struct {
	mu     sync.Mutex
	seen   map[string]bool
	misses int
}

func (m *lockedMemo) note(k string) {
	m.mu.Lock()
	if !m.seen[k] {
		m.misses++
	}
	m.seen[k] = true
	m.mu.Unlock()
}

func (m *lockedMemo) Fill(keys []string) { // want Fill:`summary\(started arg0; reads the entries of arg1\)` Fill:`may block`
	var wg sync.WaitGroup
	for _, k := range keys {
		wg.Go(func() { m.note(k) })
	}
	wg.Wait()
}

// A refresher goroutine writes a field without the lock that Touch
// holds when it writes it: a locked write races with an unlocked one.
type tracker struct { // want `suggest for suggestloopless\.tracker: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.tracker\)\.Start\) touches its field last without a lock, and the code that creates and calls the value uses it too: with no loop, that code is the owner, and the check reports the goroutines`
	mu   sync.Mutex
	last time.Time
}

func (t *tracker) Touch() {
	t.mu.Lock()
	t.last = time.Now()
	t.mu.Unlock()
}

func (t *tracker) Start() { // want Start:`summary\(started arg0\)`
	go func() {
		for range 3 {
			time.Sleep(time.Millisecond)
			t.last = time.Now()
		}
	}()
}

// Look-alike: the goroutine takes the lock too.
type lockedTracker struct {
	mu   sync.Mutex
	last time.Time
}

func (t *lockedTracker) Touch() {
	t.mu.Lock()
	t.last = time.Now()
	t.mu.Unlock()
}

func (t *lockedTracker) Start() { // want Start:`summary\(started arg0\)`
	go func() {
		for range 3 {
			time.Sleep(time.Millisecond)
			t.mu.Lock()
			t.last = time.Now()
			t.mu.Unlock()
		}
	}()
}

// A queue appended to under its lock, after which the method starts a
// flush that takes the same lock: the append is no set-up of a value for
// the flush, which synchronizes with it, so the queue is :any beside the
// unlocked counter the flush races on. Look-alike: appended without the
// lock, the queue is set up for the flush and stays confined.
type flusher struct { // want `suggest for suggestloopless\.flusher: //confined:owner: code off the owner \(\(\*suggestloopless\.flusher\)\.flush\) touches its field batches without a lock, and the code that creates and calls the value uses it too: with no loop, that code is the owner, and the check reports the goroutines`
	mu      sync.Mutex
	pending []string // want `suggest for field pending: //confined:any: code writes it only with a lock held, and \(\*suggestloopless\.flusher\)\.Add reads it off the owner`
	batches int
}

func (b *flusher) Add(s string) { // want Add:`summary\(started arg0\)` Add:`reads suggestloopless\.flusher\.pending`
	b.mu.Lock()
	b.pending = append(b.pending, s)
	n := len(b.pending)
	b.mu.Unlock()
	if n >= 8 {
		go b.flush()
	}
}

func (b *flusher) flush() {
	b.mu.Lock()
	batch := b.pending
	b.pending = nil
	b.mu.Unlock()
	_ = batch
	b.batches++
}

func (b *flusher) Batches() int { return b.batches } // want Batches:`reads suggestloopless\.flusher\.batches`

type looseFlusher struct { // want `suggest for suggestloopless\.looseFlusher: //confined:owner: code off the owner \(\(\*suggestloopless\.looseFlusher\)\.flush\) touches its field batches without a lock, and the code that creates and calls the value uses it too: with no loop, that code is the owner, and the check reports the goroutines`
	mu      sync.Mutex
	pending []string
	batches int
}

func (b *looseFlusher) Add(s string) { // want Add:`reads suggestloopless\.looseFlusher\.pending` Add:`summary\(started arg0\)`
	b.pending = append(b.pending, s)
	if len(b.pending) >= 8 {
		go b.flush()
	}
}

func (b *looseFlusher) flush() {
	b.mu.Lock()
	batch := b.pending
	b.pending = nil
	b.mu.Unlock()
	_ = batch
	b.batches++
}

func (b *looseFlusher) Batches() int { return b.batches } // want Batches:`reads suggestloopless\.looseFlusher\.batches`

// Look-alike: the same queue read without the lock by a method of the
// value (Pending): that read races with the flush's locked take, so the
// queue is no locked member and stays confined.
type peekFlusher struct { // want `suggest for suggestloopless\.peekFlusher: //confined:owner: code off the owner \(\(\*suggestloopless\.peekFlusher\)\.flush\) touches its field batches without a lock, and the code that creates and calls the value uses it too: with no loop, that code is the owner, and the check reports the goroutines`
	mu      sync.Mutex
	pending []string
	batches int
}

func (b *peekFlusher) Add(s string) { // want Add:`summary\(started arg0\)` Add:`reads suggestloopless\.peekFlusher\.pending`
	b.mu.Lock()
	b.pending = append(b.pending, s)
	n := len(b.pending)
	b.mu.Unlock()
	if n >= 8 {
		go b.flush()
	}
}

func (b *peekFlusher) flush() {
	b.mu.Lock()
	batch := b.pending
	b.pending = nil
	b.mu.Unlock()
	_ = batch
	b.batches++
}

func (b *peekFlusher) Pending() int { return len(b.pending) } // want Pending:`reads suggestloopless\.peekFlusher\.pending`

func (b *peekFlusher) Batches() int { return b.batches } // want Batches:`reads suggestloopless\.peekFlusher\.batches`
