// Package fanout contains small helpers for spreading work over a fixed
// number of goroutines and collecting the results.
package fanout

import (
	"context"
	"runtime"
	"sync"
)

// Span is a half-open range [Lo, Hi) of indexes into a slice.
type Span struct {
	Lo, Hi int
}

// Len reports how many indexes s covers.
func (s Span) Len() int { return s.Hi - s.Lo }

// Workers normalises a requested worker count for n items. Values below one
// mean one worker per available CPU, and the result never exceeds n when n is
// positive.
func Workers(requested, n int) int {
	w := requested
	if w < 1 {
		w = runtime.GOMAXPROCS(0)
	}
	if n > 0 && w > n {
		w = n
	}
	return max(w, 1)
}

// Split divides n items into at most parts contiguous spans whose lengths
// differ by at most one. It returns nil when there is nothing to split.
func Split(n, parts int) []Span {
	if n <= 0 {
		return nil
	}
	parts = min(max(parts, 1), n)
	spans := make([]Span, 0, parts)
	size, extra := n/parts, n%parts
	lo := 0
	for i := range parts {
		hi := lo + size
		if i < extra {
			hi++
		}
		spans = append(spans, Span{Lo: lo, Hi: hi})
		lo = hi
	}
	return spans
}

// Go runs fn on a new goroutine and returns a function that blocks until fn
// has returned. The returned function may be called any number of times.
func Go(fn func()) (wait func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	return func() { <-done }
}

// Spans splits n items across up to workers goroutines and calls fn once per
// span with the index of the worker that owns it. It returns a function that
// waits for every worker to finish.
func Spans(n, workers int, fn func(worker int, s Span)) (wait func()) {
	var wg sync.WaitGroup
	for i, s := range Split(n, Workers(workers, n)) {
		wg.Go(func() { fn(i, s) })
	}
	return wg.Wait
}

// Map calls fn for every element of in on up to workers goroutines and
// returns the results in input order. The first error cancels the context
// passed to the remaining calls and is returned.
func Map[T, R any](ctx context.Context, in []T, workers int, fn func(context.Context, T) (R, error)) ([]R, error) {
	out := make([]R, len(in))
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	wait := Spans(len(in), workers, func(_ int, s Span) {
		for i := s.Lo; i < s.Hi; i++ {
			if ctx.Err() != nil {
				return
			}
			r, err := fn(ctx, in[i])
			if err != nil {
				cancel(err)
				return
			}
			out[i] = r
		}
	})
	wait()
	if err := context.Cause(ctx); err != nil {
		return nil, err
	}
	return out, nil
}

// Result carries the outcome of one call made by Stream.
type Result[R any] struct {
	Index int
	Value R
	Err   error
}

// Stream calls fn for every element of in on up to workers goroutines and
// delivers each outcome on the returned channel as soon as it is ready. The
// channel is closed once every call has finished or ctx is done.
func Stream[T, R any](ctx context.Context, in []T, workers int, fn func(context.Context, T) (R, error)) <-chan Result[R] {
	out := make(chan Result[R])
	wait := Spans(len(in), workers, func(_ int, s Span) {
		for i := s.Lo; i < s.Hi; i++ {
			v, err := fn(ctx, in[i])
			select {
			case out <- Result[R]{Index: i, Value: v, Err: err}:
			case <-ctx.Done():
				return
			}
		}
	})
	go func() {
		wait()
		close(out)
	}()
	return out
}

// Collect drains a Stream channel into a slice ordered by input index. It
// returns the first error reported by any call.
func Collect[R any](n int, ch <-chan Result[R]) ([]R, error) {
	out := make([]R, n)
	var first error
	for r := range ch {
		if r.Err != nil && first == nil {
			first = r.Err
		}
		out[r.Index] = r.Value
	}
	return out, first
}
