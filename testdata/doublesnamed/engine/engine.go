// Package engine runs an unexported loop of the default owner.
package engine

type Engine struct {
	ops chan func()
	n   int
}

func New() *Engine {
	e := &Engine{ops: make(chan func())}
	go e.run()
	return e
}

func (e *Engine) run() {
	for f := range e.ops {
		f()
		e.n++
	}
}

func (e *Engine) Do(f func()) { e.ops <- f }
