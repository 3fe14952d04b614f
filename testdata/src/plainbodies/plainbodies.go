// Package plainbodies: helpers that look plain (strings and numbers in,
// strings and numbers out) but reach confined state are still walked, so
// what they reach off the owner is reported. The plain ones beside them
// are left out of SSA and change nothing.
package plainbodies

import (
	"strings"

	"plainbodies/lib"
)

//confined:owner
type state struct{ n int } // want state:"confined:owner"

var global state

// inner touches confined state; outer only calls inner, with nothing
// confined in its own body or signature.
func inner()                  { global.n++ } // want `writes confined plainbodies.state.n off the owner: this code runs via a go statement \(plainbodies.go:\d+\); path plainbodies.outer → plainbodies.inner → plainbodies.state.n`
func outer()                  { inner() }
func StartOuter()             { go outer() }
func StartJoin()              { go join("a", "b") }
func join(a, b string) string { return strings.Join([]string{a, b}, "") }

// bumpCurrent reaches the counter through a call's result, never named.
func bumpCurrent()      { lib.Current().N++ } // want `writes confined lib.Counter.N off the owner: .*; path plainbodies.bumpCurrent → lib.Counter.N`
func StartBumpCurrent() { go bumpCurrent() }

// bumpLib reaches the counter through a function of lib whose summary
// touches it.
func bumpLib()      { lib.Bump() } // want `writes confined lib.Counter.N off the owner: .*; path plainbodies.bumpLib → lib.Bump → lib.Counter.N`
func StartBumpLib() { go bumpLib() }

// A method of a confined type that touches nothing of it is no touch, off
// the owner too: its body is walked to know.
func (s *state) kind() string { return "state" }
func startKind(s *state)      { go s.kind() }
