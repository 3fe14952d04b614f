// Package syncsinks tests sync sinks: functions that run a callback on
// another goroutine but wait for it, so that it runs where they run.
package syncsinks

import (
	"sync"
	"testing"

	"golang.org/x/sync/errgroup"
)

//confined:owner
type state struct { // want state:"confined:owner"
	n int
}

// ---- the testing package's runners are built in ----

func subtest(t *testing.T, s *state) {
	t.Run("a", func(t *testing.T) { s.n++ })
}

func benchmark(b *testing.B, s *state) {
	b.Run("a", func(b *testing.B) { s.n++ })
}

func fuzz(f *testing.F, s *state) {
	f.Fuzz(func(t *testing.T, x int) { s.n += x })
}

// A runner's callback runs where the runner is called, off the owner here.
// Fuzz takes it as an any: only its built-in sync row makes it a callback
// the checker follows, so without the row this touch goes unseen.
func fuzzOffOwner(f *testing.F, s *state) {
	go func() {
		f.Fuzz(func(t *testing.T, x int) {
			s.n += x // want `writes confined syncsinks.state.n off the owner: this code runs via a go statement`
		})
	}()
}

// runAll is a table-driven runner around t.Run: sync as well.
func runAll(t *testing.T, names []string, f func(*testing.T)) {
	for _, name := range names {
		t.Run(name, f)
	}
}

func tableDriven(t *testing.T, s *state) {
	runAll(t, []string{"a", "b"}, func(t *testing.T) { s.n++ })
}

// Look-alikes: a go statement, and a wrapper that does not wait.

func spawn(s *state) {
	go func() {
		s.n++ // want `writes confined syncsinks.state.n off the owner: this code runs via a go statement`
	}()
}

func background(f func()) { go f() }

func notJoined(s *state) {
	background(func() {
		s.n++ // want `writes confined syncsinks.state.n off the owner: this code runs via syncsinks.background`
	})
}

// ---- inferred: a goroutine its starter waits for ----

func joinedByClose(f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	<-done
}

func joinedBySend(f func()) {
	done := make(chan error, 1)
	go func() {
		f()
		done <- nil
	}()
	select {
	case <-done:
	}
}

func joinedByDone(f func()) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		f()
	}()
	wg.Wait()
}

func joinedByWaitGroupGo(f func()) {
	var wg sync.WaitGroup
	wg.Go(f)
	wg.Wait()
}

func joinedByErrgroup(f func()) error {
	var g errgroup.Group
	g.Go(func() error { f(); return nil })
	return g.Wait()
}

func joined(s *state) {
	joinedByClose(func() { s.n++ })
	joinedBySend(func() { s.n++ })
	joinedByDone(func() { s.n++ })
	joinedByWaitGroupGo(func() { s.n++ })
	_ = joinedByErrgroup(func() { s.n++ })
}

// A retry: each attempt's goroutine is waited for before the next starts.
func retried(f func() error) {
	for range 3 {
		done := make(chan error, 1)
		go func() { done <- f() }()
		if err := <-done; err == nil {
			return
		}
	}
}

// The same with a group made once and waited on in each iteration.
func retriedOnGroup(f func()) {
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(f)
		wg.Wait()
	}
}

func retries(s *state) {
	retried(func() error { s.n++; return nil })
	retriedOnGroup(func() { s.n++ })
}

// Look-alikes: an attempt given up on goes on while its goroutine still
// runs, and so does the next attempt; waiting after the loop joins
// goroutines that ran beside each other.
func retriedUntilCancelled(cancel <-chan struct{}, f func() error) {
	for range 3 {
		done := make(chan error, 1)
		go func() { done <- f() }()
		select {
		case <-done:
			return
		case <-cancel:
		}
	}
}

func startedInALoop(n int, f func()) {
	done := make(chan struct{})
	for range n {
		go func() { f(); done <- struct{}{} }()
	}
	for range n {
		<-done
	}
}

func notRetries(s *state) {
	retriedUntilCancelled(nil, func() error {
		s.n++ // want `writes confined syncsinks.state.n off the owner: this code runs via syncsinks.retriedUntilCancelled`
		return nil
	})
	startedInALoop(2, func() {
		s.n++ // want `writes confined syncsinks.state.n off the owner: this code runs via syncsinks.startedInALoop`
	})
}

// Look-alikes: a channel nobody waits on here, a group waited on elsewhere.

func signalsNobody(f func()) chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	return done
}

type pool struct{ wg sync.WaitGroup }

func (p *pool) submit(f func()) { p.wg.Go(f) }

func (p *pool) wait() { p.wg.Wait() }

func notWaited(s *state, p *pool) {
	signalsNobody(func() {
		s.n++ // want `writes confined syncsinks.state.n off the owner: this code runs via syncsinks.signalsNobody`
	})
	p.submit(func() {
		s.n++ // want `writes confined syncsinks.state.n off the owner: this code runs via \(\*syncsinks.pool\).submit`
	})
	p.wait()
}

// ---- declared: //confined:sync and -sync win over an inferred async ----

// declared hands f to a goroutine it joins in a way the analyzer does not see.
//
//confined:sync
func declared(f func()) {
	go f()
}

// flagged is declared sync by the suite's -sync flag.
func flagged(f func()) {
	go f()
}

func declaredSync(s *state) {
	declared(func() { s.n++ })
	flagged(func() { s.n++ })
}

// Look-alikes: goroutines waited for together run beside each other.

func twoOnOneGroup(f, g func()) {
	var wg sync.WaitGroup
	wg.Go(f)
	wg.Go(g)
	wg.Wait()
}

func inALoop(n int, f func()) {
	var wg sync.WaitGroup
	for range n {
		wg.Go(f)
	}
	wg.Wait()
}

func siblings(s *state) {
	twoOnOneGroup(func() {
		s.n++ // want `writes confined syncsinks.state.n off the owner: this code runs via syncsinks.twoOnOneGroup`
	}, func() {})
	inALoop(2, func() {
		s.n++ // want `writes confined syncsinks.state.n off the owner: this code runs via syncsinks.inALoop`
	})
}

// Waiting in a select that meanwhile answers other requests, touching no
// state, is still waiting: the goroutine runs while its starter waits.
func waitsAnswering(s *state, reqs chan chan error) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.n++
	}()
	for {
		select {
		case <-done:
			return
		case errc := <-reqs:
			errc <- nil
		}
	}
}

// Each case of a switch starts and joins a goroutine of its own: one call
// runs one of them, so each runs while its starter waits.
func perCase(s *state, kind int) {
	switch kind {
	case 0:
		done := make(chan struct{})
		go func() {
			defer close(done)
			s.n++
		}()
		<-done
	case 1:
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.n--
		}()
		wg.Wait()
	}
}

// Two go statements signalling one channel, then waited for: only a lone
// go statement is joined; these two run beside each other.
func twoGoStatements(s *state) {
	done := make(chan struct{})
	go func() {
		s.n++ // want `writes confined syncsinks.state.n off the owner: this code runs via a go statement`
		done <- struct{}{}
	}()
	go func() {
		s.n++ // want `writes confined syncsinks.state.n off the owner: this code runs via a go statement`
		done <- struct{}{}
	}()
	<-done
	<-done
}

// Look-alike: the starter works while the goroutine runs, and joins it
// only later; the two run beside each other.
func worksMeanwhile(s *state, f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.n++ // want `writes confined syncsinks.state.n off the owner: this code runs via a go statement`
	}()
	f()
	<-done
}
