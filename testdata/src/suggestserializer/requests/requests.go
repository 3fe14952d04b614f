// Package requests: an engine whose loop serves requests of two kinds,
// orders and funcs to run. Do wraps its func parameter in a func that
// signals when it is done and puts that in a request's field, which the
// loop calls: a hop. Keep puts a func calling its parameter in a field
// of a note no loop calls: no hop.
package requests

type request struct {
	order string
	fn    func()
}

type Engine struct { // want `suggest for requests\.Engine: //confined:owner`
	reqs   chan request
	orders []string
}

type note struct{ run func() }

func New() *Engine { // want New:`summary\(started result; starts a loop\)`
	e := &Engine{reqs: make(chan request)}
	go e.serve()
	return e
}

func (e *Engine) serve() { // want `suggest for \(\*requests\.Engine\)\.serve: //confined:loop` serve:`confined:loop`
	for r := range e.reqs {
		if r.fn != nil {
			r.fn()
			continue
		}
		e.orders = append(e.orders, r.order)
	}
}

func (e *Engine) send(r request) { e.reqs <- r }

func (e *Engine) Do(fn func()) { // want `suggest for \(\*requests\.Engine\)\.Do: //confined:hop fn: it stores a func calling fn in the field fn, which the loop \(\*requests\.Engine\)\.serve calls` Do:`confined:hop\[1\]` Do:`summary\(\)`
	done := make(chan struct{})
	e.send(request{fn: func() { fn(); close(done) }})
	<-done
}

func (e *Engine) Place(o string) { e.send(request{order: o}) }

func (e *Engine) Count() (n int) { // want Count:`summary\(\)`
	e.Do(func() { n = len(e.orders) })
	return n
}

func (e *Engine) Keep(fn func()) note { // want Keep:`summary\(\)`
	return note{run: func() { fn() }}
}
