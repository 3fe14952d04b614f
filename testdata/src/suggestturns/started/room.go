// Package started: what an actor's turn writes handling the framework's
// started (or initialized) message sets the actor up, as a constructor does: a goroutine a
// later turn starts may read it, so it is :any. Look-alike: a field a
// later message writes too stays confined.
package started

import (
	"time"

	"github.com/anthdm/hollywood/actor"
)

type Greet struct{ Name string }

type room struct {
	self    *actor.PID // want `suggest for field self: //confined:any: only code building a room writes it, and \(\*started.room\).welcome reads it off the owner`
	engine  *actor.Engine // want `suggest for field engine: //confined:any: only code building a room writes it, and \(\*started.room\).welcome reads it off the owner`
	topic   string
	members map[string]bool
	ln      string // want `suggest for field ln: //confined:any: only code building a room writes it, and \(\*started.room\).welcome reads it off the owner`
	port    int
	retries int
}

func (r *room) Receive(c *actor.Context) { // want Receive:`summary` Receive:`writes suggestturns/started.room.members`
	switch m := c.Message().(type) {
	case actor.Initialized:
		r.listen()
		r.bind()
		r.retry()
	case actor.Started:
		r.self = c.PID()
		r.engine = c.Engine()
		r.topic = "lobby"
	case Greet:
		r.members[m.Name] = true
		r.topic = m.Name
		go r.welcome(m.Name)
		go r.bind()
		time.AfterFunc(time.Second, r.retry)
	}
}

// listen sets the actor up: only the Initialized turn calls it.
func (r *room) listen() { r.ln = "listening" }

// bind is called by the Initialized turn but also started by a later
// one: a goroutine writes port, so it is no set-up.
func (r *room) bind() { r.port++ }

// retry is a method value a timer runs: no set-up either.
func (r *room) retry() { r.retries++ }

func (r *room) welcome(name string) {
	println(r.topic, r.ln, r.port, r.retries)
	r.engine.Send(r.self, Greet{Name: name})
}
