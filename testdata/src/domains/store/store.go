// Package store is a third-party key-value store, without directives.
package store

// A Store is not safe for concurrent use.
type Store struct {
	keys map[string]int
}

// Put stores a key.
func (s *Store) Put(k string) { s.keys[k]++ }
