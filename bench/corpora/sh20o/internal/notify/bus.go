// Package notify delivers events to subscribers on a dedicated goroutine so
// that publishers never block on slow consumers.
package notify

import (
	"sync"
	"sync/atomic"
)

// Bus fans events out to subscribers. Subscribers are invoked one at a time,
// in publish order, on the bus goroutine.
type Bus[E any] struct {
	mu     sync.Mutex
	subs   map[int]func(E)
	nextID int

	queue   chan E
	quit    chan struct{}
	done    chan struct{}
	once    sync.Once
	dropped atomic.Int64
}

// NewBus starts a bus whose queue holds up to buffer undelivered events.
func NewBus[E any](buffer int) *Bus[E] {
	if buffer < 1 {
		buffer = 1
	}
	b := &Bus[E]{
		subs:  make(map[int]func(E)),
		queue: make(chan E, buffer),
		quit:  make(chan struct{}),
		done:  make(chan struct{}),
	}
	go b.deliver()
	return b
}

// Subscribe registers fn and returns a function that removes it.
func (b *Bus[E]) Subscribe(fn func(E)) (cancel func()) {
	b.mu.Lock()
	id := b.nextID
	b.nextID++
	b.subs[id] = fn
	b.mu.Unlock()
	return func() {
		b.mu.Lock()
		delete(b.subs, id)
		b.mu.Unlock()
	}
}

// Publish queues e for delivery. When the queue is full the event is dropped
// and Publish reports false.
func (b *Bus[E]) Publish(e E) bool {
	select {
	case <-b.quit:
		return false
	default:
	}
	select {
	case b.queue <- e:
		return true
	default:
		b.dropped.Add(1)
		return false
	}
}

// Dropped reports how many events were discarded because the queue was full.
func (b *Bus[E]) Dropped() int64 { return b.dropped.Load() }

// Close stops delivery after the events already queued have been handed to
// subscribers.
func (b *Bus[E]) Close() {
	b.once.Do(func() { close(b.quit) })
	<-b.done
}

func (b *Bus[E]) snapshot() []func(E) {
	b.mu.Lock()
	defer b.mu.Unlock()
	fns := make([]func(E), 0, len(b.subs))
	for id := 0; id < b.nextID; id++ {
		if fn, ok := b.subs[id]; ok {
			fns = append(fns, fn)
		}
	}
	return fns
}

func (b *Bus[E]) deliver() {
	defer close(b.done)
	for {
		select {
		case e := <-b.queue:
			b.dispatch(e)
		case <-b.quit:
			for {
				select {
				case e := <-b.queue:
					b.dispatch(e)
				default:
					return
				}
			}
		}
	}
}

func (b *Bus[E]) dispatch(e E) {
	for _, fn := range b.snapshot() {
		fn(e)
	}
}
