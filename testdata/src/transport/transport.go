// Package transport has no directives and nothing confined in reach, so it
// takes the syntax-only path. Its connection calls the handler stored by
// SetHandler (or given to Dial) from its own read goroutine: both are async
// sinks for the handler, as the SSA path would infer (sinks_test.go
// compares the two).
package transport

import "sync"

type Conn struct {
	handler func([]byte)
	closer  func()
	once    sync.Once
}

// SetHandler stores h where readLoop calls it: an async sink for h.
func (c *Conn) SetHandler(h func([]byte)) { c.handler = h }

// Dial stores h through a composite literal: an async sink for h.
func Dial(h func([]byte)) *Conn { return &Conn{handler: h} }

// OnClose wraps h in a closure stored where readLoop calls it through a
// once: an async sink for h.
func (c *Conn) OnClose(h func()) { c.closer = func() { h() } }

// Start runs readLoop on a goroutine of its own.
func (c *Conn) Start() { go c.readLoop() }

func (c *Conn) readLoop() {
	for range 3 {
		c.handler(nil)
	}
	c.once.Do(func() { c.closer() })
}

// Notifier calls its callback on the caller: not a sink.
type Notifier struct{ cb func() }

func (n *Notifier) SetCallback(f func()) { n.cb = f }

func (n *Notifier) Notify() { n.cb() }

// A closure created, but not called, by off-owner code runs nothing there:
// Register's callback is only called by Notify, on the caller.
func (n *Notifier) Register(f func()) { n.SetCallback(func() { f() }) }

func Spawn(n *Notifier) {
	go func() {
		n.Register(func() {})
	}()
}

// Async is a plain wrapper around a go statement, for comparison.
func Async(f func()) { go f() }

// Wrapped stores f through SetHandler: async by rule 1.
func Wrapped(c *Conn, f func([]byte)) { c.SetHandler(f) }
