// Package notify is a small publish/subscribe hub. Subscribers are invoked
// asynchronously so that a slow subscriber never blocks the publisher.
package notify

import (
	"sort"
	"sync"
)

// Hub fans events of type E out to subscribers.
type Hub[E any] struct {
	mu   sync.Mutex
	subs map[int]func(E)
	next int
	wg   sync.WaitGroup
}

// NewHub returns an empty hub.
func NewHub[E any]() *Hub[E] {
	return &Hub[E]{subs: make(map[int]func(E))}
}

// Subscribe registers fn and returns a function that removes it.
func (h *Hub[E]) Subscribe(fn func(E)) (cancel func()) {
	h.mu.Lock()
	id := h.next
	h.next++
	h.subs[id] = fn
	h.mu.Unlock()
	return func() {
		h.mu.Lock()
		delete(h.subs, id)
		h.mu.Unlock()
	}
}

func (h *Hub[E]) snapshot() []func(E) {
	h.mu.Lock()
	defer h.mu.Unlock()
	ids := make([]int, 0, len(h.subs))
	for id := range h.subs {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	out := make([]func(E), 0, len(ids))
	for _, id := range ids {
		out = append(out, h.subs[id])
	}
	return out
}

// Publish delivers e to every subscriber on a separate goroutine.
func (h *Hub[E]) Publish(e E) {
	subs := h.snapshot()
	if len(subs) == 0 {
		return
	}
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		for _, fn := range subs {
			fn(e)
		}
	}()
}

// Len reports the number of subscribers.
func (h *Hub[E]) Len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs)
}

// Wait blocks until all deliveries started so far have finished.
func (h *Hub[E]) Wait() { h.wg.Wait() }
