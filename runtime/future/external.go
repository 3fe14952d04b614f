package future

import "time"

// Sleep returns a future that timer completes, on its own goroutine, once d
// has passed.
//
//confined:completes async
func Sleep(timer Timer, d time.Duration) *Future[struct{}] {
	p := NewPromise[struct{}]()
	timer.Schedule(d, func() { p.Complete(struct{}{}, nil) })
	return p.Future()
}

// Within returns a future that completes like f, or fails with ErrTimeout on
// timer's goroutine when f has not completed d after the call.
//
//confined:completes async
func Within[T any](f *Future[T], timer Timer, d time.Duration) *Future[T] {
	p := NewPromise[T]()
	timer.Schedule(d, func() {
		var zero T
		p.Complete(zero, ErrTimeout)
	})
	f.OnComplete(p.Complete)
	return p.Future()
}

// FromExternal converts a completion that code outside this package delivers
// on a channel (another library's future, a pool's result, a goroutine's
// exit) into a Future. The future completes with the first value received
// from ch, or the zero value once ch is closed, on a goroutine of its own.
//
//confined:completes async
func FromExternal[T any](ch <-chan T) *Future[T] {
	p := NewPromise[T]()
	go func() {
		v := <-ch
		p.Complete(v, nil)
	}()
	return p.Future()
}
