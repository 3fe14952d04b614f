package hophint // want package:`hop sinks: actor\.Hop}$`
// This package checks that fix hints name the hop sinks of a package
// imported only indirectly (actor, through hophint/node): drivers pass
// object facts about package-level functions like actor.Hop only to direct
// importers, so the hint comes from actor's package fact.

import (
	"future"
	"hophint/node"
	"time"
)

//confined:owner
type state struct { // want state:"confined:owner"
	n    int
	node *node.Node
}

func newState() *state { return &state{node: node.New()} }

// Inside a future's callback the hint names the hop that returns a future
// to chain on.
func afterSleep(s *state) {
	future.Sleep(time.Second, 0).Map(func(v int) int {
		s.n++ // want `writes confined hophint.state.n off the owner: .*; fix: hop back to the owner through actor\.Hop and touch the state there$`
		return v
	})
}

// A hop the package uses but cannot name (a method of node's unexported
// type, first in scope) is not advised.
func viaQueue(n *node.Node) { n.Queue().Post(func() {}) }

// Elsewhere it names the one that just posts.
func afterTimer(s *state) {
	time.AfterFunc(time.Second, func() {
		s.n++ // want `writes confined hophint.state.n off the owner: .*; fix: hop back to the owner through \(\*actor\.Ref\)\.Execute and touch the state there$`
	})
}
