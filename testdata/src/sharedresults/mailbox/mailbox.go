// Package mailbox is a loop of funcs that other packages keep their
// state on: it runs what they post, one at a time.
package mailbox

import (
	"sync"
	"time"
)

type Loop struct {
	funcs chan func()
	once  sync.Once
}

func New() *Loop { return &Loop{funcs: make(chan func(), 8)} }

// Start runs the loop once, however often it is called.
func (l *Loop) Start() { l.once.Do(func() { go l.run() }) } // want Start:`summary\(started arg0; starts a loop\)`

//confined:loop
func (l *Loop) run() { // want run:`confined:loop`
	for fn := range l.funcs {
		fn()
	}
}

//confined:hop fn
func (l *Loop) Post(fn func()) { l.funcs <- fn } // want Post:`confined:hop\[1\]` Post:`summary\(hop arg1\)`

// After runs fn on the loop once d has passed.
func (l *Loop) After(d time.Duration, fn func()) *time.Timer { // want After:`summary\(hop arg2; started arg0\)`
	return time.AfterFunc(d, func() { l.Post(fn) })
}

// Ask runs fn on the loop and hands its result back from a literal the
// posted one defers, waiting in a select that may give up.
func Ask[T any](l *Loop, fn func() T) (T, bool) { // want Ask:`summary\(hop arg1\)`
	reply := make(chan T, 1)
	l.Post(func() {
		var v T
		defer func() { reply <- v }()
		v = fn()
	})
	select {
	case v := <-reply:
		return v, true
	case <-time.After(time.Second):
		var zero T
		return zero, false
	}
}

// Call runs fn on the loop and waits for its result.
func Call[T any](l *Loop, fn func() T) T { // want Call:`summary\(hop arg1\)`
	reply := make(chan T, 1)
	l.Post(func() { reply <- fn() })
	return <-reply
}
