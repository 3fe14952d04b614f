// Package events is a small in-process publish/subscribe bus. Events are
// delivered to subscribers one at a time, in publish order, on the bus's
// dispatcher goroutine.
package events

import (
	"sync"
	"sync/atomic"
	"time"
)

// Event is a published message.
type Event struct {
	Topic   string
	Payload any
	At      time.Time
}

// Handler receives events for a topic.
type Handler func(Event)

// Option configures a Bus.
type Option func(*Bus)

// WithBuffer sets how many events may be queued before Publish drops them.
func WithBuffer(n int) Option {
	return func(b *Bus) {
		if n > 0 {
			b.buffer = n
		}
	}
}

// WithClock sets the time source used to stamp events.
func WithClock(now func() time.Time) Option {
	return func(b *Bus) {
		if now != nil {
			b.now = now
		}
	}
}

type subscription struct {
	id int
	h  Handler
}

type envelope struct {
	ev    Event
	flush chan struct{}
}

// Bus fans events out to subscribers.
type Bus struct {
	buffer int
	now    func() time.Time

	mu     sync.RWMutex
	subs   map[string][]subscription
	nextID int

	queue   chan envelope
	done    chan struct{}
	state   sync.RWMutex
	closed  bool
	dropped atomic.Int64
}

// New creates a bus and starts its dispatcher.
func New(opts ...Option) *Bus {
	b := &Bus{
		buffer: 128,
		now:    time.Now,
		subs:   make(map[string][]subscription),
		done:   make(chan struct{}),
	}
	for _, opt := range opts {
		opt(b)
	}
	b.queue = make(chan envelope, b.buffer)
	go b.dispatch()
	return b
}

// Subscribe registers h for topic and returns a function that removes it.
func (b *Bus) Subscribe(topic string, h Handler) (cancel func()) {
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	b.subs[topic] = append(b.subs[topic], subscription{id: id, h: h})
	b.mu.Unlock()
	return func() { b.unsubscribe(topic, id) }
}

func (b *Bus) unsubscribe(topic string, id int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	list := b.subs[topic]
	for i, s := range list {
		if s.id == id {
			b.subs[topic] = append(list[:i:i], list[i+1:]...)
			break
		}
	}
	if len(b.subs[topic]) == 0 {
		delete(b.subs, topic)
	}
}

// Publish queues an event. It reports false if the event was dropped
// because the queue is full or the bus is closed.
func (b *Bus) Publish(topic string, payload any) bool {
	b.state.RLock()
	defer b.state.RUnlock()
	if b.closed {
		return false
	}
	select {
	case b.queue <- envelope{ev: Event{Topic: topic, Payload: payload, At: b.now()}}:
		return true
	default:
		b.dropped.Add(1)
		return false
	}
}

// Dropped returns the number of events discarded by Publish.
func (b *Bus) Dropped() int64 { return b.dropped.Load() }

// Flush waits until every event published before the call was delivered.
func (b *Bus) Flush() {
	ch := make(chan struct{})
	b.state.RLock()
	if b.closed {
		b.state.RUnlock()
		return
	}
	b.queue <- envelope{flush: ch}
	b.state.RUnlock()
	select {
	case <-ch:
	case <-b.done:
	}
}

// Close stops the dispatcher after delivering queued events.
func (b *Bus) Close() {
	b.state.Lock()
	if !b.closed {
		b.closed = true
		close(b.queue)
	}
	b.state.Unlock()
	<-b.done
}

func (b *Bus) dispatch() {
	defer close(b.done)
	for env := range b.queue {
		if env.flush != nil {
			close(env.flush)
			continue
		}
		b.deliver(env.ev)
	}
}

func (b *Bus) handlers(topic string) []Handler {
	b.mu.RLock()
	defer b.mu.RUnlock()
	list := b.subs[topic]
	out := make([]Handler, len(list))
	for i, s := range list {
		out[i] = s.h
	}
	return out
}

func (b *Bus) deliver(ev Event) {
	for _, h := range b.handlers(ev.Topic) {
		h(ev)
	}
}
