// Package lib has a confined type with an exported field.
package lib

//confined:owner
type State struct{ Hits, Misses int } // want State:"confined:owner"

// Reset writes both fields, on two lines of this package.
func (s *State) Reset() {
	s.Hits = 0
	s.Misses = 0
}
