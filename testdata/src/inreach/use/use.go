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
