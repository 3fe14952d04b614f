package viafacts // want package:`declares: async declare/lib\.Every; hop declare/lib\.Context\.ReenterAfter:continuation}$`
// This package gets its declarations from package decls, through facts.

import (
	_ "declare/decls"
	"declare/lib"
)

//confined:owner
type state struct{ n int } // want state:"confined:owner"

func start(s *state) {
	lib.Every(1, func() {
		s.n++ // want `writes confined viafacts.state.n off the owner: this code runs via lib.Every .*; fix: no loop runs the owner, so there is none to hand the work to`
	})
}
