// Package pool runs bounded fan-out work and waits for all of it to finish
// before returning.
package pool

import (
	"context"
	"runtime"
	"sync"
)

// Workers normalises a requested worker count: values below one mean "one
// per CPU".
func Workers(n int) int {
	if n < 1 {
		return runtime.GOMAXPROCS(0)
	}
	return n
}

// Map applies fn to every item using at most workers goroutines and returns
// the results in input order. The first error cancels the remaining work.
func Map[T, R any](ctx context.Context, workers int, items []T, fn func(context.Context, T) (R, error)) ([]R, error) {
	out := make([]R, len(items))
	g := newGroup(ctx, workers)
	for i, item := range items {
		g.Go(func(ctx context.Context) error {
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

// ForEach calls fn for every item using at most workers goroutines.
func ForEach[T any](ctx context.Context, workers int, items []T, fn func(context.Context, T) error) error {
	g := newGroup(ctx, workers)
	for _, item := range items {
		g.Go(func(ctx context.Context) error { return fn(ctx, item) })
	}
	return g.Wait()
}

// group runs tasks with bounded concurrency and remembers the first error,
// cancelling the context handed to the remaining tasks.
type group struct {
	ctx    context.Context
	cancel context.CancelFunc
	sem    chan struct{}
	wg     sync.WaitGroup
	once   sync.Once
	err    error
}

func newGroup(ctx context.Context, workers int) *group {
	ctx, cancel := context.WithCancel(ctx)
	return &group{ctx: ctx, cancel: cancel, sem: make(chan struct{}, Workers(workers))}
}

// Go starts task once a worker slot is free. Tasks submitted after a failure
// are skipped.
func (g *group) Go(task func(context.Context) error) {
	select {
	case g.sem <- struct{}{}:
	case <-g.ctx.Done():
		g.fail(g.ctx.Err())
		return
	}
	g.wg.Add(1)
	go func() {
		defer func() {
			<-g.sem
			g.wg.Done()
		}()
		if err := task(g.ctx); err != nil {
			g.fail(err)
		}
	}()
}

func (g *group) fail(err error) {
	g.once.Do(func() {
		g.err = err
		g.cancel()
	})
}

// Wait blocks until every started task has returned.
func (g *group) Wait() error {
	g.wg.Wait()
	g.cancel()
	return g.err
}

// Partition splits items into at most n contiguous chunks of similar size.
func Partition[T any](items []T, n int) [][]T {
	if n < 1 {
		n = 1
	}
	if n > len(items) {
		n = len(items)
	}
	chunks := make([][]T, 0, n)
	for i := range n {
		lo := i * len(items) / n
		hi := (i + 1) * len(items) / n
		chunks = append(chunks, items[lo:hi])
	}
	return chunks
}
