// Package pooled: futures that a worker pool completes. A request carrying
// the promise (or the promise alone) is sent on a channel that only the
// pool's goroutines receive from, so the future completes off the owner.
// A future a loop completes, or one completed before it is returned, does
// not.
package pooled

import "sync"

type Future struct {
	mu        sync.Mutex
	done      bool
	v         int
	callbacks []func(int)
}

func (f *Future) resolve(v int) {
	f.mu.Lock()
	f.done, f.v = true, v
	cbs := f.callbacks
	f.mu.Unlock()
	for _, cb := range cbs {
		cb(v)
	}
}

// OnComplete runs fn where f completes.
func (f *Future) OnComplete(fn func(int)) { // want `suggest for \(\*pooled\.Future\)\.OnComplete: //confined:inherit fn: it keeps fn among its receiver's callbacks, which run where the receiver completes` OnComplete:`summary\(invokes arg1; async arg1\)` OnComplete:`confined:inherit\[1\]` OnComplete:`reads suggestfutures/pooled\.Future\.callbacks, suggestfutures/pooled\.Future\.done, suggestfutures/pooled\.Future\.v`
	f.mu.Lock()
	if !f.done {
		f.callbacks = append(f.callbacks, fn)
		f.mu.Unlock()
		return
	}
	v := f.v
	f.mu.Unlock()
	fn(v)
}

type Promise struct{ f *Future }

func (p *Promise) Resolve(v int) { p.f.resolve(v) } // want Resolve:`summary\(invokes arg0\)` Resolve:`reads suggestfutures/pooled\.Future\.callbacks, suggestfutures/pooled\.Promise\.f`

// New makes a promise and the future it completes.
func New() (*Promise, *Future) {
	f := &Future{}
	return &Promise{f: f}, f
}

type request struct {
	n int
	p *Promise
}

// A Pool's workers square numbers.
type Pool struct {
	queue    chan request
	promises chan *Promise
	quit     chan struct{}
}

func NewPool(n int) *Pool { // want NewPool:`summary\(started result\)`
	p := &Pool{queue: make(chan request, 16), promises: make(chan *Promise, 16), quit: make(chan struct{})}
	for range n {
		go p.work()
	}
	return p
}

func (p *Pool) work() {
	for {
		select {
		case r := <-p.queue:
			r.p.Resolve(r.n * r.n)
		case pr := <-p.promises:
			pr.Resolve(0)
		case <-p.quit:
			return
		}
	}
}

// Square hands the promise to the workers in a request.
func (p *Pool) Square(n int) *Future { // want `suggest for \(\*pooled\.Pool\)\.Square: //confined:completes async: the future it returns is completed by the goroutines running \(\*pooled\.Pool\)\.work, which receive it on queue` Square:`confined:completes async` Square:`summary\(\)`
	pr, f := New()
	select {
	case p.queue <- request{n: n, p: pr}:
	case <-p.quit:
		pr.Resolve(0)
	}
	return f
}

// Zero hands the promise itself to the workers.
func (p *Pool) Zero() *Future { // want `suggest for \(\*pooled\.Pool\)\.Zero: //confined:completes async: the future it returns is completed by the goroutines running \(\*pooled\.Pool\)\.work, which receive it on promises` Zero:`summary\(\)` Zero:`confined:completes async`
	pr, f := New()
	p.promises <- pr
	return f
}

// Ready completes the future before returning it.
func Ready(v int) *Future {
	pr, f := New()
	pr.Resolve(v)
	return f
}

// A Serial's one goroutine is its loop: what it completes, it completes on
// the owner.
type Serial struct { // want `suggest for pooled\.Serial: //confined:owner: code on the owner \(\(\*pooled\.Serial\)\.run\) writes its field total without a lock, and no other code writes it but where a value is built`
	queue chan request
	total int
}

func NewSerial() *Serial { // want NewSerial:`summary\(started result; starts a loop\)`
	s := &Serial{queue: make(chan request)}
	go s.run()
	return s
}

func (s *Serial) run() { // want `suggest for \(\*pooled\.Serial\)\.run: //confined:loop: a goroutine runs it \(go statement in pooled\.NewSerial, pooled\.go:117\) and it receives from a channel in a loop \(pooled\.go:122\)` run:`confined:loop`
	for r := range s.queue {
		s.total += r.n
		r.p.Resolve(s.total)
	}
}

// Add hands the promise to the loop.
func (s *Serial) Add(n int) *Future { // want Add:`summary\(\)`
	pr, f := New()
	s.queue <- request{n: n, p: pr}
	return f
}

// Close drains what the workers left once they stopped: Square's futures
// still complete on the workers.
func (p *Pool) Close() {
	close(p.quit)
	for {
		select {
		case r := <-p.queue:
			r.p.Resolve(0)
		default:
			return
		}
	}
}
