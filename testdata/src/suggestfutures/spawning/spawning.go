// Package spawning: a promise that runs every callback on a goroutine of
// its own, whether it is resolved already (go cb(a.v)) or later (resolve
// starting each kept callback): its Then is an async sink, not a
// registry of callbacks that run where the promise completes.
package spawning

import "sync"

type Ack struct {
	mu        sync.Mutex
	resolved  bool
	v         int
	callbacks []func(int)
}

func (a *Ack) Then(cb func(int)) { // want `suggest for \(\*spawning\.Ack\)\.Then: //confined:async cb: it hands cb to a goroutine` Then:`summary\(async arg1\)` Then:`reads suggestfutures/spawning\.Ack\.callbacks, suggestfutures/spawning\.Ack\.resolved, suggestfutures/spawning\.Ack\.v`
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.resolved {
		go cb(a.v)
		return
	}
	a.callbacks = append(a.callbacks, cb)
}

func (a *Ack) resolve(v int) {
	a.mu.Lock()
	a.resolved, a.v = true, v
	cbs := a.callbacks
	a.callbacks = nil
	a.mu.Unlock()
	for _, cb := range cbs {
		go cb(v)
	}
}
