// Package framework is the actor runtime of testdata/src/turns without a
// directive: nothing in it says that Receive is a turn, so from its own
// code Receive runs off the owner (a goroutine calls it). The packages
// using it declare the turn.
package framework

type Receiver interface {
	Receive(msg any) // want Receive:`entry point, called off the owner by \(\*framework.Engine\).Spawn`
}

type Engine struct{ inbox chan any }

func (e *Engine) Spawn(r Receiver) {
	go func() {
		for msg := range e.inbox {
			r.Receive(msg)
		}
	}()
}
