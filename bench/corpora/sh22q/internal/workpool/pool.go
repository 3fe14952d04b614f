// Package workpool runs tasks on a fixed number of worker goroutines.
package workpool

import (
	"context"
	"errors"
	"sync"
)

// ErrClosed is returned by Submit after Close has been called.
var ErrClosed = errors.New("workpool: closed")

// Option configures a Pool.
type Option func(*Pool)

// WithQueueDepth sets how many submitted tasks may wait for a free worker.
func WithQueueDepth(n int) Option {
	return func(p *Pool) {
		if n >= 0 {
			p.depth = n
		}
	}
}

// WithPanicHandler recovers panicking tasks and reports them to fn.
func WithPanicHandler(fn func(v any)) Option {
	return func(p *Pool) { p.onPanic = fn }
}

// Pool is a fixed-size set of workers fed from a shared queue.
type Pool struct {
	depth   int
	onPanic func(v any)
	tasks   chan func()
	wg      sync.WaitGroup

	mu     sync.RWMutex
	closed bool
}

// New starts a pool with the given number of workers.
func New(workers int, opts ...Option) *Pool {
	if workers < 1 {
		workers = 1
	}
	p := &Pool{depth: workers}
	for _, opt := range opts {
		opt(p)
	}
	p.tasks = make(chan func(), p.depth)
	p.wg.Add(workers)
	for i := 0; i < workers; i++ {
		go p.work()
	}
	return p
}

func (p *Pool) work() {
	defer p.wg.Done()
	for task := range p.tasks {
		p.run(task)
	}
}

func (p *Pool) run(task func()) {
	if p.onPanic != nil {
		defer func() {
			if v := recover(); v != nil {
				p.onPanic(v)
			}
		}()
	}
	task()
}

// Submit queues task for execution, blocking while the queue is full.
func (p *Pool) Submit(ctx context.Context, task func()) error {
	p.mu.RLock()
	defer p.mu.RUnlock()
	if p.closed {
		return ErrClosed
	}
	select {
	case p.tasks <- task:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Close stops accepting tasks and waits for queued ones to finish.
func (p *Pool) Close() {
	p.mu.Lock()
	if !p.closed {
		p.closed = true
		close(p.tasks)
	}
	p.mu.Unlock()
	p.wg.Wait()
}

// Map applies fn to every item on the pool and returns the results in input
// order after all of them have completed.
func Map[T, R any](ctx context.Context, p *Pool, items []T, fn func(T) R) ([]R, error) {
	out := make([]R, len(items))
	var wg sync.WaitGroup
	for i, item := range items {
		wg.Add(1)
		err := p.Submit(ctx, func() {
			defer wg.Done()
			out[i] = fn(item)
		})
		if err != nil {
			wg.Done()
			wg.Wait()
			return nil, err
		}
	}
	wg.Wait()
	return out, nil
}
