// Package sinkforms has no directives: the same sinks written in the forms
// Go offers for calling a function (a method expression, a method value
// held in a variable, a variadic parameter, a generic function), so that
// the syntax path and the SSA path can be checked to find the same ones.
package sinkforms

import (
	"maps"
	"slices"
	"sync"
)

// Loop runs the funcs posted to it on its own goroutine's loop, which main
// starts: posting is a hop.
type Loop struct{ q chan func() }

func (l *Loop) Run() {
	for f := range l.q {
		f()
	}
}

// Post hands f to the loop.
func (l *Loop) Post(f func()) { l.q <- f }

// ByMethodExpression posts through the method expression (*Loop).Post,
// whose first argument is the receiver.
func ByMethodExpression(l *Loop, f func()) { (*Loop).Post(l, f) }

// ByMethodValue posts through the method value l.Post held in a variable.
func ByMethodValue(l *Loop, f func()) {
	post := l.Post
	post(f)
}

// Go runs f on a goroutine of its own.
func Go(f func()) { go f() }

// ByFuncValue starts f through Go held in a variable.
func ByFuncValue(f func()) {
	start := Go
	start(f)
}

// GoEach runs each of fs on a goroutine of its own.
func GoEach(fs ...func()) {
	for _, f := range fs {
		go f()
	}
}

// ByVariadic hands f and g to GoEach's variadic parameter.
func ByVariadic(x int, f, g func()) { GoEach(f, g) }

// GoWith runs f with v on a goroutine of its own, for any type of v.
func GoWith[T any](v T, f func(T)) { go f(v) }

// ByGeneric starts f through GoWith, inferred.
func ByGeneric(f func(int)) { GoWith(1, f) }

// ByInstantiation starts f through GoWith, instantiated by hand.
func ByInstantiation(f func(string)) { GoWith[string]("x", f) }

// Here calls f where it is: not a sink, however it is called.
func Here(f func()) { f() }

// ByMethodValueHere calls Here through a variable: not a sink.
func ByMethodValueHere(f func()) {
	h := Here
	h(f)
}

func main() {
	l := &Loop{q: make(chan func())}
	l.Run()
}

// ByClosureCalledHere starts f from a closure it calls in place.
func ByClosureCalledHere(f func()) {
	start := func() { go f() }
	start()
}

// A dispatcher goroutine calls copies of the handler lists, taken under a
// lock: the funcs subscribed run on it.
type Bus struct {
	mu     sync.Mutex
	subs   []func(int)
	byName map[string]func(int)
	pairs  []func(int)
	copies []func(int)
	ev     chan int
}

func NewBus() *Bus {
	b := &Bus{ev: make(chan int)}
	go b.dispatch()
	return b
}

func (b *Bus) Subscribe(fn func(int)) { b.mu.Lock(); b.subs = append(b.subs, fn); b.mu.Unlock() }

func (b *Bus) Name(k string, fn func(int)) { b.mu.Lock(); b.byName[k] = fn; b.mu.Unlock() }

func (b *Bus) Pair(fn func(int)) { b.mu.Lock(); b.pairs = append(b.pairs, fn); b.mu.Unlock() }

func (b *Bus) Copy(fn func(int)) { b.mu.Lock(); b.copies = append(b.copies, fn); b.mu.Unlock() }

func (b *Bus) dispatch() {
	for ev := range b.ev {
		b.mu.Lock()
		subs := slices.Clone(b.subs)
		named := maps.Clone(b.byName)
		pairs := append(b.pairs[:0:0], b.pairs...)
		copies := make([]func(int), len(b.copies))
		copy(copies, b.copies)
		b.mu.Unlock()
		for _, fn := range copies {
			fn(ev)
		}
		for _, fn := range subs {
			fn(ev)
		}
		for _, fn := range named {
			fn(ev)
		}
		for i := range pairs {
			pairs[i](ev)
		}
	}
}

// A reader goroutine calls the handlers a getter hands out, copied under
// the lock: one, or one of several results. Look-alike: a getter of a
// handler the caller's goroutine calls.
type Stream struct {
	mu      sync.Mutex
	onChunk func(int)
	onMeta  func(string)
	onLocal func(int)
}

func (s *Stream) OnChunk(fn func(int)) { s.mu.Lock(); s.onChunk = fn; s.mu.Unlock() }

func (s *Stream) OnMeta(fn func(string)) { s.mu.Lock(); s.onMeta = fn; s.mu.Unlock() }

func (s *Stream) OnLocal(fn func(int)) { s.mu.Lock(); s.onLocal = fn; s.mu.Unlock() }

func (s *Stream) handlers() (func(int), func(string)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.onChunk, s.onMeta
}

func (s *Stream) local() func(int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.onLocal
}

func (s *Stream) Start() { go s.read() }

func (s *Stream) read() {
	onChunk, onMeta := s.handlers()
	onChunk(1)
	onMeta("m")
}

func (s *Stream) Here() { s.local()(1) }

// A poller goroutine calls the watcher a getter looks up under the lock,
// an entry of a map of funcs. Look-alike: a getter of an entry the
// caller's goroutine calls.
type Radio struct {
	mu       sync.Mutex
	watchers map[string]func(int)
	locals   map[string]func(int)
}

func (r *Radio) Watch(id string, fn func(int)) { r.mu.Lock(); r.watchers[id] = fn; r.mu.Unlock() }

func (r *Radio) WatchLocal(id string, fn func(int)) { r.mu.Lock(); r.locals[id] = fn; r.mu.Unlock() }

func (r *Radio) watcher(id string) func(int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.watchers[id]
}

func (r *Radio) local(id string) func(int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.locals[id]
}

func (r *Radio) Start() { go r.poll() }

func (r *Radio) poll() {
	if fn := r.watcher("a"); fn != nil {
		fn(1)
	}
}

func (r *Radio) Here() { r.local("a")(1) }

// Look-alike: a copy that is only counted, never called.
type Counter struct {
	mu   sync.Mutex
	subs []func(int)
}

func (c *Counter) Add(fn func(int)) { c.mu.Lock(); c.subs = append(c.subs, fn); c.mu.Unlock() }

func (c *Counter) count() {
	go func() {
		c.mu.Lock()
		subs := slices.Clone(c.subs)
		c.mu.Unlock()
		_ = len(subs)
	}()
}
