// Package methodcalls tests that calling a method of a confined type touches
// what the method's body touches, here and across packages; methods with no
// body in view and owner-only methods stay touches.
package methodcalls

import (
	"time"

	"methodcalls/mailbox"
)

//confined:owner
type counter struct { // want counter:"confined:owner"
	//confined:any
	notify chan struct{}
	n      int
}

// wake only sends on a channel.
func (c *counter) wake() { c.notify <- struct{}{} }

// onTimer only calls a method that touches nothing.
func (c *counter) onTimer() { c.wake() }

//confined:any
func (c *counter) safe() {}

// tick only calls an :any method.
func (c *counter) tick() { c.safe() }

func (c *counter) inc() { c.n++ } // want `calls confined \(\*methodcalls.counter\).inc off the owner: this code runs via time.AfterFunc \(methodcalls.go:\d+\); inside, it writes methodcalls.counter.n; fix: ` `calls confined \(\*methodcalls.counter\).inc off the owner: this code runs via a go statement`

// ping touches nothing but must run on the owner.
//
//confined:owner
func (c *counter) ping() { c.wake() }

func timers(c *counter) {
	time.AfterFunc(time.Second, c.wake)
	time.AfterFunc(time.Second, c.onTimer)
	time.AfterFunc(time.Second, c.tick)
	time.AfterFunc(time.Second, c.inc)
	time.AfterFunc(time.Second, c.ping) // want `calls confined \(\*methodcalls.counter\).ping off the owner`
	go c.wake()
	go c.inc()
}

func acrossPackages(a *mailbox.Actor) {
	go func() {
		a.Post(func() {})
		a.Apply("x")
		a.Bump() // want `calls confined \(\*mailbox.Actor\).Bump off the owner: this code runs via a go statement \(methodcalls.go:\d+\); inside, it writes mailbox.Actor.n; fix: `
	}()
}

// Engine is a confined interface: its methods have no body to look into.
//
//confined:owner
type Engine interface { // want Engine:"confined:owner"
	Step()
	// Ready is safe from any goroutine.
	//
	//confined:any
	Ready() bool // want Ready:"confined:any"
}

func engine(e Engine) {
	go func() {
		e.Step() // want `calls confined \(methodcalls.Engine\).Step off the owner`
		_ = e.Ready()
	}()
}
