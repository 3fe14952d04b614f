// Package loop runs functions one at a time, in the order they were
// posted, on a dedicated goroutine.
package loop

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// ErrStopped is returned when work is submitted to a loop that has stopped.
var ErrStopped = errors.New("loop: stopped")

// Option configures a Loop.
type Option func(*options)

type options struct {
	name    string
	mailbox int
	logger  *slog.Logger
	onPanic func(name string, v any)
}

// WithName sets the name used in log messages.
func WithName(name string) Option {
	return func(o *options) { o.name = name }
}

// WithMailbox sets how many posted functions may wait before Post blocks.
func WithMailbox(n int) Option {
	return func(o *options) {
		if n >= 0 {
			o.mailbox = n
		}
	}
}

// WithLogger sets the logger used to report recovered panics.
func WithLogger(l *slog.Logger) Option {
	return func(o *options) {
		if l != nil {
			o.logger = l
		}
	}
}

// WithPanicHandler installs a function that is called on the loop goroutine
// when a posted function panics. Without one the panic is logged and the
// loop keeps running.
func WithPanicHandler(fn func(name string, v any)) Option {
	return func(o *options) { o.onPanic = fn }
}

// Loop executes posted functions sequentially on one goroutine.
type Loop struct {
	opts    options
	mailbox chan func()
	quit    chan struct{}
	done    chan struct{}

	startOnce sync.Once
	stopOnce  sync.Once
	tickers   sync.WaitGroup
}

// New returns a loop that is ready to be started.
func New(opts ...Option) *Loop {
	o := options{
		name:    "loop",
		mailbox: 64,
		logger:  slog.New(slog.DiscardHandler),
	}
	for _, opt := range opts {
		opt(&o)
	}
	return &Loop{
		opts:    o,
		mailbox: make(chan func(), o.mailbox),
		quit:    make(chan struct{}),
		done:    make(chan struct{}),
	}
}

// Name returns the loop's name.
func (l *Loop) Name() string { return l.opts.name }

// Start launches the loop goroutine. Calling Start more than once has no
// further effect.
func (l *Loop) Start() {
	l.startOnce.Do(func() { go l.run() })
}

// Stop asks the loop to finish, waits for tick sources to exit and for the
// loop goroutine to return. Functions still queued are run first.
func (l *Loop) Stop() {
	l.stopOnce.Do(func() { close(l.quit) })
	l.tickers.Wait()
	// A loop that was never started has nothing to wait for.
	l.startOnce.Do(func() { close(l.done) })
	<-l.done
}

// Done is closed once the loop goroutine has returned.
func (l *Loop) Done() <-chan struct{} { return l.done }

// Post queues fn to run on the loop. It reports false if the loop is
// stopping and fn will not run.
func (l *Loop) Post(fn func()) bool {
	select {
	case <-l.quit:
		return false
	default:
	}
	select {
	case l.mailbox <- fn:
		return true
	case <-l.quit:
		return false
	}
}

// Do runs fn on the loop and waits for it to return.
func (l *Loop) Do(fn func()) error {
	_, err := Call(l, func() struct{} {
		fn()
		return struct{}{}
	})
	return err
}

// OnTick posts fn to the loop every interval until the returned cancel
// function is called or the loop stops. Ticks that arrive while a previous
// one is still queued are coalesced by the ticker.
func (l *Loop) OnTick(every time.Duration, fn func()) (cancel func()) {
	if every <= 0 {
		panic(fmt.Sprintf("loop %s: non-positive tick interval %v", l.opts.name, every))
	}
	stop := make(chan struct{})
	var once sync.Once
	l.tickers.Add(1)
	go func() {
		defer l.tickers.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				if !l.Post(fn) {
					return
				}
			case <-stop:
				return
			case <-l.quit:
				return
			}
		}
	}()
	return func() { once.Do(func() { close(stop) }) }
}

// Call runs fn on the loop and returns its result.
func Call[T any](l *Loop, fn func() T) (T, error) {
	return CallContext(context.Background(), l, fn)
}

// CallContext is like Call but gives up waiting when ctx is done. The
// function may still run after CallContext has returned.
func CallContext[T any](ctx context.Context, l *Loop, fn func() T) (T, error) {
	var zero T
	reply := make(chan T, 1)
	if !l.Post(func() { reply <- fn() }) {
		return zero, ErrStopped
	}
	select {
	case v := <-reply:
		return v, nil
	case <-ctx.Done():
		return zero, ctx.Err()
	case <-l.done:
		select {
		case v := <-reply:
			return v, nil
		default:
			return zero, ErrStopped
		}
	}
}

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
	defer func() {
		if v := recover(); v != nil {
			if l.opts.onPanic != nil {
				l.opts.onPanic(l.opts.name, v)
				return
			}
			l.opts.logger.Error("recovered panic in loop", "loop", l.opts.name, "panic", v)
		}
	}()
	fn()
}
