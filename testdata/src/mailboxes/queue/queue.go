// Package queue is a mailbox of closures that services of other packages
// embed: it sees no loop draining it, its importers do.
package queue

import "context"

type Loop struct {
	ops  chan func()
	quit chan struct{}
}

func (l *Loop) Init(n int) { l.ops, l.quit = make(chan func(), n), make(chan struct{}) }

// Ops is the channel the owning goroutine receives from.
func (l *Loop) Ops() <-chan func() { return l.ops } // want Ops:`summary\(returns mailboxes/queue\.Loop\.UF0\)`

func (l *Loop) Post(fn func()) bool { // want Post:`summary\(sends arg1 on mailboxes/queue\.Loop\.UF0\)`
	select {
	case l.ops <- fn:
		return true
	case <-l.quit:
		return false
	}
}

// Call runs fn on the owning goroutine and waits for it.
func (l *Loop) Call(ctx context.Context, fn func()) error { // want Call:`summary\(sends arg2 on mailboxes/queue\.Loop\.UF0\)`
	done := make(chan struct{})
	if !l.Post(func() { fn(); close(done) }) {
		return context.Canceled
	}
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Query runs fn on the owning goroutine and returns its result.
func Query[T any](ctx context.Context, l *Loop, fn func() T) (T, error) { // want Query:`summary\(sends arg2 on mailboxes/queue\.Loop\.UF0\)`
	var out T
	err := l.Call(ctx, func() { out = fn() })
	return out, err
}
