package hopfix // want package:"hop sinks: actor.Hop}$"

// This package checks the fixes that hop back to the owner: each shape
// next to the cases where no fix is safe or possible. hopfix.go.golden is
// this file with the fixes applied.

import (
	"actor"
	"future"
	"time"
)

// Session belongs to its loop; Post hops to it.
//
//confined:owner
type Session struct { // want Session:"confined:owner"
	retries int
	inbox   chan func()
}

//confined:hop
func (s *Session) Post(f func()) { s.inbox <- f } // want Post:"confined:hop\\[1\\]" Post:"summary\\(hop arg1\\)"

//confined:loop
func (s *Session) Loop() { // want Loop:"confined:loop"
	for f := range s.inbox {
		f()
	}
}

func (s *Session) bump() { s.retries++ } // want `calls confined \(\*hopfix.Session\).bump off the owner` `calls confined \(\*hopfix.Session\).bump off the owner`

func expensive() int { return 42 }

// A closure on a timer.
func timer(s *Session) {
	time.AfterFunc(time.Second, func() {
		s.retries++ // want `writes confined hopfix.Session.retries off the owner.*; fix: hop back to the owner through \(\*hopfix.Session\).Post and touch the state there$`
	})
}

// An Agenda runs work on a loop of its own: a hop of another owner, first
// by name, but not in reach of the timer above, so neither its hint nor
// its fix.
type Agenda struct{ work chan func() }

//confined:hop
func (a *Agenda) Enqueue(f func()) { a.work <- f } // want Enqueue:"confined:hop\\[1\\]" Enqueue:"summary\\(sends arg1 on hopfix.Agenda.UF0\\)"

// A go statement's literal; two touching statements become one hop.
func goStmt(s *Session) {
	go func() {
		s.retries = 0 // want `writes confined hopfix.Session.retries off the owner`
		s.bump()
	}()
}

// A helper reached through a field: the hop is the field's.
type manager struct{ sess *Session }

func (m *manager) retry() {
	time.AfterFunc(time.Second, func() {
		m.sess.bump()
	})
}

// A value computed off the owner stays outside the hop, captured.
func computed(s *Session) {
	time.AfterFunc(time.Second, func() {
		n := expensive()
		s.retries += n // want `writes confined hopfix.Session.retries off the owner`
	})
}

// No fix: n is used after the touching statement.
func usedAfter(s *Session) {
	time.AfterFunc(time.Second, func() {
		n := s.retries // want `reads confined hopfix.Session.retries off the owner`
		println(n)
	})
}

// No fix: the return would leave the hop, not the callback.
func returnInside(s *Session) {
	time.AfterFunc(time.Second, func() {
		if s.retries > 3 { // want `reads confined hopfix.Session.retries off the owner`
			return
		}
		println("again")
	})
}

// No fix: what the touching statement reads changes after it.
func changedAfter(s *Session) {
	time.AfterFunc(time.Second, func() {
		n := 1
		s.retries += n // want `writes confined hopfix.Session.retries off the owner`
		n++
		println(n)
	})
}

// No fix: nothing in scope hops to the owner.
//
//confined:owner
type plain struct{ n int } // want plain:"confined:owner"

func noHop(p *plain) {
	time.AfterFunc(time.Second, func() {
		p.n++ // want `writes confined hopfix.plain.n off the owner`
	})
}

// A future's callback returns through a hop that returns a future: the
// retry runs on the owner and the chain goes on.
//
//confined:owner
type worker struct { // want worker:"confined:owner"
	// Set before the worker reaches its loop.
	//
	//confined:any
	self *actor.Ref
	n    int
}

func (w *worker) attempt() *future.Future[int] {
	w.n++ // want `calls confined \(\*hopfix.worker\).attempt off the owner`
	return future.Value(w.n)
}

func (w *worker) retryLater() *future.Future[int] {
	return future.Sleep(time.Second, 0).FlatMap(func(int) *future.Future[int] {
		return w.attempt()
	})
}

// No fix: reaching the hop would read a confined field off the owner.
//
//confined:owner
type lockedWorker struct { // want lockedWorker:"confined:owner"
	self *actor.Ref
	n    int
}

func (w *lockedWorker) attempt() *future.Future[int] {
	w.n++ // want `calls confined \(\*hopfix.lockedWorker\).attempt off the owner`
	return future.Value(w.n)
}

func (w *lockedWorker) retryLater() *future.Future[int] {
	return future.Sleep(time.Second, 0).FlatMap(func(int) *future.Future[int] {
		return w.attempt()
	})
}

// A channel the loop runs the funcs of is a hop: the fix sends the
// touching statements there.
//
//confined:owner
type router struct { // want router:"confined:owner"
	peers map[string]int
	eval  chan func()
}

//confined:loop
func (r *router) run() { // want run:`confined:loop`
	for f := range r.eval {
		f()
	}
}

func (r *router) later() {
	time.AfterFunc(time.Second, func() {
		r.peers["x"]++ // want `writes confined hopfix.router.peers off the owner.*; fix: hop back to the owner through a send on r.eval and touch the state there$`
	})
}
