// Package asyncdirective checks where code runs: //confined:async functions
// and interface methods, //confined:hop sinks, //confined:loop, the built-in
// async sinks, and sinks inferred from function bodies.
package asyncdirective

import (
	"context"
	"runtime"
	"slices"
	"sort"
	"sync"
	"time"
)

//confined:owner
type state struct { // want state:"confined:owner"
	x  int
	xs []int
}

// actor owns a state and runs posted closures on its loop.
//
//confined:owner
type actor struct { // want actor:"confined:owner"
	//confined:any
	mailbox chan func()
	st      *state
	drained int
}

// post runs f on the actor's loop.
//
//confined:any
//confined:hop
func (a *actor) post(f func()) { a.mailbox <- f }

// loop is the actor's mailbox loop.
//
//confined:loop
func (a *actor) loop() { // want loop:`confined:loop`
	for f := range a.mailbox {
		f()
	}
}

// drain is the same loop without the directive.
func (a *actor) drain() {
	for f := range a.mailbox {
		f()
		a.drained++ // want `calls confined \(\*asyncdirective.actor\).drain off the owner: this code runs via a go statement` `calls confined \(\*asyncdirective.actor\).drain off the owner: this code runs via a go statement` `calls confined \(\*asyncdirective.actor\).drain off the owner: this code runs via asyncdirective.submit`
	}
}

var work = make(chan func(), 16)

// ---- //confined:async ----

// submit hands f to a worker pool.
//
//confined:async
func submit(f func()) { work <- f }

// inline runs f right here.
func inline(f func()) { f() }

func asyncAll(s *state) {
	submit(func() {
		s.x++ // want `writes confined asyncdirective.state.x off the owner: this code runs via asyncdirective.submit \(asyncdirective.go:\d+\)`
	})
}

func notAsync(s *state) {
	inline(func() {
		s.x++
	})
}

// subscribe calls onMsg before returning and runs onErr on the connection's
// goroutine.
//
//confined:async onErr
func subscribe(onMsg, onErr func()) {
	onMsg()
	work <- onErr
}

func asyncNamed(s *state) {
	subscribe(func() {
		s.x++ // onMsg runs on the caller
	}, func() {
		s.x-- // want `writes confined asyncdirective.state.x off the owner: this code runs via asyncdirective.subscribe`
	})
}

// conn delivers messages on the caller and errors on its reader goroutine.
type conn struct{ errs chan func() }

// subscribe's PARAM indices count the receiver.
//
//confined:async onErr
func (c *conn) subscribe(onMsg, onErr func()) {
	onMsg()
	c.errs <- onErr
}

func asyncNamedMethod(c *conn, s *state) {
	c.subscribe(func() {
		s.x++ // onMsg runs on the caller
	}, func() {
		s.x-- // want `writes confined asyncdirective.state.x off the owner: this code runs via \(\*asyncdirective.conn\).subscribe`
	})
}

// A method value handed to an async function: reported at the call.
func (s *state) bump() { s.x++ } // want `calls confined \(\*asyncdirective.state\).bump off the owner: this code runs via asyncdirective.submit`

func asyncMethodValue(s *state) {
	submit(s.bump)
}

func inlineMethodValue(s *state) {
	inline(s.bump)
}

// A named function reaching a package-level confined value.
var global = &state{}

func touchGlobal() { global.x++ } // want `writes confined asyncdirective.state.x off the owner: this code runs via asyncdirective.submit .*; path asyncdirective.touchGlobal → asyncdirective.state.x`

func asyncNamedFunc() {
	submit(touchGlobal)
}

func inlineNamedFunc() {
	inline(touchGlobal)
}

// A method value posted back to the owner.
func hopMethodValue(a *actor, s *state) {
	time.AfterFunc(time.Second, func() {
		a.post(s.bump)
	})
}

// Generic async functions and methods: the directive is on the origin.
//
//confined:async f
func submitValue[T any](v T, f func(T)) {
	go f(v)
}

type pool[T any] struct{ jobs chan T }

//confined:async
func (p *pool[T]) each(f func(T)) { _ = f }

func generic(p *pool[int], s *state) {
	submitValue(1, func(n int) {
		s.x += n // want `writes confined asyncdirective.state.x off the owner: this code runs via asyncdirective.submitValue`
	})
	p.each(func(n int) {
		s.x -= n // want `writes confined asyncdirective.state.x off the owner: this code runs via \(\*asyncdirective.pool\[T\]\).each`
	})
}

// ---- async interface methods ----

type Transport interface {
	// SetHandler registers h; every implementation calls it on its reader
	// goroutine.
	//
	//confined:async
	SetHandler(h func()) // want SetHandler:`^confined:async\[1\]$`
}

// Dialer runs onOpen before Dial returns and onClose on its reader.
type Dialer interface {
	//confined:async onClose
	Dial(onOpen, onClose func()) // want Dial:`^confined:async\[2\]$`
}

func dial(d Dialer, s *state) {
	d.Dial(func() {
		s.x++
	}, func() {
		s.x-- // want `writes confined asyncdirective.state.x off the owner: this code runs via \(asyncdirective.Dialer\).Dial`
	})
}

type Runner interface {
	Run(f func())
}

func handler(t Transport, s *state) {
	t.SetHandler(func() {
		s.x++ // want `writes confined asyncdirective.state.x off the owner: this code runs via \(asyncdirective.Transport\).SetHandler`
	})
}

// Mailbox is the hop side: every implementation runs f on its owner.
type Mailbox interface {
	//confined:hop
	Execute(f func()) // want Execute:`^confined:hop\[1\]$`
}

func hopInterface(m Mailbox, s *state) {
	time.AfterFunc(time.Second, func() {
		m.Execute(func() {
			s.x++
		})
	})
}

func notAsyncInterface(r Runner, s *state) {
	r.Run(func() {
		s.x++
	})
}

// ---- //confined:hop ----

func hopOnOwner(a *actor, s *state) {
	a.post(func() {
		s.x++
	})
}

// A hop nested inside an async closure is back on the owner.
func hopInsideTimer(a *actor, s *state) {
	time.AfterFunc(time.Second, func() {
		a.post(func() {
			s.x++
		})
	})
}

// Look-alike: a helper that runs the closure where it is.
func inlineInsideTimer(s *state) {
	time.AfterFunc(time.Second, func() {
		inline(func() {
			s.x++ // want `writes confined asyncdirective.state.x off the owner: this code runs via time.AfterFunc`
		})
	})
}

// A partial hop-back: only the direct touch is reported.
func partialHop(a *actor, s *state) {
	time.AfterFunc(time.Second, func() {
		a.post(func() {
			s.x++
		})
		s.xs = nil // want `writes confined asyncdirective.state.xs off the owner`
	})
}

// A value computed off the owner and captured by value into the hop-back.
func computeThenHop(a *actor, s *state) {
	time.AfterFunc(time.Second, func() {
		v := expensive()
		a.post(func() {
			s.x = v
		})
	})
}

// Look-alike: computing the value from the state off the owner.
func readThenHop(a *actor, s *state) {
	time.AfterFunc(time.Second, func() {
		v := s.x + 1 // want `reads confined asyncdirective.state.x off the owner`
		a.post(func() {
			s.x = v
		})
	})
}

func expensive() int { return 42 }

// ---- //confined:loop ----

func startLoop(a *actor) {
	go a.loop()
}

func startLoopInLiteral(a *actor) {
	go func() {
		a.loop()
	}()
}

func startDrain(a *actor) {
	go a.drain()
}

func startDrainInLiteral(a *actor) {
	go func() {
		a.drain()
	}()
}

// A plain function can be the loop too, started by a go statement or a sink.
//
//confined:loop
func serve(a *actor) { // want serve:`confined:loop`
	for f := range a.mailbox {
		f()
	}
	a.st.x = 0
}

func startServe(a *actor) {
	go serve(a)
	time.AfterFunc(time.Second, func() {
		serve(a)
	})
}

// The loop started by another sink is the owner too.
func submitLoop(a *actor) {
	submit(a.loop)
}

func submitDrain(a *actor) {
	submit(a.drain)
}

// ---- go statements calling a helper with a closure ----

// The closure is an argument of the spawned call, which runs it.
func goHelperWithClosure(s *state) {
	go inline(func() {
		s.x++ // want `writes confined asyncdirective.state.x off the owner: this code runs via a go statement`
	})
}

// spawn passes its func parameter to a go statement's call: it is an async
// sink itself.
func spawn(f func()) { go inline(f) }

func inferredFromGoArgument(s *state) {
	spawn(func() {
		s.x++ // want `writes confined asyncdirective.state.x off the owner: this code runs via asyncdirective.spawn`
	})
}

// ---- built-in sinks ----

func contextAfterFunc(ctx context.Context, s *state) {
	context.AfterFunc(ctx, func() {
		s.x++ // want `writes confined asyncdirective.state.x off the owner: this code runs via context.AfterFunc`
	})
}

func waitGroupGo(wg *sync.WaitGroup, s *state) {
	wg.Go(func() {
		s.x++ // want `writes confined asyncdirective.state.x off the owner: this code runs via \(\*sync.WaitGroup\).Go`
	})
}

func finalizer(s *state) {
	obj := new(int)
	runtime.SetFinalizer(obj, func(*int) {
		s.x++ // want `writes confined asyncdirective.state.x off the owner: this code runs via runtime.SetFinalizer`
	})
	runtime.AddCleanup(obj, func(n int) {
		s.x += n // want `writes confined asyncdirective.state.x off the owner: this code runs via runtime.AddCleanup`
	}, 1)
}

// Look-alikes: these run the callback on the caller.
func notSinks(once *sync.Once, s *state) {
	once.Do(func() {
		s.x++
	})
	sync.OnceFunc(func() {
		s.x++
	})()
	sort.Slice(s.xs, func(i, j int) bool {
		return s.xs[i] < s.xs[j]
	})
	slices.SortFunc(s.xs, func(a, b int) int {
		return a - b + s.x
	})
}

// ---- inferred sinks ----

// later passes its func parameter to an async sink: it is one itself.
func later(f func()) { time.AfterFunc(time.Second, f) }

func inferredAsync(s *state) {
	later(func() {
		s.x++ // want `writes confined asyncdirective.state.x off the owner: this code runs via asyncdirective.later`
	})
}

// onLoop passes its func parameter to a hop sink: it is one itself.
func onLoop(a *actor, f func()) { a.post(f) }

// notOnLoop looks the same but runs f where it is.
func notOnLoop(a *actor, f func()) {
	_ = a
	f()
}

func inferredHop(a *actor, s *state) {
	time.AfterFunc(time.Second, func() {
		onLoop(a, func() {
			s.x++
		})
	})
}

func inferredHopLookAlike(a *actor, s *state) {
	time.AfterFunc(time.Second, func() {
		notOnLoop(a, func() {
			s.x++ // want `writes confined asyncdirective.state.x off the owner: this code runs via time.AfterFunc`
		})
	})
}

// ---- the fix names the hop sink in scope ----

func fixHint(s *state) {
	time.AfterFunc(time.Second, func() {
		s.x++ // want `(; inside, [^;]*)?; fix: hop back to the owner through \(\*asyncdirective.actor\).post and touch the state there$`
	})
}
