// Package lib has a confined counter that its importers reach through a
// function returning it.
package lib

//confined:owner
type Counter struct{ N int }

var current = new(Counter)

// Current returns the package's counter.
func Current() *Counter { return current }

// Bump writes the counter: its summary says so.
func Bump() { current.N++ }
