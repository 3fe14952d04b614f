package vault

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// Remote is the sync server holding the team's copy of the vault.
type Remote interface {
	// Pages is the number of pages Pull will return.
	Pages(ctx context.Context) (int, error)
	// Pull fetches one page of entries.
	Pull(ctx context.Context, page int) ([]Entry, error)
	// Push uploads one entry.
	Push(ctx context.Context, e Entry) error
}

type syncState struct {
	running bool
	total   int
	done    int
	started time.Time
}

func (s *syncState) begin(total int, now time.Time) {
	s.running, s.total, s.done, s.started = true, total, 0, now
}

func (s *syncState) advance(n int) {
	s.done += n // RACY
}

func (s *syncState) finish() {
	s.running = false
}

func (s *syncState) String() string {
	if !s.running {
		return ""
	}
	return fmt.Sprintf("syncing %d/%d", s.done, s.total)
}

// MemoryRemote is an in-memory sync server with a fixed page latency.
type MemoryRemote struct {
	mu       sync.Mutex
	entries  []Entry
	pageSize int
	latency  time.Duration
	pushed   []Entry
}

// NewMemoryRemote serves entries in pages of pageSize.
func NewMemoryRemote(entries []Entry, pageSize int, latency time.Duration) *MemoryRemote {
	return &MemoryRemote{entries: entries, pageSize: max(pageSize, 1), latency: latency}
}

// Pages implements Remote.
func (r *MemoryRemote) Pages(ctx context.Context) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return (len(r.entries) + r.pageSize - 1) / r.pageSize, nil
}

// Pull implements Remote.
func (r *MemoryRemote) Pull(ctx context.Context, page int) ([]Entry, error) {
	if err := sleepCtx(ctx, r.latency); err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	lo := page * r.pageSize
	if lo >= len(r.entries) {
		return nil, nil
	}
	hi := min(lo+r.pageSize, len(r.entries))
	return append([]Entry(nil), r.entries[lo:hi]...), nil
}

// Push implements Remote.
func (r *MemoryRemote) Push(ctx context.Context, e Entry) error {
	if err := sleepCtx(ctx, r.latency); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pushed = append(r.pushed, e)
	return nil
}

// Pushed returns what was uploaded.
func (r *MemoryRemote) Pushed() []Entry {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Entry(nil), r.pushed...)
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
