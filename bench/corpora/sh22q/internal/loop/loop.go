// Package loop implements a single-goroutine run loop. Work is submitted as
// closures that execute one at a time, in submission order, on the loop
// goroutine.
package loop

import (
	"errors"
	"sync"
	"time"
)

// ErrStopped is returned when work is submitted to a loop that has stopped.
var ErrStopped = errors.New("loop: stopped")

// Loop runs submitted functions sequentially on a dedicated goroutine.
type Loop struct {
	name    string
	mailbox chan func()
	quit    chan struct{}
	done    chan struct{}
	onPanic func(name string, v any)

	startOnce sync.Once
	stopOnce  sync.Once
	tickers   sync.WaitGroup
}

// New returns a loop that has not been started yet.
func New(opts ...Option) *Loop {
	cfg := defaultConfig()
	for _, opt := range opts {
		opt(&cfg)
	}
	return &Loop{
		name:    cfg.name,
		mailbox: make(chan func(), cfg.mailboxSize),
		quit:    make(chan struct{}),
		done:    make(chan struct{}),
		onPanic: cfg.onPanic,
	}
}

// Name returns the loop's configured name.
func (l *Loop) Name() string { return l.name }

// Start launches the loop goroutine. Calling Start more than once has no
// effect.
func (l *Loop) Start() {
	l.startOnce.Do(func() { go l.run() })
}

// Done is closed once the loop goroutine has exited.
func (l *Loop) Done() <-chan struct{} { return l.done }

func (l *Loop) run() {
	defer close(l.done)
	for {
		select {
		case fn := <-l.mailbox:
			l.invoke(fn)
		case <-l.quit:
			l.drain()
			return
		}
	}
}

func (l *Loop) drain() {
	for {
		select {
		case fn := <-l.mailbox:
			l.invoke(fn)
		default:
			return
		}
	}
}

func (l *Loop) invoke(fn func()) {
	if l.onPanic != nil {
		defer func() {
			if v := recover(); v != nil {
				l.onPanic(l.name, v)
			}
		}()
	}
	fn()
}

// Post queues fn to run on the loop. It returns ErrStopped if the loop has
// been stopped.
func (l *Loop) Post(fn func()) error {
	select {
	case <-l.quit:
		return ErrStopped
	default:
	}
	select {
	case l.mailbox <- fn:
		return nil
	case <-l.quit:
		return ErrStopped
	}
}

// Do runs fn on the loop and waits for it to finish.
func (l *Loop) Do(fn func()) error {
	_, err := Call(l, func() struct{} {
		fn()
		return struct{}{}
	})
	return err
}

// Call runs fn on the loop and returns its result.
func Call[T any](l *Loop, fn func() T) (T, error) {
	reply := make(chan T, 1)
	err := l.Post(func() {
		var v T
		defer func() { reply <- v }()
		v = fn()
	})
	if err != nil {
		var zero T
		return zero, err
	}
	select {
	case v := <-reply:
		return v, nil
	case <-l.done:
		select {
		case v := <-reply:
			return v, nil
		default:
			var zero T
			return zero, ErrStopped
		}
	}
}

// After runs fn on the loop once d has elapsed. The returned timer can be
// stopped to cancel the call.
func (l *Loop) After(d time.Duration, fn func()) *time.Timer {
	return time.AfterFunc(d, func() {
		_ = l.Post(fn)
	})
}

// OnTick arranges for fn to run on the loop every d until the returned
// function is called or the loop stops.
func (l *Loop) OnTick(d time.Duration, fn func()) (stop func()) {
	ticker := time.NewTicker(d)
	cancel := make(chan struct{})
	l.tickers.Add(1)
	go func() {
		defer l.tickers.Done()
		defer ticker.Stop()
		for {
			select {
			case <-ticker.C:
				if err := l.Post(fn); err != nil {
					return
				}
			case <-cancel:
				return
			case <-l.quit:
				return
			}
		}
	}()
	var once sync.Once
	return func() { once.Do(func() { close(cancel) }) }
}

// Stop asks the loop to exit after running any work already queued and
// waits for it to do so.
func (l *Loop) Stop() {
	l.stopOnce.Do(func() { close(l.quit) })
	l.startOnce.Do(func() { close(l.done) })
	l.tickers.Wait()
	<-l.done
}
