// Package par contains small helpers for spreading work over goroutines.
package par

import (
	"context"
	"sync"
)

// ForEach calls fn(i) for every i in [0, n) on at most workers goroutines.
// Indices are dealt out round-robin, so worker w handles w, w+workers, and so
// on. ForEach returns immediately; the returned function blocks until every
// call to fn has returned.
func ForEach(n, workers int, fn func(i int)) (wait func()) {
	if workers < 1 {
		workers = 1
	}
	if workers > n {
		workers = n
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < n; i += workers {
				fn(i)
			}
		})
	}
	return wg.Wait
}

// Map applies fn to every item with at most limit calls in flight and returns
// the results in input order. A limit of zero or less means no limit. The
// first error cancels the context passed to the remaining calls and is
// returned.
func Map[T, R any](ctx context.Context, items []T, limit int, fn func(context.Context, T) (R, error)) ([]R, error) {
	out := make([]R, len(items))
	g, ctx := WithContext(ctx)
	if limit > 0 {
		g.SetLimit(limit)
	}
	for i, item := range items {
		g.Go(func() error {
			r, err := fn(ctx, item)
			if err != nil {
				return err
			}
			out[i] = r
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

// Stream feeds items to workers goroutines running fn and delivers the
// results on the returned channel in completion order. The channel is closed
// once every item has been handled or ctx is done.
func Stream[T, R any](ctx context.Context, items []T, workers int, fn func(context.Context, T) R) <-chan R {
	if workers < 1 {
		workers = 1
	}
	in := make(chan T)
	out := make(chan R)
	go func() {
		defer close(in)
		for _, item := range items {
			select {
			case in <- item:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for item := range in {
				select {
				case out <- fn(ctx, item):
				case <-ctx.Done():
					return
				}
			}
		})
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	return out
}

// Collect drains ch and returns everything received, in order.
func Collect[T any](ch <-chan T) []T {
	var out []T
	for v := range ch {
		out = append(out, v)
	}
	return out
}

// Async runs fn on a new goroutine. The returned channel is closed when fn
// returns.
func Async(fn func()) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	return done
}
