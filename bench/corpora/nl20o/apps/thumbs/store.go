package thumbs

import (
	"errors"
	"slices"
	"strings"
	"sync"
)

// ErrNotFound is returned by Store.Get for missing keys.
var ErrNotFound = errors.New("thumbs: object not found")

// Store holds encoded photos, thumbnails and manifests.
type Store interface {
	Get(key string) ([]byte, error)
	Put(key string, data []byte) error
	List(prefix string) ([]string, error)
}

// MemStore is an in-memory Store that is safe for concurrent use.
type MemStore struct {
	mu      sync.RWMutex
	objects map[string][]byte
	puts    int
}

// NewMemStore returns an empty MemStore.
func NewMemStore() *MemStore {
	return &MemStore{objects: make(map[string][]byte)}
}

// Get returns a copy of the object stored under key.
func (s *MemStore) Get(key string) ([]byte, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	data, ok := s.objects[key]
	if !ok {
		return nil, ErrNotFound
	}
	return slices.Clone(data), nil
}

// Put stores a copy of data under key.
func (s *MemStore) Put(key string, data []byte) error {
	if key == "" {
		return errors.New("thumbs: empty key")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.objects[key] = slices.Clone(data)
	s.puts++
	return nil
}

// List returns the keys with the given prefix in sorted order.
func (s *MemStore) List(prefix string) ([]string, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var keys []string
	for k := range s.objects {
		if strings.HasPrefix(k, prefix) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys, nil
}

// Puts returns how many objects have been written.
func (s *MemStore) Puts() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.puts
}
