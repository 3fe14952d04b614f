package licenses

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
)

// ErrUnknown is returned by a Registry that has no license information for
// a module.
var ErrUnknown = errors.New("licenses: no license information")

// Registry looks up the declared license of a module version, returning an
// SPDX expression.
type Registry interface {
	License(ctx context.Context, dep Dependency) (string, error)
}

// MapRegistry answers from a fixed table keyed by "path@version" or, as a
// fallback, by module path.
type MapRegistry map[string]string

// License implements Registry.
func (m MapRegistry) License(_ context.Context, dep Dependency) (string, error) {
	if l, ok := m[dep.String()]; ok {
		return l, nil
	}
	if l, ok := m[dep.Path]; ok {
		return l, nil
	}
	return "", ErrUnknown
}

// Cache remembers the answers of another Registry. It is safe for
// concurrent use.
type Cache struct {
	next    Registry
	mu      sync.Mutex
	entries map[string]string
	hits    atomic.Int64
	misses  atomic.Int64
}

// NewCache returns a Cache in front of next.
func NewCache(next Registry) *Cache {
	return &Cache{next: next, entries: make(map[string]string)}
}

// License implements Registry. Errors are not cached.
func (c *Cache) License(ctx context.Context, dep Dependency) (string, error) {
	key := dep.String()
	c.mu.Lock()
	l, ok := c.entries[key]
	c.mu.Unlock()
	if ok {
		c.hits.Add(1)
		return l, nil
	}
	c.misses.Add(1)
	l, err := c.next.License(ctx, dep)
	if err != nil {
		return "", err
	}
	c.mu.Lock()
	c.entries[key] = l
	c.mu.Unlock()
	return l, nil
}

// Counts returns the number of cache hits and misses so far.
func (c *Cache) Counts() (hits, misses int64) {
	return c.hits.Load(), c.misses.Load()
}
