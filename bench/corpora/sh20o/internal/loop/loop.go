// Package loop provides a single-goroutine run loop. Work submitted with
// Post, Do or Call runs on the loop goroutine in submission order, and
// periodic work registered with OnTick runs there too.
package loop

import (
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// ErrStopped is returned when work is submitted to a loop that has stopped.
var ErrStopped = errors.New("loop: stopped")

// ErrNotStarted is returned by Call and Do when the loop was never started.
var ErrNotStarted = errors.New("loop: not started")

type tick struct {
	name  string
	every time.Duration
	fn    func()
}

type options struct {
	name    string
	buffer  int
	logger  *slog.Logger
	onPanic func(v any)
	ticks   []tick
}

// Option configures a Loop.
type Option func(*options)

// WithName sets the name used in log messages.
func WithName(name string) Option {
	return func(o *options) { o.name = name }
}

// WithBuffer sets the mailbox capacity. The default is 64.
func WithBuffer(n int) Option {
	return func(o *options) {
		if n >= 0 {
			o.buffer = n
		}
	}
}

// WithLogger sets the logger used to report recovered panics.
func WithLogger(l *slog.Logger) Option {
	return func(o *options) { o.logger = l }
}

// WithPanicHandler installs a handler for panics raised by submitted work.
// Without one, a panic is logged and the loop keeps running.
func WithPanicHandler(h func(v any)) Option {
	return func(o *options) { o.onPanic = h }
}

// OnTick registers fn to run on the loop every interval.
func OnTick(name string, every time.Duration, fn func()) Option {
	return func(o *options) {
		if every > 0 && fn != nil {
			o.ticks = append(o.ticks, tick{name: name, every: every, fn: fn})
		}
	}
}

// Loop runs submitted functions one at a time on a dedicated goroutine.
type Loop struct {
	opts    options
	mailbox chan func()
	tickc   chan int
	quit    chan struct{}
	done    chan struct{}

	startOnce sync.Once
	stopOnce  sync.Once
	started   chan struct{}
	tickers   sync.WaitGroup
}

// New returns a loop that is ready to be started.
func New(opts ...Option) *Loop {
	o := options{name: "loop", buffer: 64, logger: slog.Default()}
	for _, opt := range opts {
		opt(&o)
	}
	return &Loop{
		opts:    o,
		mailbox: make(chan func(), o.buffer),
		tickc:   make(chan int),
		quit:    make(chan struct{}),
		done:    make(chan struct{}),
		started: make(chan struct{}),
	}
}

// Name reports the loop's configured name.
func (l *Loop) Name() string { return l.opts.name }

// Start launches the loop goroutine and its tickers. Calling Start more than
// once has no further effect.
func (l *Loop) Start() {
	l.startOnce.Do(func() {
		select {
		case <-l.quit:
			return
		default:
		}
		close(l.started)
		for i, t := range l.opts.ticks {
			l.tickers.Add(1)
			go l.forwardTicks(i, t.every)
		}
		go l.run()
	})
}

// Stop stops the loop and waits for the loop goroutine to exit. Work still
// queued in the mailbox is discarded.
func (l *Loop) Stop() {
	l.stopOnce.Do(func() {
		close(l.quit)
		select {
		case <-l.started:
			<-l.done
		default:
			close(l.done)
		}
		l.tickers.Wait()
	})
}

// Done is closed once the loop goroutine has exited.
func (l *Loop) Done() <-chan struct{} { return l.done }

// Post queues fn to run on the loop. It blocks while the mailbox is full.
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

// TryPost queues fn without blocking and reports whether it was queued.
func (l *Loop) TryPost(fn func()) bool {
	select {
	case <-l.quit:
		return false
	default:
	}
	select {
	case l.mailbox <- fn:
		return true
	default:
		return false
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

// After arranges for fn to run on the loop once d has elapsed. The returned
// timer may be used to cancel it.
func (l *Loop) After(d time.Duration, fn func()) *time.Timer {
	return time.AfterFunc(d, func() {
		_ = l.Post(fn)
	})
}

// Call runs fn on the loop and returns its result.
func Call[T any](l *Loop, fn func() T) (T, error) {
	var zero T
	select {
	case <-l.started:
	default:
		return zero, ErrNotStarted
	}
	reply := make(chan T, 1)
	err := l.Post(func() { reply <- fn() })
	if err != nil {
		return zero, err
	}
	select {
	case v := <-reply:
		return v, nil
	case <-l.done:
		return zero, ErrStopped
	}
}

// Call2 runs fn on the loop and returns both of its results.
func Call2[T any](l *Loop, fn func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	r, err := Call(l, func() result {
		v, err := fn()
		return result{v, err}
	})
	if err != nil {
		return r.v, err
	}
	return r.v, r.err
}

func (l *Loop) forwardTicks(i int, every time.Duration) {
	defer l.tickers.Done()
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			select {
			case l.tickc <- i:
			case <-l.quit:
				return
			}
		case <-l.quit:
			return
		}
	}
}

func (l *Loop) run() {
	defer close(l.done)
	for {
		select {
		case fn := <-l.mailbox:
			l.invoke("post", fn)
		case i := <-l.tickc:
			t := l.opts.ticks[i]
			l.invoke(t.name, t.fn)
		case <-l.quit:
			return
		}
	}
}

func (l *Loop) invoke(what string, fn func()) {
	defer func() {
		if v := recover(); v != nil {
			if l.opts.onPanic != nil {
				l.opts.onPanic(v)
				return
			}
			l.opts.logger.Error("recovered panic", "loop", l.opts.name, "task", what, "panic", fmt.Sprint(v))
		}
	}()
	fn()
}
