// Package framework is an actor runtime in small: it calls every
// Receiver's Receive on a goroutine of its own, one message at a time per
// actor. Its Receive is a turn of the actor (//confined:loop on the
// interface method): the implementations run on the owner, and the types
// that implement it are confined to it.
package framework

// A Receiver is an actor.
type Receiver interface {
	//confined:loop
	Receive(msg any) // want Receive:"confined:loop"
}

// An Engine delivers messages to actors.
type Engine struct{ inbox chan any }

// Spawn starts the actor's mailbox: each message is a turn.
func (e *Engine) Spawn(r Receiver) { // want Spawn:`summary\(started arg0 arg1\)`
	go func() {
		for msg := range e.inbox {
			r.Receive(msg)
		}
	}()
}

// Send delivers msg to the actor: the way back onto it, by message.
//
//confined:hop
func (e *Engine) Send(msg any) { e.inbox <- msg } // want Send:`confined:hop\(message\)`

// A Ticker is not a turn: its Tick runs on the ticker's goroutine.
type Ticker interface{ Tick() }

// Every calls t.Tick from a goroutine of its own.
func Every(t Ticker) {
	go t.Tick()
}
