// Package shapes shows the shapes real races take in actor code, each next
// to its fix: a timer closure, a go statement, and a method value that
// reaches confined state two calls deep. It is deliberately racy: run
// confinecheck on it to see the findings.
package shapes

//lint:file-ignore U1000 the shapes are here to be read and checked, not called

import (
	"time"
)

// Session belongs to the server's event loop.
//
//confined:owner
type Session struct { // want Session:"confined:owner"
	retries int
	peers   map[string]bool
	inbox   chan func()
}

// Loop is the owner: it runs the posted functions one at a time.
//
//confined:loop
func (s *Session) Loop() { // want Loop:"confined:loop"
	for fn := range s.inbox {
		fn()
	}
}

// Post hands fn to the loop: the fix for every shape below.
//
//confined:any
//confined:hop
func (s *Session) Post(fn func()) { s.inbox <- fn } // want Post:`confined:any,hop\[1\]` Post:`summary\(hop arg1\)`

// Start runs the loop on its own goroutine: that goroutine is the owner.
func Start(s *Session) { // want Start:`summary\(started arg0; starts a loop\)`
	go s.Loop()
}

// Shape 1: a timer closure bumps a confined counter.
func retryLater(s *Session) {
	time.AfterFunc(time.Second, func() {
		s.retries++ // want `writes confined shapes.Session.retries off the owner: this code runs via time.AfterFunc`
	})
}

// Fixed: the timer only wakes the owner.
func retryLaterFixed(s *Session) {
	time.AfterFunc(time.Second, func() {
		s.Post(func() { s.retries++ })
	})
}

// Shape 2: a named function under go writes a confined map.
func forget(s *Session, peer string) { delete(s.peers, peer) } // want `writes confined shapes.Session.peers off the owner: this code runs via a go statement`

func forgetAsync(s *Session, peer string) {
	go forget(s, peer)
}

// Fixed: the goroutine does its slow part, then hops back.
func forgetAsyncFixed(s *Session, peer string) {
	go func() {
		s.Post(func() { forget(s, peer) })
	}()
}

// Shape 3: a method value handed to a timer reaches the state two calls deep.
type Reconnector struct {
	session *Session
}

func (r *Reconnector) tick()   { r.redial() }
func (r *Reconnector) redial() { r.session.peers["primary"] = true } // want `writes confined shapes.Session.peers off the owner: this code runs via time.AfterFunc .*; path \(\*shapes.Reconnector\).tick → \(\*shapes.Reconnector\).redial → shapes.Session.peers`

func (r *Reconnector) schedule() {
	time.AfterFunc(time.Second, r.tick)
}

// Fixed: the method value goes to the owner's loop.
func (r *Reconnector) scheduleFixed() {
	time.AfterFunc(time.Second, func() { r.session.Post(r.tick) })
}
