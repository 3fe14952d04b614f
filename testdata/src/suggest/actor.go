// Package suggest is a classic actor without a directive: a mailbox loop,
// its state, and a timer callback that writes the state off the loop.
// -suggest proposes owner on the actor, loop on its loop, hop on Post and
// :any on the immutable id; the plain run then reports the timer.
package suggest

import "time"

// An Actor counts names on its loop.
type Actor struct { // want `suggest for suggest.Actor: //confined:owner: code on the owner \(func literal in \(\*suggest.Actor\).Add\) writes 2 of its fields \(count, names\) without a lock, and besides where a value is built only code off the owner does \(func literal in \(\*suggest.Actor\).retry\), which the check then reports`
	id      string // want `suggest for field id: //confined:any: only code building a Actor writes it, and \(\*suggest.Actor\).ID reads it off the owner`
	mailbox chan func()
	count   int
	names   map[string]bool
}

// NewActor starts an actor.
func NewActor(id string) *Actor { // want NewActor:`summary\(started result; starts a loop\)`
	a := &Actor{id: id, mailbox: make(chan func(), 16), names: make(map[string]bool)}
	go a.run()
	return a
}

func (a *Actor) run() { // want `suggest for \(\*suggest.Actor\).run: //confined:loop: a goroutine runs it \(go statement in suggest.NewActor, actor.go:\d+\) and it receives from a channel in a loop \(actor.go:\d+\)` run:`confined:loop`
	for f := range a.mailbox {
		f()
	}
}

// Post runs f on the actor's loop.
func (a *Actor) Post(f func()) { a.mailbox <- f } // want Post:`confined:hop\[1\]` Post:`summary\(hop arg1\)` `suggest for \(\*suggest.Actor\).Post: //confined:hop f: it sends f on mailbox, which the loop \(\*suggest.Actor\).run calls`

// ID is the actor's name.
func (a *Actor) ID() string { return a.id } // want ID:`reads suggest\.Actor\.id`

// Add counts name.
func (a *Actor) Add(name string) {
	a.Post(func() {
		a.count++
		a.names[name] = true
	})
}

// retry writes the count from the timer's goroutine: the bug.
func (a *Actor) retry() {
	time.AfterFunc(time.Second, func() {
		a.count++
	})
}
