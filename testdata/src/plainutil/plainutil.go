// Package plainutil has no directives and nothing confined in reach: the
// analyzer reads only its syntax, to learn which func parameters its
// functions run on another goroutine.
package plainutil

import (
	"errors"
	"net/http"
	"sync"
	"time"
)

// Go runs f on a new goroutine.
func Go(f func()) { go f() } // want Go:`summary\(async arg0\)`

// Later runs f on the timer's goroutine, through a closure.
func Later(d time.Duration, f func()) { time.AfterFunc(d, func() { f() }) } // want Later:`summary\(async arg1\)`

// Twice goes through Go, a wrapper of the same package.
func Twice(f func()) { Go(f); Go(f) } // want Twice:`summary\(async arg0\)`

type Pool struct{ wg sync.WaitGroup }

// Submit hands f to the pool's goroutines.
func (p *Pool) Submit(f func()) { p.wg.Go(f) } // want Submit:`summary\(async arg1\)`

// Now calls f where it is: not a sink.
func Now(f func()) { f() }

// Route registers h as a handler: net/http runs it per request.
func Route(pattern string, h func(http.ResponseWriter, *http.Request)) { http.HandleFunc(pattern, h) } // want Route:`summary\(async arg1\)`

// Mount converts h to an http.HandlerFunc, which net/http runs per request.
func Mount(mux *http.ServeMux, h func(http.ResponseWriter, *http.Request)) { // want Mount:`summary\(async arg1\)`
	mux.Handle("/", http.HandlerFunc(h))
}

// GoAll runs each of fs on a goroutine of its own.
func GoAll(fs ...func()) { // want GoAll:`summary\(async arg0\)`
	for _, f := range fs {
		go f()
	}
}

// Bus calls the handlers subscribed on a goroutine of its own.
type Bus struct {
	handlers []func(string)
	byTopic  map[string][]func(string)
	events   chan string
}

func NewBus() *Bus {
	b := &Bus{events: make(chan string)}
	go b.dispatch()
	return b
}

// Subscribe keeps h among the handlers the dispatcher calls.
func (b *Bus) Subscribe(h func(string)) { b.handlers = append(b.handlers, h) } // want Subscribe:`summary\(async arg1\)`

// On keeps h in the list of its topic, which the dispatcher calls.
func (b *Bus) On(topic string, h func(string)) { b.byTopic[topic] = append(b.byTopic[topic], h) } // want On:`summary\(async arg2\)`

func (b *Bus) dispatch() {
	for ev := range b.events {
		for _, h := range b.handlers {
			h(ev)
		}
		for _, h := range b.byTopic[ev] {
			h(ev)
		}
	}
}

// Workers run the funcs submitted on goroutines of their own.
type Workers struct {
	jobs chan func()
}

func NewWorkers() *Workers {
	w := &Workers{jobs: make(chan func())}
	go func() {
		for f := range w.jobs {
			f()
		}
	}()
	return w
}

// Submit hands f to the workers.
func (w *Workers) Submit(f func()) { w.jobs <- f } // want Submit:`summary\(async arg1\)`

// Loop runs the funcs queued on it in Run, an event loop its user calls.
type Loop struct {
	queue chan func()
}

func (l *Loop) Run() {
	for {
		select {
		case f := <-l.queue:
			f()
		}
	}
}

// Queue hands f to the loop.
func (l *Loop) Queue(f func()) { l.queue <- f } // want Queue:`summary\(hop arg1\)`

// Every hands f to the loop every d, from a ticker's goroutine; After
// once, from a timer.
func (l *Loop) Every(d time.Duration, f func()) { // want Every:`summary\(hop arg2\)`
	go func() {
		t := time.NewTicker(d)
		for range t.C {
			l.Queue(f)
		}
	}()
}

func (l *Loop) After(d time.Duration, f func()) { // want After:`summary\(hop arg2\)`
	time.AfterFunc(d, func() { l.Queue(f) })
}

// Twice runs f on a goroutine and hands it to the loop too.
func (l *Loop) Twice(f func()) { // want Twice:`summary\(async arg1; hop arg1\)`
	go func() {
		f()
		l.Queue(f)
	}()
}

// Service is what a Server calls for each request, from the connection's
// goroutine.
type Service interface {
	Handle(req string) // want Handle:`entry point, called off the owner by \(\*plainutil.Server\).serveConn`
}

type Server struct {
	svc   Service
	conns chan string
}

func (s *Server) Serve() {
	for c := range s.conns {
		go func() { s.serveConn(c) }()
	}
}

func (s *Server) serveConn(req string) { s.svc.Handle(req) }

// Keep runs done on a new goroutine and hands x back: the caller's own
// value, not a new one.
func Keep[T any](x T, done func()) T { // want Keep:`summary\(async arg1\)`
	go done()
	return x
}

// Made runs done on a new goroutine and hands back a new value.
func Made[T any](done func()) *T { // want Made:`summary\(async arg0\)`
	go done()
	return new(T)
}

// Both calls now where it is and runs later on a new goroutine.
func Both(now, later func()) { // want Both:`summary\(invokes arg0; async arg1\)`
	now()
	go later()
}

// ForEach calls fn for every item on goroutines of its own and returns
// once all calls have: its callers wait for them, while they run beside
// each other.
func ForEach[T any](items []T, fn func(T) error) error { // want ForEach:`summary\(async arg1; of which joined arg1; reads the entries of arg0\)` ForEach:`may block`
	var wg sync.WaitGroup
	errs := make([]error, len(items))
	for i, it := range items {
		wg.Go(func() { errs[i] = fn(it) })
	}
	wg.Wait()
	return errors.Join(errs...)
}

// All runs each of fs on a goroutine and waits for them.
func All(fs ...func()) { // want All:`summary\(async arg0; of which joined arg0\)` All:`may block`
	var wg sync.WaitGroup
	for _, f := range fs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f()
		}()
	}
	wg.Wait()
}

// Look-alikes: one that may return before it waits, and one that leaves
// the wait to its caller.
func ForEachUntil[T any](items []T, stop func() bool, fn func(T) error) error { // want ForEachUntil:`summary\(invokes arg1; async arg2; reads the entries of arg0\)` ForEachUntil:`may block`
	var wg sync.WaitGroup
	for _, it := range items {
		if stop() {
			return nil
		}
		wg.Go(func() { _ = fn(it) })
	}
	wg.Wait()
	return nil
}

func Start[T any](items []T, fn func(T) error) (wait func() error) { // want Start:`summary\(async arg1; reads the entries of arg0\)`
	wg := new(sync.WaitGroup)
	for _, it := range items {
		wg.Go(func() { _ = fn(it) })
	}
	return func() error { wg.Wait(); return nil }
}

// GoWait runs fn on a goroutine and returns what waits for it: a caller
// calling that right away runs fn while it waits.
func GoWait(fn func() error) (wait func() error) { // want GoWait:`summary\(invokes arg0; of which waited arg0; joined by its result\)`
	done := make(chan struct{})
	var err error
	go func() {
		defer close(done)
		err = fn()
	}()
	return func() error {
		<-done
		return err
	}
}

// Deliver runs fn on a goroutine and delivers its result on the channel it
// returns.
func Deliver(fn func() int) <-chan int { // want Deliver:`summary\(invokes arg0; of which waited arg0; joined by its result\)`
	out := make(chan int, 1)
	go func() { out <- fn() }()
	return out
}

// Repeat runs fn on a goroutine until the returned stop is called: stop
// ends the goroutine, then waits for it, which is no wait for its work.
func Repeat(fn func()) (stop func()) { // want Repeat:`summary\(async arg0\)`
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-quit:
				return
			default:
				fn()
			}
		}
	}()
	return func() {
		close(quit)
		<-done
	}
}

// GoWaitArg is GoWait handing fn to its literal as an argument.
func GoWaitArg(fn func() error) (wait func() error) { // want GoWaitArg:`summary\(invokes arg0; of which waited arg0; joined by its result\)`
	done := make(chan struct{})
	var err error
	go func(f func() error) {
		defer close(done)
		err = f()
	}(fn)
	return func() error {
		<-done
		return err
	}
}

// GroupWait runs fn on a group's goroutine and returns the group's Wait.
func GroupWait(fn func()) (wait func()) { // want GroupWait:`summary\(invokes arg0; of which waited arg0; joined by its result\)`
	var wg sync.WaitGroup
	wg.Go(fn)
	return wg.Wait
}

// GoDone runs fn on a goroutine that signals a group, and returns what
// waits on the group.
func GoDone(fn func()) (wait func()) { // want GoDone:`summary\(invokes arg0; of which waited arg0; joined by its result\)`
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		fn()
	}()
	return func() { wg.Wait() }
}

// GroupEach runs fn n times on the group's goroutines, beside each other.
func GroupEach(n int, fn func()) (wait func()) { // want GroupEach:`summary\(async arg1\)`
	var wg sync.WaitGroup
	for range n {
		wg.Go(fn)
	}
	return wg.Wait
}
