// Package par contains small helpers for running independent pieces of work
// on a bounded number of goroutines.
package par

import (
	"context"
	"runtime"
	"sync"
)

// Workers normalises a requested worker count for n items. A non-positive
// request means "one per CPU"; the result never exceeds n and is at least 1.
func Workers(requested, n int) int {
	if requested <= 0 {
		requested = runtime.GOMAXPROCS(0)
	}
	if requested > n {
		requested = n
	}
	if requested < 1 {
		requested = 1
	}
	return requested
}

// ForEach calls fn(i, items[i]) for every item on up to workers goroutines.
// Items are split by stride: worker w handles w, w+workers, w+2*workers...
// It returns immediately; the returned wait func blocks until every call
// has returned.
func ForEach[T any](items []T, workers int, fn func(int, T)) (wait func()) {
	var wg sync.WaitGroup
	n := Workers(workers, len(items))
	for w := range n {
		wg.Go(func() {
			for i := w; i < len(items); i += n {
				fn(i, items[i])
			}
		})
	}
	return wg.Wait
}

// Map applies fn to every item using up to workers goroutines and returns
// the results in input order.
func Map[T, R any](items []T, workers int, fn func(T) R) []R {
	out := make([]R, len(items))
	wait := ForEach(items, workers, func(i int, it T) {
		out[i] = fn(it)
	})
	wait()
	return out
}

// Stream applies fn to every item and delivers the results on the returned
// channel in completion order. The channel is closed once every item has
// been processed or ctx is cancelled.
func Stream[T, R any](ctx context.Context, items []T, workers int, fn func(context.Context, T) R) <-chan R {
	out := make(chan R)
	wait := ForEach(items, workers, func(_ int, it T) {
		if ctx.Err() != nil {
			return
		}
		r := fn(ctx, it)
		select {
		case out <- r:
		case <-ctx.Done():
		}
	})
	go func() {
		wait()
		close(out)
	}()
	return out
}

// Go runs fn on a new goroutine and returns a channel that is closed when
// fn returns.
func Go(fn func()) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	return done
}

// Chunk splits items into consecutive batches of at most size elements.
func Chunk[T any](items []T, size int) [][]T {
	if size <= 0 {
		size = 1
	}
	var out [][]T
	for len(items) > size {
		out = append(out, items[:size:size])
		items = items[size:]
	}
	if len(items) > 0 {
		out = append(out, items)
	}
	return out
}
