// Package explain checks -explain: what directives, declarations and
// function bodies told the analyzer, each at its place.
package explain

import "time"

//confined:owner
type state struct { // want `explain: explain.state is confined:owner, by its doc comment` state:"confined:owner"
	n int
}

// Loop is the owner's loop.
//
//confined:loop
func (s *state) Loop(ch chan func()) { // want `explain: \(\*explain.state\).Loop is confined:loop, by its doc comment` Loop:"confined:loop"
	for f := range ch {
		f()
	}
}

// Later runs f on a timer goroutine: an inferred async sink.
func Later(f func()) { // want `explain: explain.Later is an inferred async sink of f: it hands it to time.AfterFunc \(explain.go:\d+\)` Later:`summary\(async arg0\)`
	time.AfterFunc(time.Second, f)
}

// Spawn starts g on a goroutine of its own.
func Spawn(g func()) { // want `explain: explain.Spawn is an inferred async sink of g: it hands it to a go statement \(explain.go:\d+\)` Spawn:`summary\(async arg0\)`
	go g()
}

// Now runs f here: nothing to explain.
func Now(f func()) { f() }

func use(s *state) {
	Later(func() {
		s.n++ // want `writes confined explain.state.n off the owner`
	})
}

// fsmState belongs to a named owner.
//
//confined:owner @fsm
type fsmState struct { // want `explain: explain.fsmState is confined:owner@fsm, by its doc comment` fsmState:"confined:owner@fsm"
	work chan func()
}

// Do runs f on the @fsm loop: a hop method of an @fsm type hops there.
//
//confined:hop
func (s *fsmState) Do(f func()) { s.work <- f } // want `explain: \(\*explain.fsmState\).Do is confined:hop\[1\], by its doc comment` Do:"confined:hop\\[1\\]" Do:`summary\(sends arg1 on explain\.fsmState\.UF0\)`

// Apply is inferred to hop to @fsm.
func Apply(s *fsmState, f func()) { // want `explain: explain.Apply is an inferred hop \(to @fsm\) sink of f: it hands it to \(\*explain.fsmState\).Do \(explain.go:\d+\)` Apply:`summary\(hop arg1 @fsm\)`
	s.Do(f)
}

// A loop written as a goroutine literal.
func startLoop(in chan int) {
	//confined:loop @fsm
	go func() { // want `explain: this goroutine literal is the loop of @fsm, by the //confined:loop above its go statement`
		for range in {
		}
	}()
}
