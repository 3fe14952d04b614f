// Package loop provides a small single-goroutine run loop. Functions posted to
// a Loop run one at a time, in order, on the loop's goroutine.
package loop

import (
	"errors"
	"sync"
	"time"
)

// ErrStopped is returned when work is submitted to a loop that has stopped.
var ErrStopped = errors.New("loop: stopped")

type ticker struct {
	every time.Duration
	fn    func()
}

// Loop is a serial executor.
type Loop struct {
	name    string
	mailbox chan func()
	ticks   []ticker
	onPanic func(any)

	quit     chan struct{}
	done     chan struct{}
	stopOnce sync.Once
	started  bool
}

// Option configures a Loop.
type Option func(*Loop)

// WithBuffer sets the mailbox capacity.
func WithBuffer(n int) Option {
	return func(l *Loop) { l.mailbox = make(chan func(), n) }
}

// WithName names the loop; the name shows up in panics.
func WithName(name string) Option {
	return func(l *Loop) { l.name = name }
}

// WithPanicHandler installs a handler that is called, on the loop, when a
// posted function panics. Without one, the panic propagates.
func WithPanicHandler(h func(any)) Option {
	return func(l *Loop) { l.onPanic = h }
}

// New creates a loop. Call Start to run it.
func New(opts ...Option) *Loop {
	l := &Loop{
		name:    "loop",
		mailbox: make(chan func(), 64),
		quit:    make(chan struct{}),
		done:    make(chan struct{}),
	}
	for _, o := range opts {
		o(l)
	}
	return l
}

// Name returns the loop's name.
func (l *Loop) Name() string { return l.name }

// OnTick registers fn to run on the loop every d. It must be called before
// Start.
func (l *Loop) OnTick(d time.Duration, fn func()) {
	if l.started {
		panic("loop: OnTick after Start on " + l.name)
	}
	l.ticks = append(l.ticks, ticker{every: d, fn: fn})
}

// Start launches the loop goroutine.
func (l *Loop) Start() {
	l.started = true
	fire := make(chan int)
	for i, t := range l.ticks {
		go l.forward(i, t.every, fire)
	}
	go l.run(fire)
}

func (l *Loop) forward(i int, every time.Duration, fire chan<- int) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			select {
			case fire <- i:
			case <-l.quit:
				return
			}
		case <-l.quit:
			return
		}
	}
}

func (l *Loop) run(fire <-chan int) {
	defer close(l.done)
	for {
		select {
		case fn := <-l.mailbox:
			l.invoke(fn)
		case i := <-fire:
			l.invoke(l.ticks[i].fn)
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
			if r := recover(); r != nil {
				l.onPanic(r)
			}
		}()
	}
	fn()
}

// Post queues fn to run on the loop. It reports false if the loop has
// stopped.
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

// Stop stops the loop after running already queued work and waits for it.
func (l *Loop) Stop() {
	l.stopOnce.Do(func() { close(l.quit) })
	if l.started {
		<-l.done
	}
}

// Done is closed once the loop goroutine has exited.
func (l *Loop) Done() <-chan struct{} { return l.done }

// Call runs fn on the loop and returns its result.
func Call[T any](l *Loop, fn func() T) (T, error) {
	reply := make(chan T, 1)
	if !l.Post(func() { reply <- fn() }) {
		var zero T
		return zero, ErrStopped
	}
	select {
	case v := <-reply:
		return v, nil
	case <-l.done:
		select {
		case v := <-reply:
			return v, nil
		default:
		}
		var zero T
		return zero, ErrStopped
	}
}

// Do runs fn on the loop and waits for it to finish.
func Do(l *Loop, fn func()) error {
	_, err := Call(l, func() struct{} { fn(); return struct{}{} })
	return err
}
