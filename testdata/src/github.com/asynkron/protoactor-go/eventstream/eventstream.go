// Package eventstream stands in for protoactor's event stream, in small:
// Publish calls each subscriber's handler on the publishing goroutine.
package eventstream

import "sync"

type Handler func(evt any)

type Subscription struct{ handler Handler }

type EventStream struct {
	mu   sync.RWMutex
	subs []*Subscription
}

func (es *EventStream) Subscribe(handler Handler) *Subscription {
	es.mu.Lock()
	defer es.mu.Unlock()
	sub := &Subscription{handler: handler}
	es.subs = append(es.subs, sub)
	return sub
}

func (es *EventStream) Publish(evt any) {
	es.mu.RLock()
	subs := append([]*Subscription(nil), es.subs...)
	es.mu.RUnlock()
	for _, sub := range subs {
		sub.handler(evt)
	}
}
