// Package ownership pins down "ownership follows the value" (docs/directives.md,
// "What is reported"): off-owner code that creates its own confined value
// may use it; confined values that come from outside (captured variables,
// method-value receivers, arguments handed to the spawned function,
// package-level variables and anything reached through them) may not. A
// value received from a channel inside the goroutine was handed over, and
// belongs to the receiver (a documented decision).
package ownership

import (
	"sync/atomic"
	"time"
)

//confined:owner
type server struct { // want server:"confined:owner"
	n       int
	pending map[int]string
}

func (s *server) bump() { s.n++ } // want `calls confined \(\*ownership\.server\)\.bump off the owner: this code runs via a go statement \(ownership\.go:114\)` `calls confined \(\*ownership\.server\)\.bump off the owner: this code runs via time\.AfterFunc \(ownership\.go:139\)` `calls confined \(\*ownership\.server\)\.bump off the owner: this code runs via a go statement \(ownership\.go:151\)` `calls confined \(\*ownership\.server\)\.bump off the owner: this code runs via a go statement \(ownership\.go:175\)` `calls confined \(\*ownership\.server\)\.bump off the owner: this code runs via time\.AfterFunc \(ownership\.go:189\)` `calls confined \(\*ownership\.server\)\.bump off the owner: this code runs via a go statement \(ownership\.go:194\)` `calls confined \(\*ownership\.server\)\.bump off the owner: this code runs via a go statement \(ownership\.go:198\)` `calls confined \(\*ownership\.server\)\.bump off the owner: this code runs via a go statement \(ownership\.go:212\)` `calls confined \(\*ownership\.server\)\.bump off the owner: this code runs via a go statement \(ownership\.go:222\)` `calls confined \(\*ownership\.server\)\.bump off the owner: this code runs via time\.AfterFunc \(ownership\.go:234\)` `calls confined \(\*ownership\.server\)\.bump off the owner: this code runs via time\.AfterFunc \(capturedfuncs\.go:18\)`

func (s *server) store(k int, v string) { s.pending[k] = v }

func newServer() *server {
	return &server{pending: make(map[int]string)}
}

func newNamedServer(n int) *server {
	s := newServer()
	s.n = n
	return s
}

// hub is unconfined; it holds a confined server.
type hub struct {
	srv *server
}

func (h *hub) server() *server { return h.srv }

// current is a getter: what it returns comes from outside.
func current() *server { return global }

var global = newServer()

var globalValue server

// touchAll touches everything it is handed.
func touchAll(s *server) {
	s.bump()
	s.store(1, "x") // want `calls confined \(\*ownership\.server\)\.store off the owner: this code runs via a go statement \(ownership\.go:212\); path ownership\.touchAll`
}

// Fresh values: allocated by the off-owner code itself.

func ownLiteral() {
	go func() {
		s := &server{pending: map[int]string{}}
		s.bump()
		s.n++
		s.pending[1] = "x"
	}()
}

func ownValue() {
	time.AfterFunc(time.Second, func() {
		var s server
		s.n = 1
		s.bump()
	})
}

func ownConstructor() {
	go func() {
		s := newServer()
		s.bump()
		s.store(1, "x")
	}()
}

func ownConstructorWithArgs(n int) {
	go func() {
		s := newNamedServer(n)
		s.bump()
	}()
}

func ownHandedToHelper() {
	go func() {
		touchAll(newServer())
	}()
}

func ownNamedGoroutine() {
	go work()
}

func work() {
	s := newServer()
	touchAll(s)
}

func ownLiteralWithArgs() {
	go func(n int) {
		s := newServer()
		s.n = n
	}(5)
}

// Values from outside.

func captured(s *server) {
	go func() {
		s.bump()
	}()
}

// Allocated on the owner and handed whole to the goroutine, which the
// owner never reaches again: the goroutine's own (see the handoffs suite).
func capturedAfterConstruction() {
	s := newServer()
	go func() {
		s.n++
	}()
}

// Allocated on the owner, captured, and kept: it comes from outside the
// goroutine.
func capturedAfterConstructionAndKept(h *hub) {
	s := newServer()
	h.srv = s
	go func() {
		s.n++ // want `writes confined ownership.server.n off the owner`
	}()
}

func capturedThroughHelper(s *server) {
	time.AfterFunc(time.Second, func() {
		touchAll(s)
	})
}

func capturedReachedThroughField(h *hub) {
	go func() {
		h.srv.n++ // want `writes confined ownership.server.n off the owner`
	}()
}

func capturedReachedThroughGetter(h *hub) {
	go func() {
		h.server().bump()
	}()
}

// The holder is fresh, but what it holds was captured: it is reached from
// outside the goroutine.
func capturedWrappedInFreshHolder(s *server) {
	go func() {
		h := &hub{srv: s}
		h.srv.n++ // want `writes confined ownership.server.n off the owner`
	}()
}

// A call with no summary (atomic.Pointer's Load: sync/atomic exports no
// fact saying more) returns what derives from its arguments, not a fresh
// value.
func capturedThroughCallWithoutSummary(p *atomic.Pointer[server]) {
	go func() {
		p.Load().n++ // want `writes confined ownership.server.n off the owner`
	}()
}

func capturedInFreshSlice(s *server) {
	go func() {
		all := []*server{s}
		all[0].bump()
	}()
}

func capturedReassignedLocal(s *server) {
	go func() {
		t := s
		t.n = 2 // want `writes confined ownership.server.n off the owner`
	}()
}

func methodValueReceiver(s *server) {
	time.AfterFunc(time.Second, s.bump)
}

func methodValueInVariable(s *server) {
	f := s.bump
	go f()
}

func goMethodCall(s *server) {
	go s.bump()
}

// Look-alike negative: a method value of a fresh server, taken inside the
// goroutine and called there.
func methodValueOfOwn() {
	go func() {
		s := newServer()
		f := s.bump
		f()
	}()
}

func argumentToNamed(s *server) {
	go touchAll(s)
}

func argumentToLiteral(srv *server) {
	go func(s *server) {
		s.n++ // want `writes confined ownership.server.n off the owner`
	}(srv)
}

func packageLevel() {
	go func() {
		global.bump()
	}()
}

func packageLevelValue() {
	go func() {
		globalValue.n++ // want `writes confined ownership.server.n off the owner`
	}()
}

func packageLevelThroughGetter() {
	time.AfterFunc(time.Second, func() {
		current().bump()
	})
}

// Ownership transfer through a channel: the receiver owns what it receives.

func receivedFromChannel(ch chan *server) {
	go func() {
		s := <-ch
		s.bump()
		s.n++
	}()
}

func receivedInRange(ch chan *server) {
	go func() {
		for s := range ch {
			s.bump()
		}
	}()
}

func receivedWithCommaOk(ch chan *server) {
	go func() {
		if s, ok := <-ch; ok {
			s.bump()
		}
	}()
}

func receivedInSelect(ch chan *server, done chan struct{}) {
	go func() {
		select {
		case s := <-ch:
			s.bump()
		case <-done:
		}
	}()
}

// Look-alike positive: the channel is received from, but the server used
// is the captured one.
func receivedButUsesCaptured(ch chan int, s *server) {
	go func() {
		v := <-ch
		s.n = v // want `writes confined ownership.server.n off the owner`
	}()
}
