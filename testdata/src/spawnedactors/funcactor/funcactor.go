// Package funcactor: a func given to PropsFromFunc is an actor of its own,
// whose turns run on its own mailbox: the state of another actor it
// touches, it touches off that actor's mailbox. Look-alike: a func actor
// touching only what it made.
package funcactor

import "github.com/asynkron/protoactor-go/actor"

type counter struct{ n int }

func (c *counter) Receive(ctx actor.Context) { c.n++ } // want Receive:`summary\(arg0 writes funcactor\.counter\.n\)`

func Watch(root *actor.RootContext) {
	c := &counter{}
	root.Spawn(actor.PropsFromProducer(func() actor.Actor { return c }))
	root.Spawn(actor.PropsFromFunc(func(ctx actor.Context) {
		_ = c.n // want `reads confined funcactor\.counter\.n off the owner: this code runs via a turn of actor\.ReceiveFunc, another actor \(each actor's turns run on its own mailbox\)`
	}))
}

func Own(root *actor.RootContext) {
	root.Spawn(actor.PropsFromFunc(func(ctx actor.Context) {
		seen := &counter{}
		seen.n++
	}))
}

// Look-alike: a func an actor makes its next behavior is a turn of that
// actor, not an actor of its own.
type phased struct {
	behavior actor.Behavior
	n        int
}

func (p *phased) Receive(ctx actor.Context) { p.behavior.Receive(ctx) } // want Receive:`summary\(arg0 reads funcactor\.phased\.behavior\)`

func (p *phased) start() {
	p.behavior.Become(p.connected)
	p.behavior.Become(func(ctx actor.Context) { p.n-- })
}

func (p *phased) connected(ctx actor.Context) { p.n++ }

// A func an actor's method hands to PropsFromFunc is an actor of its own
// (a room's host), not that actor's next behavior: the state of the actor
// that made it, it touches off that actor's mailbox.
type lobby struct {
	rooms map[string][]string
	root  *actor.RootContext
}

func (l *lobby) Receive(ctx actor.Context) { l.open("a") } // want Receive:`summary\(arg0 calls \(\*funcactor\.lobby\)\.open\)`

func (l *lobby) open(name string) {
	l.rooms[name] = nil
	l.root.Spawn(actor.PropsFromFunc(func(ctx actor.Context) {
		l.rooms[name] = append(l.rooms[name], "guest") // want `writes confined funcactor\.lobby\.rooms off the owner: this code runs via a turn of actor\.ReceiveFunc, another actor`
	}))
}
