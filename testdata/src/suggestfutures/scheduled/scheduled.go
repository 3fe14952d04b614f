// Package scheduled: a promise that hands every callback to a timer,
// whether it is resolved already (time.AfterFunc(0, cb)) or later: the
// callbacks run on the timer's goroutine, not where the promise completes,
// so its Then is an async sink and no registry of callbacks.
package scheduled

import (
	"sync"
	"time"
)

type Ack struct {
	mu        sync.Mutex
	resolved  bool
	callbacks []func()
}

func (a *Ack) Then(cb func()) { // want `suggest for \(\*scheduled\.Ack\)\.Then: //confined:async cb: it hands cb to a goroutine or an async sink` Then:`summary\(async arg1; stores arg1 in suggestfutures/scheduled\.Ack\.UF2\)` Then:`reads suggestfutures/scheduled\.Ack\.callbacks, suggestfutures/scheduled\.Ack\.resolved`
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.resolved {
		time.AfterFunc(0, cb)
		return
	}
	a.callbacks = append(a.callbacks, cb)
}

func (a *Ack) resolve() {
	a.mu.Lock()
	a.resolved = true
	cbs := a.callbacks
	a.callbacks = nil
	a.mu.Unlock()
	for _, cb := range cbs {
		time.AfterFunc(0, cb)
	}
}
