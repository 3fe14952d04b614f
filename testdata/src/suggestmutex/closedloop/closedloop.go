// Package closedloop: a loop in a type with a mutex, started by a
// closure that then marks its value closed. What the loop's helpers write
// is the loop's own however it was started, and no other code writes it,
// so no field is proposed.
package closedloop

import "sync"

type Conn struct {
	mu     sync.Mutex
	closed bool // under mu
	sent   int
	in     chan int
}

func Dial() *Conn {
	c := &Conn{in: make(chan int)}
	go func() {
		c.run()
		c.mu.Lock()
		c.closed = true
		c.mu.Unlock()
	}()
	return c
}

func (c *Conn) run() { // want `suggest for \(\*closedloop\.Conn\)\.run: //confined:loop` run:`confined:loop`
	for n := range c.in {
		c.count(n)
	}
}

func (c *Conn) count(n int) { c.sent += n }
