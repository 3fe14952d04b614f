// Package pump imports a package with a loop of the default owner, so its
// own loop is named apart from it; the default owner still has a loop in
// view, and a test's double is still the test goroutine's.
package pump

import "example.com/doublesnamed/engine"

type Sink interface {
	Put(v string)
}

type Pump struct {
	eng   *engine.Engine
	in    chan string
	sink  Sink
	count int
}

func NewPump(s Sink) *Pump {
	p := &Pump{eng: engine.New(), in: make(chan string), sink: s}
	go p.run()
	return p
}

func (p *Pump) run() {
	for v := range p.in {
		p.sink.Put(v)
		p.count++
	}
}

// Emit hands v to the sink on a goroutine of its own.
func (p *Pump) Emit(v string) { go func() { p.sink.Put(v) }() }
