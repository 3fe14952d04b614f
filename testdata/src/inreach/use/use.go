// Package use mentions nothing of lib's but through wrap's types: the
// fields it reaches are still lib's confined state, so it needs the SSA
// path.
package use

import "inreach/wrap"

func bump(w *wrap.Wrapper) {
	go func() {
		w.Hits++ // want `writes confined lib.State.Hits off the owner`
	}()
}

// A value that embeds the state by value is the same state.
func bumpValue(v *wrap.Value) {
	go func() {
		v.Hits++ // want `writes confined lib.State.Hits off the owner`
	}()
}

// Look-alike: its own fields are nobody's.
type counter struct{ hits int }

func count(c *counter) {
	go func() { c.hits++ }()
}

// A confined method of another package that writes on two lines is one
// finding, at the call into that package: its lines are not this
// package's to report.
func reset(w *wrap.Wrapper) {
	go func() {
		w.Reset() // want `calls confined \(\*lib.State\).Reset off the owner: this code runs via a go statement \(use.go:\d+\); inside, it writes lib.State.Hits, writes lib.State.Misses`
	}()
}
