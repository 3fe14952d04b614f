// Package fanout contains small helpers for running work on several
// goroutines and collecting the outcome.
package fanout

import (
	"context"
	"errors"
	"sync"
	"time"
)

// Wait blocks until the work started by a helper has finished.
type Wait func()

// Each runs fn for every item on its own goroutine and returns a function
// that blocks until all of them have returned.
func Each[T any](items []T, fn func(i int, item T)) Wait {
	var wg sync.WaitGroup
	for i, item := range items {
		wg.Go(func() { fn(i, item) })
	}
	return wg.Wait
}

// Map applies fn to every item concurrently and returns the results in
// input order. The first error encountered is returned after all calls
// have finished.
func Map[T, R any](ctx context.Context, items []T, fn func(ctx context.Context, item T) (R, error)) ([]R, error) {
	out := make([]R, len(items))
	errs := make([]error, len(items))
	wait := Each(items, func(i int, item T) {
		if err := ctx.Err(); err != nil {
			errs[i] = err
			return
		}
		out[i], errs[i] = fn(ctx, item)
	})
	wait()
	if err := errors.Join(errs...); err != nil {
		return out, err
	}
	return out, nil
}

// Stream applies fn to every item concurrently and delivers the results
// on the returned channel in completion order. The channel is closed once
// every result has been sent.
func Stream[T, R any](items []T, fn func(item T) R) <-chan R {
	ch := make(chan R, len(items))
	wait := Each(items, func(_ int, item T) { ch <- fn(item) })
	go func() {
		wait()
		close(ch)
	}()
	return ch
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

// Retry calls fn until it succeeds, the attempts are used up or ctx is
// cancelled. The delay doubles after every failed attempt.
func Retry(ctx context.Context, attempts int, delay time.Duration, fn func(attempt int) error) error {
	if attempts < 1 {
		attempts = 1
	}
	var err error
	for attempt := 1; attempt <= attempts; attempt++ {
		if err = fn(attempt); err == nil {
			return nil
		}
		if attempt == attempts {
			break
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return errors.Join(err, ctx.Err())
		case <-t.C:
		}
		delay *= 2
	}
	return err
}

// Group runs a bounded number of tasks at once and remembers the first
// error.
type Group struct {
	wg   sync.WaitGroup
	sem  chan struct{}
	once sync.Once
	err  error
}

// NewGroup returns a Group that runs at most limit tasks at a time. A
// limit below one means no limit.
func NewGroup(limit int) *Group {
	g := &Group{}
	if limit > 0 {
		g.sem = make(chan struct{}, limit)
	}
	return g
}

// Go starts fn, waiting for a free slot first if the group is bounded.
func (g *Group) Go(fn func() error) {
	if g.sem != nil {
		g.sem <- struct{}{}
	}
	g.wg.Go(func() {
		defer func() {
			if g.sem != nil {
				<-g.sem
			}
		}()
		if err := fn(); err != nil {
			g.once.Do(func() { g.err = err })
		}
	})
}

// Wait blocks until every task has returned and reports the first error.
func (g *Group) Wait() error {
	g.wg.Wait()
	return g.err
}
