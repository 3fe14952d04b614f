// Package pool provides a small fixed-size worker pool and helpers for
// fanning work out over a slice.
package pool

import (
	"errors"
	"fmt"
	"sync"
)

// ErrClosed is returned by Submit after Close has been called.
var ErrClosed = errors.New("pool: closed")

// Option configures a Pool.
type Option func(*Pool)

// WithQueue sets how many submitted jobs may wait for a free worker.
func WithQueue(n int) Option {
	return func(p *Pool) {
		if n >= 0 {
			p.queue = n
		}
	}
}

// WithPanicHandler is called on the worker goroutine when a job panics.
func WithPanicHandler(fn func(v any)) Option {
	return func(p *Pool) { p.onPanic = fn }
}

// Pool runs submitted jobs on a fixed number of goroutines.
type Pool struct {
	queue   int
	onPanic func(v any)

	jobs chan func()
	wg   sync.WaitGroup

	mu     sync.RWMutex
	closed bool
}

// New starts a pool with the given number of workers.
func New(workers int, opts ...Option) *Pool {
	if workers <= 0 {
		workers = 1
	}
	p := &Pool{queue: workers * 4}
	for _, opt := range opts {
		opt(p)
	}
	p.jobs = make(chan func(), p.queue)
	p.wg.Add(workers)
	for i := 0; i < workers; i++ {
		go p.worker()
	}
	return p
}

// Submit queues job. It blocks while the queue is full.
func (p *Pool) Submit(job func()) error {
	p.mu.RLock()
	defer p.mu.RUnlock()
	if p.closed {
		return ErrClosed
	}
	p.jobs <- job
	return nil
}

// Close stops accepting jobs and waits for queued jobs to finish.
func (p *Pool) Close() {
	p.mu.Lock()
	if !p.closed {
		p.closed = true
		close(p.jobs)
	}
	p.mu.Unlock()
	p.wg.Wait()
}

func (p *Pool) worker() {
	defer p.wg.Done()
	for job := range p.jobs {
		p.run(job)
	}
}

func (p *Pool) run(job func()) {
	defer func() {
		if v := recover(); v != nil {
			if p.onPanic == nil {
				panic(fmt.Sprintf("pool: job panicked: %v", v))
			}
			p.onPanic(v)
		}
	}()
	job()
}

// Map applies fn to every item using up to workers goroutines and returns
// the results in input order. It returns once every call has finished.
func Map[T, R any](workers int, items []T, fn func(T) R) []R {
	out := make([]R, len(items))
	if len(items) == 0 {
		return out
	}
	if workers <= 0 || workers > len(items) {
		workers = len(items)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	wg.Add(workers)
	for w := 0; w < workers; w++ {
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = fn(items[i])
			}
		}()
	}
	for i := range items {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// Each calls fn for every item using up to workers goroutines and returns
// the first error reported, after all calls have finished.
func Each[T any](workers int, items []T, fn func(T) error) error {
	errs := Map(workers, items, fn)
	return errors.Join(errs...)
}
