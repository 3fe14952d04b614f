// Package meter: recorders of another package, one plain, one locked.
package meter

import "sync"

// Hist is not safe for concurrent use: it belongs to whoever records.
type Hist struct {
	count int
	sum   int
}

func (h *Hist) Observe(d int) {
	h.count++
	h.sum += d
}

func (h *Hist) Reset() { *h = Hist{} }

// Locked guards itself.
type Locked struct {
	mu    sync.Mutex
	count int
}

func (l *Locked) Observe(d int) {
	l.mu.Lock()
	l.count += d
	l.mu.Unlock()
}

func (l *Locked) Reset() {
	l.mu.Lock()
	l.count = 0
	l.mu.Unlock()
}

// Tally is plain too, but its users hand it to the server.
type Tally struct{ n int }

func (t *Tally) Observe(d int) { t.n += d }

func (t *Tally) Reset() { t.n = 0 }
