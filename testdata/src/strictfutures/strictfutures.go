// Package strictfutures is run with -strict: undeclared futures may
// complete anywhere.
package strictfutures

import "future"

//confined:owner
type state struct { // want state:"confined:owner"
	n int
}

func undeclared(s *state) {
	future.Value(1).Map(func(v int) int {
		s.n++ // want `writes confined strictfutures.state.n off the owner`
		return v
	})
}
