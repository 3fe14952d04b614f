package snapdiff

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"
)

// ErrUnknownSnapshot is returned for IDs that are not in the catalog.
var ErrUnknownSnapshot = errors.New("snapdiff: unknown snapshot")

// Info describes a catalogued snapshot.
type Info struct {
	ID    string
	Taken time.Time
	Files int
	Bytes int64
}

// Catalog keeps the snapshots of one backup set, oldest first. Its methods
// may be called concurrently.
type Catalog struct {
	mu     sync.Mutex
	snaps  []*Snapshot
	pruned int
}

// NewCatalog returns an empty Catalog.
func NewCatalog() *Catalog { return &Catalog{} }

// Add records a snapshot.
func (c *Catalog) Add(s *Snapshot) {
	c.mu.Lock()
	defer c.mu.Unlock()
	i, _ := slices.BinarySearchFunc(c.snaps, s.Taken, func(x *Snapshot, t time.Time) int { return x.Taken.Compare(t) })
	c.snaps = slices.Insert(c.snaps, i, s)
}

// Get returns the snapshot with the given ID.
func (c *Catalog) Get(id string) (*Snapshot, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, s := range c.snaps {
		if s.ID == id {
			return s, nil
		}
	}
	return nil, ErrUnknownSnapshot
}

// List describes all snapshots, oldest first.
func (c *Catalog) List() []Info {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]Info, len(c.snaps))
	for i, s := range c.snaps {
		out[i] = Info{ID: s.ID, Taken: s.Taken, Files: len(s.Entries), Bytes: s.TotalSize()}
	}
	return out
}

// Changes diffs the two snapshots with the given IDs.
func (c *Catalog) Changes(from, to string) ([]Change, error) {
	a, err := c.Get(from)
	if err != nil {
		return nil, err
	}
	b, err := c.Get(to)
	if err != nil {
		return nil, err
	}
	return Diff(a, b), nil
}

// Prune drops all but the newest keep snapshots in the background and
// reports the outcome on the returned channel. Pruned counts the snapshots
// dropped so far.
func (c *Catalog) Prune(ctx context.Context, keep int) <-chan error {
	errc := make(chan error, 1)
	go func() {
		n, err := c.prune(ctx, keep)
		errc <- err
		c.pruned += n // RACY
	}()
	return errc
}

// Pruned returns how many snapshots Prune has dropped.
func (c *Catalog) Pruned() int { return c.pruned }

func (c *Catalog) prune(ctx context.Context, keep int) (int, error) {
	if keep < 1 {
		return 0, errors.New("snapdiff: must keep at least one snapshot")
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	n := len(c.snaps) - keep
	if n <= 0 {
		return 0, nil
	}
	clear(c.snaps[:n])
	c.snaps = slices.Delete(c.snaps, 0, n)
	return n, nil
}
