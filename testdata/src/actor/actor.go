// Package actor is a small mailbox actor for the tests.
package actor

import "future"

type Ref struct {
	mailbox chan func()
}

func NewRef() *Ref { return &Ref{mailbox: make(chan func(), 16)} }

//confined:loop
func (r *Ref) Run() {
	for fn := range r.mailbox {
		fn()
	}
}

// Execute runs fn in a mailbox turn.
//
//confined:hop
func (r *Ref) Execute(fn func()) { r.mailbox <- fn }

// Hop runs fn in a mailbox turn and completes with fn's future there.
//
//confined:hop
func Hop[T any](r *Ref, fn func() *future.Future[T]) *future.Future[T] {
	out := future.New[T]()
	r.Execute(func() { fn().OnComplete(out.Complete) })
	return out
}
