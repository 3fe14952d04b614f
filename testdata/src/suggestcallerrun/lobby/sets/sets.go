// Package sets is a generic set whose methods write its entries.
package sets

type Set[T comparable] map[T]struct{}

func (s Set[T]) Add(v T) { s[v] = struct{}{} }

func (s Set[T]) Has(v T) bool { _, ok := s[v]; return ok }
