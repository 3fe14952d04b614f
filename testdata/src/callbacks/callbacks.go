// Package callbacks tests func values stored in struct fields and called
// later by code that runs off the owner.
package callbacks

import "time"

//confined:owner
type state struct { // want state:"confined:owner"
	n int
}

// conn calls its handler from its own read goroutine.
type conn struct {
	onMessage func()
	onClose   func()
}

func (c *conn) start() { go c.readLoop() }

func (c *conn) readLoop() {
	for range 3 {
		c.onMessage()
	}
}

// setHandler stores h where readLoop calls it: an async sink for h.
func (c *conn) setHandler(h func()) { c.onMessage = h }

// setCloser stores h where only the owner calls it.
func (c *conn) setCloser(h func()) { c.onClose = h }

func (c *conn) close() { c.onClose() }

func register(c *conn, s *state) {
	c.setHandler(func() {
		s.n++ // want `writes confined callbacks.state.n off the owner: this code runs via \(\*callbacks.conn\).setHandler`
	})
	c.onMessage = func() {
		s.n++ // reported where readLoop calls c.onMessage, which runs it off the owner // want `writes confined callbacks.state.n off the owner: this code runs via the func stored in field onMessage \(func literal in callbacks.register at callbacks.go:38\), called off the owner by \(\*callbacks.conn\).readLoop`
	}
	// Look-alike negative: a field only the owner calls.
	c.setCloser(func() { s.n++ })
	c.close()
}

// Look-alike negative: a field called from a timer callback on a value the
// callback made itself is still a field called off the owner; one called
// only on the owner is not.
type ticker struct{ tick func() }

func (t *ticker) fire() { t.tick() }

func onOwner(s *state) {
	t := &ticker{tick: func() { s.n++ }}
	t.fire()
	_ = time.Second
}
