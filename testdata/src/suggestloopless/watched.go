package suggestloopless

import (
	"sync"
	"time"
)

// Each accepted connection gets a handler goroutine and an idle timer
// armed for it: the two share the connection. The fields one writes and
// the other touches are confined one by one; the handler's own count is
// not (each connection has its handler).
type peerConn struct {
	lastSeen time.Time // want `suggest for field lastSeen: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.acceptor\)\.Serve\) writes it without a lock, and other code off the owner that the same iteration hands the value to touches it too: with no loop, that code is the owner, and the check reports the goroutines`
	closed   bool // want `suggest for field closed: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.acceptor\)\.watch\) writes it without a lock, and other code off the owner that the same iteration hands the value to touches it too: with no loop, that code is the owner, and the check reports the goroutines`
	nread    int
}

type acceptor struct {
	wg   sync.WaitGroup
	idle time.Duration
}

func (a *acceptor) Serve(accept func() bool) { // want Serve:`may block` Serve:`summary\(invokes arg1; started arg0\)` Serve:`reads suggestloopless\.acceptor\.idle`
	for accept() {
		c := &peerConn{lastSeen: time.Now()}
		a.wg.Go(func() { a.handle(c) })
		a.watch(c)
	}
	a.wg.Wait()
}

func (a *acceptor) watch(c *peerConn) {
	time.AfterFunc(a.idle, func() {
		if time.Since(c.lastSeen) < a.idle {
			a.watch(c)
			return
		}
		c.closed = true
	})
}

func (a *acceptor) handle(c *peerConn) {
	for !c.closed {
		c.nread++
		c.lastSeen = time.Now()
	}
}

// ServeQuiet gives each connection its handler alone: what the handlers
// read of their own connections is no one else's.
func (a *acceptor) ServeQuiet(accept func() bool) { // want ServeQuiet:`may block` ServeQuiet:`summary\(invokes arg1; started arg0\)`
	for accept() {
		c := &peerConn{}
		a.wg.Go(func() { a.handle(c) })
	}
	a.wg.Wait()
}

// Look-alike: each connection's handler alone touches it.
type soloConn struct {
	lastSeen time.Time
	nread    int
}

func (a *acceptor) ServeSolo(accept func() bool) { // want ServeSolo:`may block` ServeSolo:`summary\(invokes arg1; started arg0\)`
	for accept() {
		c := &soloConn{}
		a.wg.Go(func() { a.handleSolo(c) })
	}
	a.wg.Wait()
}

func (a *acceptor) handleSolo(c *soloConn) {
	c.nread++
	c.lastSeen = time.Now()
}
