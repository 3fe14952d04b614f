// Package batch groups items and hands them to a flush function, either when
// a batch is full or when it has waited long enough.
package batch

import (
	"sync"
	"time"
)

// FlushFunc receives a batch of items. The slice is owned by the callee.
type FlushFunc[T any] func(items []T)

type config struct {
	size     int
	interval time.Duration
	buffer   int
}

// Option configures a Batcher.
type Option func(*config)

// Size sets the number of items that triggers a flush. The default is 32.
func Size(n int) Option {
	return func(c *config) {
		if n > 0 {
			c.size = n
		}
	}
}

// Every sets the longest time an item waits before being flushed. The
// default is 100ms.
func Every(d time.Duration) Option {
	return func(c *config) {
		if d > 0 {
			c.interval = d
		}
	}
}

// Buffer sets how many items may be queued before Add blocks.
func Buffer(n int) Option {
	return func(c *config) {
		if n >= 0 {
			c.buffer = n
		}
	}
}

// Batcher collects items on a background goroutine and flushes them.
type Batcher[T any] struct {
	cfg   config
	flush FlushFunc[T]
	in    chan T
	quit  chan struct{}
	done  chan struct{}
	once  sync.Once
}

// New starts a batcher that passes batches to flush.
func New[T any](flush FlushFunc[T], opts ...Option) *Batcher[T] {
	cfg := config{size: 32, interval: 100 * time.Millisecond, buffer: 256}
	for _, o := range opts {
		o(&cfg)
	}
	b := &Batcher[T]{
		cfg:   cfg,
		flush: flush,
		in:    make(chan T, cfg.buffer),
		quit:  make(chan struct{}),
		done:  make(chan struct{}),
	}
	go b.run()
	return b
}

// Add queues an item. It reports false once the batcher has been closed.
func (b *Batcher[T]) Add(item T) bool {
	select {
	case <-b.quit:
		return false
	default:
	}
	select {
	case b.in <- item:
		return true
	case <-b.quit:
		return false
	}
}

// Close flushes anything pending and stops the batcher.
func (b *Batcher[T]) Close() {
	b.once.Do(func() { close(b.quit) })
	<-b.done
}

func (b *Batcher[T]) run() {
	defer close(b.done)
	ticker := time.NewTicker(b.cfg.interval)
	defer ticker.Stop()

	pending := make([]T, 0, b.cfg.size)
	emit := func() {
		if len(pending) == 0 {
			return
		}
		b.flush(pending)
		pending = make([]T, 0, b.cfg.size)
	}
	for {
		select {
		case item := <-b.in:
			pending = append(pending, item)
			if len(pending) >= b.cfg.size {
				emit()
			}
		case <-ticker.C:
			emit()
		case <-b.quit:
			for {
				select {
				case item := <-b.in:
					pending = append(pending, item)
				default:
					emit()
					return
				}
			}
		}
	}
}
