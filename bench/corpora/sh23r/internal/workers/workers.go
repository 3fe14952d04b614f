// Package workers runs bounded fan-out work and waits for it.
package workers

import (
	"context"
	"errors"
	"sync"
)

// Map applies fn to every item using at most n goroutines and returns the
// results in input order. It returns once every call has finished.
func Map[T, R any](ctx context.Context, n int, items []T, fn func(context.Context, T) (R, error)) ([]R, error) {
	if n <= 0 {
		n = 1
	}
	out := make([]R, len(items))
	errs := make([]error, len(items))
	idx := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < n && w < len(items); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range idx {
				if err := ctx.Err(); err != nil {
					errs[i] = err
					continue
				}
				out[i], errs[i] = fn(ctx, items[i])
			}
		}()
	}
	for i := range items {
		idx <- i
	}
	close(idx)
	wg.Wait()
	return out, errors.Join(errs...)
}

// Each is Map for functions without a result.
func Each[T any](ctx context.Context, n int, items []T, fn func(context.Context, T) error) error {
	_, err := Map(ctx, n, items, func(ctx context.Context, t T) (struct{}, error) {
		return struct{}{}, fn(ctx, t)
	})
	return err
}
