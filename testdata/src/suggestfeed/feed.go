// Package suggestfeed is a library value meant to be used from any
// goroutine: its methods take its lock.
package suggestfeed

import "sync"

type Feed struct {
	once  sync.Once
	mu    sync.Mutex
	subs  []chan int
	ready chan struct{}
}

func (f *Feed) init() { f.ready = make(chan struct{}) }

func (f *Feed) Subscribe(ch chan int) {
	f.mu.Lock()
	f.subs = append(f.subs, ch)
	f.mu.Unlock()
}

func (f *Feed) Send(v int) {
	f.once.Do(f.init)
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, ch := range f.subs {
		select {
		case ch <- v:
		default:
		}
	}
}
