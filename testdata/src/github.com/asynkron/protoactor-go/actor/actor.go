// Package actor stands in for protoactor's actor package, in small: the
// built-in protoactor pack applies to every package with it in view. A
// func given to PropsFromFunc is an actor of its own.
package actor

// Context is the actor's, for its turns.
type Context interface {
	Message() any
}

// Actor is an actor; its mailbox calls Receive one message at a time.
type Actor interface {
	Receive(c Context)
}

// ReceiveFunc is an actor made of a func.
type ReceiveFunc func(c Context)

func (f ReceiveFunc) Receive(c Context) { f(c) }

type Props struct{ producer func() Actor }

func PropsFromProducer(producer func() Actor) *Props { return &Props{producer: producer} }

func PropsFromFunc(f ReceiveFunc) *Props {
	return &Props{producer: func() Actor { return f }}
}

type PID struct{ ID string }

type RootContext struct{}

// Spawn starts the actor's mailbox.
func (r *RootContext) Spawn(props *Props) *PID {
	m := &defaultMailbox{ch: make(chan any), actor: props.producer()}
	go m.processMessages()
	return &PID{}
}

type defaultMailbox struct {
	ch    chan any
	actor Actor
}

type context struct{ message any }

func (c *context) Message() any { return c.message }

func (m *defaultMailbox) processMessages() {
	for msg := range m.ch {
		m.actor.Receive(&context{message: msg})
	}
}

// Behavior is an actor's current turn, which it may replace.
type Behavior []ReceiveFunc

func NewBehavior() Behavior { return Behavior{} }

// Become makes f the actor's turn from its next message on.
func (b *Behavior) Become(f ReceiveFunc) { *b = Behavior{f} }

func (b *Behavior) Receive(c Context) { (*b)[0](c) }

// Send hands msg to the actor's mailbox, from any goroutine.
func (r *RootContext) Send(pid *PID, msg any) {}
