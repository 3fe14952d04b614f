// Package future is a small future library for the tests: callbacks run on
// the goroutine that completes the future.
package future

import (
	"sync"
	"time"
)

type Future[T any] struct {
	mu        sync.Mutex
	done      bool
	value     T
	callbacks []func(T)
}

func New[T any]() *Future[T] { return &Future[T]{} }

func (f *Future[T]) Complete(v T) {
	f.mu.Lock()
	f.done, f.value = true, v
	cbs := f.callbacks
	f.mu.Unlock()
	for _, cb := range cbs {
		cb(v)
	}
}

//confined:inherit
func (f *Future[T]) OnComplete(cb func(T)) {
	f.mu.Lock()
	if !f.done {
		f.callbacks = append(f.callbacks, cb)
		f.mu.Unlock()
		return
	}
	v := f.value
	f.mu.Unlock()
	cb(v)
}

//confined:inherit
func (f *Future[T]) Map(fn func(T) T) *Future[T] {
	out := New[T]()
	f.OnComplete(func(v T) { out.Complete(fn(v)) })
	return out
}

//confined:inherit
func (f *Future[T]) FlatMap(fn func(T) *Future[T]) *Future[T] {
	out := New[T]()
	f.OnComplete(func(v T) { fn(v).OnComplete(out.Complete) })
	return out
}

// Collect completes when all futures have.
//
//confined:inherit
func Collect[T any](fs []*Future[T]) *Future[[]T] {
	out := New[[]T]()
	var mu sync.Mutex
	vals := make([]T, len(fs))
	left := len(fs)
	for i, f := range fs {
		f.OnComplete(func(v T) {
			mu.Lock()
			vals[i] = v
			left--
			last := left == 0
			mu.Unlock()
			if last {
				out.Complete(vals)
			}
		})
	}
	return out
}

// Sleep completes on the timer's goroutine.
//
//confined:completes async
func Sleep[T any](d time.Duration, v T) *Future[T] {
	out := New[T]()
	time.AfterFunc(d, func() { out.Complete(v) })
	return out
}

// External wraps a completion that some pool goroutine delivers.
//
//confined:completes async
func External[T any](ch <-chan T) *Future[T] {
	out := New[T]()
	go func() { out.Complete(<-ch) }()
	return out
}

// Value is an already completed future; nothing says where.
func Value[T any](v T) *Future[T] {
	out := New[T]()
	out.Complete(v)
	return out
}
