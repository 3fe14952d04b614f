// Package lib stands for a framework the user cannot annotate: an actor
// context whose methods come from unexported embedded interfaces, a timer,
// a generic worker and a connection type. It has no directives; the
// packages of the declare suite declare it.
package lib

type basePart interface {
	// ReenterAfter runs continuation on the actor once f completes.
	ReenterAfter(f *Future, continuation func(res any, err error))
}

type senderPart interface {
	Send(pid *PID, msg any)
	Self() *PID
}

// Context is what an actor's Receive gets.
type Context interface {
	basePart
	senderPart
}

type PID struct{ ID string }

type Future struct{ done chan struct{} }

// Root implements Context.
type Root struct {
	mailbox chan func()
	self    *PID
}

func (r *Root) ReenterAfter(f *Future, continuation func(any, error)) {
	r.mailbox <- func() { continuation(nil, nil) }
}

func (r *Root) Send(pid *PID, msg any) { _, _ = pid, msg }

func (r *Root) Self() *PID { return r.self }

// Every runs f on a timer goroutine; Sleep's future completes there.
func Every(d int, f func()) { go f() }

func Sleep(d int) *Future { return &Future{} }

func Tick() {}

func Count() int { return 0 }

// Box runs work on a goroutine of its own.
type Box[T any] struct{ v T }

func (b *Box[T]) Do(f func()) { go f() }

// Conn is a connection only its owner may use.
type Conn struct{ n int }

func (c *Conn) Write() { c.n++ }

// Mailbox posts funcs to its loop; Server gets Post by embedding it.
type Mailbox struct{ ch chan func() }

func (m *Mailbox) Post(f func()) { m.ch <- f }

type Server struct{ Mailbox }

// Lookalike has a ReenterAfter of another signature: it implements no
// Context, and the declaration on Context.ReenterAfter does not cover it.
type Lookalike struct{}

func (Lookalike) ReenterAfter(f *Future, continuation func()) { continuation() }
