// Package guarded: an executor whose loop hands each func it receives to a
// helper that runs it under a recover, and whose Run offers the func in a
// select beside a quit case. The loop runs what Run hands it: a hop. A
// pool's workers running funcs through the same helper run them off the
// owner.
package guarded

import "sync/atomic"

type Executor struct {
	tasks chan func()
	quit  chan struct{}
	ran   atomic.Int64
}

func New() *Executor { // want New:`summary\(started result; starts a loop\)`
	e := &Executor{tasks: make(chan func()), quit: make(chan struct{})}
	go e.loop()
	return e
}

func (e *Executor) loop() { // want `suggest for \(\*guarded\.Executor\)\.loop: //confined:loop: a goroutine runs it \(go statement in guarded\.New, guarded\.go:18\) and it receives from a channel in a loop \(guarded\.go:24\)` loop:`confined:loop`
	for {
		select {
		case fn := <-e.tasks:
			e.invoke(fn)
		case <-e.quit:
			return
		}
	}
}

func (e *Executor) invoke(fn func()) {
	defer func() { _ = recover() }()
	fn()
	e.ran.Add(1)
}

func (e *Executor) Run(fn func()) bool { // want `suggest for \(\*guarded\.Executor\)\.Run: //confined:hop fn: it sends fn on tasks, which the loop \(\*guarded\.Executor\)\.loop calls` Run:`confined:hop\[1\]` Run:`summary\(hop arg1\)`
	select {
	case e.tasks <- fn:
		return true
	case <-e.quit:
		return false
	}
}

// A Pool's workers, many goroutines, run what Submit hands them through the
// same helper: off the owner.
type Pool struct {
	tasks chan func()
	ran   atomic.Int64
}

func NewPool(n int) *Pool { // want NewPool:`summary\(started result\)`
	p := &Pool{tasks: make(chan func())}
	for range n {
		go p.work()
	}
	return p
}

func (p *Pool) work() {
	for fn := range p.tasks {
		p.invoke(fn)
	}
}

func (p *Pool) invoke(fn func()) {
	defer func() { _ = recover() }()
	fn()
	p.ran.Add(1)
}

func (p *Pool) Submit(fn func()) { // want `suggest for \(\*guarded\.Pool\)\.Submit: //confined:async fn: it hands fn to a goroutine or an async sink, which runs it off the owner` Submit:`summary\(async arg1\)`
	select {
	case p.tasks <- fn:
	default:
		go fn()
	}
}
