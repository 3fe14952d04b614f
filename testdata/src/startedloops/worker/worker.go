// Package worker is a worker whose loop is unexported: its importers
// start it with Start and stop it with Close, which waits for the loop.
package worker

import "sync"

//confined:owner
type Worker struct { // want Worker:`confined:owner`
	queue   chan int
	done    chan struct{}
	mu      sync.Mutex
	Retries int
	Sent    int
}

func New() *Worker { return &Worker{queue: make(chan int), done: make(chan struct{})} }

func (w *Worker) Start() { go w.run() } // want Start:`summary\(started arg0; starts a loop\)`

func (w *Worker) Send(n int) { w.queue <- n }

// Close waits for the loop's end.
func (w *Worker) Close() int { // want Close:`summary\(waits on arg0\)`
	close(w.queue)
	<-w.done
	return w.Sent
}

// Stats takes the lock first: its author shares Sent under it.
func (w *Worker) Stats() int { // want Stats:`summary\(arg0 reads worker\.Worker\.Sent; locks arg0 first\)`
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.Sent
}

//confined:loop
func (w *Worker) run() { // want run:`confined:loop`
	defer close(w.done)
	for n := range w.queue {
		for i := 0; i <= w.Retries; i++ {
			w.mu.Lock()
			w.Sent += n
			w.mu.Unlock()
		}
	}
}
