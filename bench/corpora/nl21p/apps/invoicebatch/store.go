package invoicebatch

import (
	"context"
	"errors"
	"maps"
	"slices"
	"sync"
)

// ErrUnavailable is the temporary error stores return when a write should
// be retried.
var ErrUnavailable = errors.New("invoicebatch: store unavailable")

// Store persists rendered documents.
type Store interface {
	Put(ctx context.Context, key string, data []byte) error
}

// MemStore is an in-memory Store.
type MemStore struct {
	mu      sync.Mutex
	objects map[string][]byte
}

// NewMemStore returns an empty store.
func NewMemStore() *MemStore {
	return &MemStore{objects: make(map[string][]byte)}
}

// Put implements Store.
func (s *MemStore) Put(ctx context.Context, key string, data []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.objects[key] = slices.Clone(data)
	return nil
}

// Get returns a stored object.
func (s *MemStore) Get(key string) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.objects[key]
	return b, ok
}

// Keys lists the stored keys in sorted order.
func (s *MemStore) Keys() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Sorted(maps.Keys(s.objects))
}
