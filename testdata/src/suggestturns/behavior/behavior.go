// Package behavior: a constructor that sets an actor's first behavior
// (Become(w.connected)) makes the method value that actor's turn, not an
// actor of its own: the set the behavior fills is proposed the actor's,
// and the field holding it, which only the turns read, needs no :any.
package behavior

import "github.com/asynkron/protoactor-go/actor"

type set struct { // want `suggest for behavior\.set: //confined:owner: code on the owner \(\(\*behavior\.watcher\)\.connected\) writes 2 of its fields \(ids, n\) without a lock, and no other code writes it but where a value is built`
	ids map[string]bool
	n   int
}

func (s *set) add(id string) {
	s.ids[id] = true
	s.n++
}

type watcher struct {
	behavior actor.Behavior
	peers    *set
}

func newWatcher() *watcher {
	w := &watcher{behavior: actor.NewBehavior(), peers: &set{ids: map[string]bool{}}}
	w.behavior.Become(w.connected)
	return w
}

func (w *watcher) Receive(ctx actor.Context) { w.behavior.Receive(ctx) } // want Receive:`summary\(arg0 reads behavior\.watcher\.behavior\)` Receive:`reads suggestturns/behavior\.watcher\.behavior`

func (w *watcher) connected(ctx actor.Context) { w.peers.add("x") }
