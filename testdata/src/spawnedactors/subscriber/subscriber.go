// Package subscriber: an actor that subscribes to the event stream in its
// turn. The stream calls the handler on whatever goroutine publishes, not
// on the actor's mailbox: a handler that counts into the actor is a
// finding (the built-in protoactor pack says so); one that only sends the
// event back to the actor is not.
package subscriber

import (
	"github.com/asynkron/protoactor-go/actor"
	"github.com/asynkron/protoactor-go/eventstream"
)

type monitor struct {
	stream *eventstream.EventStream
	root   *actor.RootContext
	self   *actor.PID
	seen   int
}

func (m *monitor) Receive(ctx actor.Context) { // want Receive:`summary\(arg0 writes subscriber\.monitor\.seen; arg1 calls \(actor\.Context\)\.Message; started arg0\)`
	switch ctx.Message().(type) {
	case string:
		m.stream.Subscribe(func(evt any) {
			m.seen++ // want `writes confined subscriber\.monitor\.seen off the owner`
		})
		// Look-alike: the way back, a message to the actor, with what
		// it needs taken in the turn.
		root, self := m.root, m.self
		m.stream.Subscribe(func(evt any) {
			root.Send(self, evt)
		})
	case int:
		m.seen++
	}
}
