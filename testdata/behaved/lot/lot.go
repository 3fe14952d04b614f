// Package lot: an actor whose turns are behaviors it becomes (open,
// then closing), which write and read another package's book; a goroutine
// the closing behavior starts settles the book off the actor's turns. The
// book is the actor's: the behaviors are its turns.
package lot

import (
	"github.com/asynkron/protoactor-go/actor"

	"example.com/behaved/ledger"
)

type Lot struct {
	behavior actor.Behavior
	book     *ledger.Book
}

func New() *Lot {
	l := &Lot{behavior: actor.NewBehavior(), book: ledger.New()}
	l.behavior.Become(l.open)
	return l
}

func (l *Lot) Receive(ctx actor.Context) { l.behavior.Receive(ctx) }

func (l *Lot) open(ctx actor.Context) {
	switch ctx.Message().(type) {
	case int:
		l.book.Record(1)
	case string:
		l.behavior.Become(l.closing)
	}
}

func (l *Lot) closing(ctx actor.Context) {
	if l.book.Settled() == "" {
		book := l.book
		go func() { book.MarkSettled("paid") }()
	}
}

func Spawn(root *actor.RootContext) *actor.PID {
	return root.Spawn(actor.PropsFromProducer(func() actor.Actor { return New() }))
}
