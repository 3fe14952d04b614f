// Package actor provides mailbox actors: an actor's messages are handled one
// at a time by its loop, a goroutine of its own, so the state that only the
// loop touches needs no locks. That state is what //confined:owner declares;
// the loop is the owner.
//
// Code running elsewhere (a timer's goroutine, a callback of a future that
// another goroutine completes) gets back onto the loop with Tell, Execute or
// Hop.
package actor

import (
	"sync"

	"github.com/confinecheck/confinecheck/runtime/future"
)

// A Ref is the address of an actor. Its methods are safe for use by
// multiple goroutines.
type Ref struct {
	mu       sync.Mutex
	queue    []envelope // unbounded, so that the loop never blocks telling itself
	stopping bool       // a stop is queued; later messages are dropped
	started  bool
	wake     chan struct{} // signals the loop that the queue is not empty
	stopped  chan struct{} // closed when the loop has exited
}

// An envelope carries either a message for the actor's receive function or
// a function to run in a mailbox turn.
type envelope struct {
	msg  any
	fn   func()
	stop bool
}

// New returns an actor that queues messages until Start.
func New() *Ref {
	return &Ref{wake: make(chan struct{}, 1), stopped: make(chan struct{})}
}

// Start runs receive for every message, one at a time, on the actor's loop.
// It panics if called twice.
//
//confined:hop
func (r *Ref) Start(receive func(msg any)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.started {
		panic("actor: Start called twice")
	}
	r.started = true
	go r.loop(receive)
}

//confined:loop
func (r *Ref) loop(receive func(msg any)) {
	defer close(r.stopped)
	for {
		r.mu.Lock()
		batch := r.queue
		r.queue = nil
		r.mu.Unlock()
		for _, e := range batch {
			switch {
			case e.stop:
				return
			case e.fn != nil:
				e.fn()
			default:
				receive(e.msg)
			}
		}
		if len(batch) == 0 {
			<-r.wake
		}
	}
}

func (r *Ref) post(e envelope) {
	r.mu.Lock()
	if r.stopping {
		r.mu.Unlock()
		return // dead letter: the actor is stopping
	}
	r.stopping = e.stop
	r.queue = append(r.queue, e)
	r.mu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default: // a wake-up is already pending
	}
}

// Tell queues msg for the actor's receive function. Messages told after Stop
// are dropped.
func (r *Ref) Tell(msg any) { r.post(envelope{msg: msg}) }

// Execute runs fn on the actor's loop, in a mailbox turn of its own.
//
//confined:hop
func (r *Ref) Execute(fn func()) { r.post(envelope{fn: fn}) }

// Hop runs fn on r's loop and returns a future that completes as the future
// fn returns does. Code running off the loop (after a timer, in a callback of
// an external future) uses it to continue on the loop.
//
//confined:hop
func Hop[T any](r *Ref, fn func() *future.Future[T]) *future.Future[T] {
	p := future.NewPromise[T]()
	r.Execute(func() { fn().OnComplete(p.Complete) })
	return p.Future()
}

// Stop lets the started actor handle the messages queued so far, then ends
// its loop.
// The returned channel is closed, on the loop's goroutine, when the loop has
// exited.
func (r *Ref) Stop() <-chan struct{} {
	r.post(envelope{stop: true})
	return r.stopped
}
