// Package behavior: a constructor that sets an actor's first behavior
// (Become(w.connected)) makes the method value that actor's turn, not an
// actor of its own that would own what it writes: no proposal for the set
// the behavior fills.
package behavior

import "github.com/asynkron/protoactor-go/actor"

type set struct {
	ids map[string]bool
	n   int
}

func (s *set) add(id string) {
	s.ids[id] = true
	s.n++
}

type watcher struct {
	behavior actor.Behavior
	peers    *set // want `suggest for field peers: //confined:any: only code building a watcher writes it`
}

func newWatcher() *watcher {
	w := &watcher{behavior: actor.NewBehavior(), peers: &set{ids: map[string]bool{}}}
	w.behavior.Become(w.connected)
	return w
}

func (w *watcher) Receive(ctx actor.Context) { w.behavior.Receive(ctx) } // want Receive:`summary\(arg0 reads behavior\.watcher\.behavior\)` Receive:`reads suggestturns/behavior\.watcher\.behavior`

func (w *watcher) connected(ctx actor.Context) { w.peers.add("x") }
