// Package actor stands in for hollywood's actor package, in small: the
// built-in hollywood pack applies to every package with it in view.
package actor

import "context"

// Receiver is an actor; hollywood calls Receive from its inbox's goroutine.
type Receiver interface {
	Receive(*Context)
}

// A Context is the actor's, for its turns.
type Context struct {
	pid     *PID
	engine  *Engine
	message any
}

type PID struct{ ID string }

// Initialized is the first message every actor gets, then Started,
// before any other.
type Initialized struct{}

// Started is the second message every actor gets, before any other.
type Started struct{}

func (c *Context) PID() *PID            { return c.pid }
func (c *Context) Engine() *Engine      { return c.engine }
func (c *Context) Send(pid *PID, m any) { c.engine.Send(pid, m) }
func (c *Context) Message() any         { return c.message }

// An Engine delivers messages.
type Engine struct{ inboxes map[string]*Inbox }

func (e *Engine) Send(pid *PID, m any) { e.inboxes[pid.ID].ch <- m }

// Spawn starts r's inbox.
func (e *Engine) Spawn(r Receiver, id string) *PID {
	in := &Inbox{ch: make(chan any), r: r}
	e.inboxes[id] = in
	go in.process()
	return &PID{ID: id}
}

// An Inbox drains an actor's messages into Receive, one at a time.
type Inbox struct {
	ch chan any
	r  Receiver
}

func (in *Inbox) process() {
	for m := range in.ch {
		in.r.Receive(&Context{message: m})
	}
}

// Poison stops the actor once its inbox is drained; the context is done
// after its last turn.
func (e *Engine) Poison(pid *PID) context.Context {
	return e.PoisonCtx(context.Background(), pid)
}

// PoisonCtx is Poison, with the caller's context as the parent: that
// context may end first.
func (e *Engine) PoisonCtx(ctx context.Context, pid *PID) context.Context {
	ctx, cancel := context.WithCancel(ctx)
	e.inboxes[pid.ID].ch <- cancel
	return ctx
}

// SpawnFunc spawns f as an actor of its own.
func (e *Engine) SpawnFunc(f func(*Context), id string) *PID {
	return e.Spawn(&funcReceiver{f: f}, id)
}

// SpawnChildFunc spawns f as a child actor of the context's.
func (c *Context) SpawnChildFunc(f func(*Context), id string) *PID {
	return c.engine.SpawnFunc(f, id)
}

type funcReceiver struct{ f func(*Context) }

func (r *funcReceiver) Receive(c *Context) { r.f(c) }
