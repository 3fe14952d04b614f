// Package usesplain hands closures to an unannotated helper package.
package usesplain

import (
	"plainutil"
	"time"
)

//confined:owner
type state struct { // want state:"confined:owner"
	n     int
	items []int
}

func use(s *state, p *plainutil.Pool) {
	plainutil.Go(func() {
		s.n++ // want `writes confined usesplain.state.n off the owner: this code runs via plainutil.Go`
	})
	plainutil.Later(time.Second, func() {
		s.n++ // want `via plainutil.Later`
	})
	plainutil.Twice(func() {
		s.n++ // want `via plainutil.Twice`
	})
	p.Submit(func() {
		s.n++ // want `via \(\*plainutil.Pool\).Submit`
	})
	plainutil.Now(func() { s.n++ }) // look-alike negative: runs here, on the owner
}

// What a sink hands back is what it was handed: the state itself.
func handBack(s *state) {
	kept := plainutil.Keep(s, func() {})
	go func() {
		kept.n++ // want `writes confined usesplain.state.n off the owner: this code runs via a go statement`
	}()
	made := plainutil.Made[state](func() {}) // look-alike: made from what the caller owns
	go func() {
		made.n++
	}()
}

// The func a sink calls where it is runs where its caller does: here, on
// a goroutine.
func callsHere(s *state) {
	go func() {
		plainutil.Both(func() {
			s.n++ // want `writes confined usesplain.state.n off the owner: this code runs via a go statement`
		}, func() {})
	}()
}

// Callbacks a helper runs on goroutines it waits for run while their
// caller waits: reading the state there races with nothing. Writing it,
// or reading what another of them writes, races with the siblings.
func fannedOut(s *state, ids []int) {
	_ = plainutil.ForEach(ids, func(id int) error {
		if id < s.n {
			return nil
		}
		return nil
	})
	plainutil.All(func() { _ = len(s.items) }, func() { _ = len(s.items) })
	_ = plainutil.ForEach(ids, func(id int) error {
		s.n += id // want `writes confined usesplain.state.n off the owner: this code runs via plainutil.ForEach`
		return nil
	})
	_ = plainutil.ForEach(ids, func(id int) error {
		if len(s.items) > id { // want `reads confined usesplain.state.items off the owner: this code runs via plainutil.ForEach`
			s.items = s.items[:id] // want `writes confined usesplain.state.items off the owner: this code runs via plainutil.ForEach`
		}
		return nil
	})
	_ = plainutil.ForEachUntil(ids, func() bool { return false }, func(id int) error {
		_ = id < s.n // want `reads confined usesplain.state.n off the owner: this code runs via plainutil.ForEachUntil`
		return nil
	})
	wait := plainutil.Start(ids, func(id int) error {
		_ = id < s.n // want `reads confined usesplain.state.n off the owner: this code runs via plainutil.Start`
		return nil
	})
	s.n++
	_ = wait()
}

// Work handed to a helper whose result joins it runs while a caller that
// waits on the result right away waits, and beside one that goes on
// first; a helper returning that result right away to callers that all
// wait on it right away is such a caller.
func joinedByResult(s *state) {
	_ = plainutil.GoWait(func() error { s.n++; return nil })()
	_ = <-plainutil.Deliver(func() int { s.n++; return s.n })
	_ = waitedLater(s)()
	wait := plainutil.GoWait(func() error {
		s.n++ // want `writes confined usesplain.state.n off the owner: this code runs via plainutil.GoWait`
		return nil
	})
	s.n++
	_ = wait()
	pending := plainutil.Deliver(func() int {
		return len(s.items) // want `reads confined usesplain.state.items off the owner: this code runs via plainutil.Deliver`
	})
	s.items = nil
	<-pending
}

func waitedLater(s *state) func() error {
	return plainutil.GoWait(func() error { s.n++; return nil })
}

func repeated(s *state) {
	stop := plainutil.Repeat(func() {
		s.n++ // want `writes confined usesplain.state.n off the owner: this code runs via plainutil.Repeat`
	})
	stop()
}
