// Package future provides futures whose callbacks run on the goroutine that
// completes them, like Twitter's com.twitter.util.Future that the ported
// coordinator uses.
//
// Where a callback runs is decided by who completes the future, not by who
// registers the callback: a callback on a future that a timer completes runs
// on the timer's goroutine, and one on an RPC reply that an actor's mailbox
// loop fulfils runs on that loop. That is why the combinators are declared
// //confined:inherit and the constructors that complete elsewhere are declared
// //confined:completes async: confinecheck then knows which callbacks run off
// the owner.
//
// Combinators that keep the value type are methods; those that change it are
// functions, because Go methods cannot have type parameters.
package future

import (
	"context"
	"errors"
	"sync"
)

// ErrTimeout is the error of a future made by Within that ran out of time.
var ErrTimeout = errors.New("future: timed out")

// A Future is a value, or an error, that becomes available later. It is safe
// for use by multiple goroutines.
type Future[T any] struct {
	mu        sync.Mutex
	done      chan struct{} // closed once completed
	value     T
	err       error
	callbacks []func(T, error) // waiting for completion; nil afterwards
}

// A Promise is the writing side of a Future.
type Promise[T any] struct {
	f *Future[T]
}

// NewPromise returns a promise whose future is not completed yet.
func NewPromise[T any]() *Promise[T] {
	return &Promise[T]{f: &Future[T]{done: make(chan struct{})}}
}

// Future returns the future that p completes.
func (p *Promise[T]) Future() *Future[T] { return p.f }

// Complete completes p's future with v, or with err when err is not nil, and
// runs its callbacks on the calling goroutine. Only the first call counts, so
// that racing completions (a reply and a timeout) resolve to whichever came
// first.
func (p *Promise[T]) Complete(v T, err error) {
	f := p.f
	f.mu.Lock()
	select {
	case <-f.done:
		f.mu.Unlock()
		return
	default:
	}
	if err != nil {
		var zero T
		v = zero
	}
	f.value, f.err = v, err
	callbacks := f.callbacks
	f.callbacks = nil
	close(f.done)
	f.mu.Unlock()
	for _, cb := range callbacks {
		cb(v, err)
	}
}

// Value returns a future already completed with v.
func Value[T any](v T) *Future[T] {
	p := NewPromise[T]()
	p.Complete(v, nil)
	return p.Future()
}

// Failed returns a future already failed with err.
func Failed[T any](err error) *Future[T] {
	p := NewPromise[T]()
	var zero T
	p.Complete(zero, err)
	return p.Future()
}

// OnComplete runs fn with f's value or error once f completes: on the
// goroutine that completes it, or right away on the caller's when f already
// has.
//
//confined:inherit
func (f *Future[T]) OnComplete(fn func(T, error)) {
	f.mu.Lock()
	select {
	case <-f.done:
	default:
		f.callbacks = append(f.callbacks, fn)
		f.mu.Unlock()
		return
	}
	v, err := f.value, f.err
	f.mu.Unlock()
	fn(v, err)
}

// Await blocks until f completes or ctx is done; a completed f wins over a
// done ctx.
func (f *Future[T]) Await(ctx context.Context) (T, error) {
	select {
	case <-f.done:
	case <-ctx.Done():
		select {
		case <-f.done:
		default:
			var zero T
			return zero, ctx.Err()
		}
	}
	return f.value, f.err
}

// FlatMap continues f with fn when f succeeds; the result completes when the
// future fn returns does. A failure of f skips fn.
//
//confined:inherit
func (f *Future[T]) FlatMap(fn func(T) *Future[T]) *Future[T] {
	p := NewPromise[T]()
	f.OnComplete(func(v T, err error) {
		if err != nil {
			p.Complete(v, err)
			return
		}
		fn(v).OnComplete(p.Complete)
	})
	return p.Future()
}

// Rescue continues f with fn when f fails; the result completes when the
// future fn returns does. A success of f skips fn.
//
//confined:inherit
func (f *Future[T]) Rescue(fn func(error) *Future[T]) *Future[T] {
	p := NewPromise[T]()
	f.OnComplete(func(v T, err error) {
		if err == nil {
			p.Complete(v, nil)
			return
		}
		fn(err).OnComplete(p.Complete)
	})
	return p.Future()
}

// Map returns a future of fn applied to f's value; a failure of f skips fn.
//
//confined:inherit
func Map[T, U any](f *Future[T], fn func(T) U) *Future[U] {
	return Transform(f, func(v T, err error) (U, error) {
		if err != nil {
			var zero U
			return zero, err
		}
		return fn(v), nil
	})
}

// Transform returns a future of fn applied to f's outcome, success or
// failure.
//
//confined:inherit
func Transform[T, U any](f *Future[T], fn func(T, error) (U, error)) *Future[U] {
	p := NewPromise[U]()
	f.OnComplete(func(v T, err error) { p.Complete(fn(v, err)) })
	return p.Future()
}

// Collect returns a future of the values of fs, in order, that completes
// when the last of them does, or fails with the first failure. It completes
// on the goroutine that completes that last (or failing) future.
//
//confined:inherit
func Collect[T any](fs []*Future[T]) *Future[[]T] {
	p := NewPromise[[]T]()
	if len(fs) == 0 {
		p.Complete([]T{}, nil)
		return p.Future()
	}
	var mu sync.Mutex
	values := make([]T, len(fs))
	left := len(fs)
	for i, f := range fs {
		f.OnComplete(func(v T, err error) {
			if err != nil {
				p.Complete(nil, err)
				return
			}
			mu.Lock()
			values[i] = v
			left--
			last := left == 0
			mu.Unlock()
			if last {
				p.Complete(values, nil)
			}
		})
	}
	return p.Future()
}
