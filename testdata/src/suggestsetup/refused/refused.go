// Package refused: a method that refuses to run once its value started
// (panics or returns on the flag Start sets) writes only while the value
// is set up, as a constructor does: what only it and constructors write,
// and the workers read, gets :any. A method without that guard may run
// beside the workers, and what it writes stays confined.
package refused

import (
	"errors"
	"sync/atomic"
)

type Handler func(string) int

type Scheduler struct { // want `suggest for refused\.Scheduler: //confined:owner @scheduler: code on the owner \(\(\*refused\.Scheduler\)\.loop\) writes its field pending without a lock; code that may run anywhere writes one of its fields too \(\(\*refused\.Scheduler\)\.Fallback\), which the check reports where it runs off the owner`
	started  atomic.Bool
	handlers map[string]Handler // want `suggest for field handlers: //confined:any: only code building a Scheduler writes it, and \(\*refused\.Scheduler\)\.work reads it off the owner`
	fallback Handler
	jobs     chan string
	results  chan int
	pending  int
}

func New() *Scheduler {
	return &Scheduler{handlers: map[string]Handler{}, jobs: make(chan string), results: make(chan int)}
}

// Handle registers h for kind; it panics after Start.
func (s *Scheduler) Handle(kind string, h Handler) { // want Handle:`summary\(stores arg2 in suggestsetup/refused\.Scheduler\.UF1\)` Handle:`writes suggestsetup/refused\.Scheduler\.handlers`
	if s.started.Load() {
		panic("Handle after Start")
	}
	s.handlers[kind] = h
}

// Fallback may be called at any time.
func (s *Scheduler) Fallback(h Handler) { s.fallback = h } // want Fallback:`writes suggestsetup/refused\.Scheduler\.fallback` Fallback:`summary\(stores arg1 in suggestsetup/refused\.Scheduler\.UF2\)`

func (s *Scheduler) Start(workers int) { // want Start:`summary\(started arg0; starts a loop\)`
	if !s.started.CompareAndSwap(false, true) {
		return
	}
	go s.loop()
	for range workers {
		go s.work()
	}
}

func (s *Scheduler) loop() { // want `suggest for \(\*refused\.Scheduler\)\.loop: //confined:loop @scheduler: a goroutine runs it \(go statement in \(\*refused\.Scheduler\)\.Start, refused\.go:43\) and it receives from a channel in a loop \(refused\.go:50\)` loop:`confined:loop@scheduler`
	for n := range s.results {
		s.pending -= n
	}
}

func (s *Scheduler) work() {
	for kind := range s.jobs {
		h, ok := s.handlers[kind]
		if !ok {
			h = s.fallback
		}
		s.results <- h(kind)
	}
}

var errRunning = errors.New("running")

// A Pipeline's plain flag does the same.
type Pipeline struct { // want `suggest for refused\.Pipeline: //confined:owner @pipeline: code on the owner \(\(\*refused\.Pipeline\)\.loop\) writes its field total without a lock; code that may run anywhere writes one of its fields too \(\(\*refused\.Pipeline\)\.Run\), which the check reports where it runs off the owner`
	running bool
	stages  []func(int) int // want `suggest for field stages: //confined:any: only code building a Pipeline writes it, and \(\*refused\.Pipeline\)\.Add reads it off the owner`
	in      chan int
	total   int
}

func (p *Pipeline) Add(stage func(int) int) error { // want `suggest for \(\*refused\.Pipeline\)\.Add: //confined:async stage: it keeps stage in the field stages, whose funcs \(\*refused\.Pipeline\)\.loop calls on its own goroutine` Add:`confined:async\[1\]` Add:`summary\(stores arg1 in suggestsetup/refused\.Pipeline\.UF1\)` Add:`writes suggestsetup/refused\.Pipeline\.stages; reads suggestsetup/refused\.Pipeline\.running, suggestsetup/refused\.Pipeline\.stages`
	if p.running {
		return errRunning
	}
	p.stages = append(p.stages, stage)
	return nil
}

func (p *Pipeline) Run() { // want Run:`writes suggestsetup/refused\.Pipeline\.running` Run:`summary\(started arg0; starts a loop\)`
	p.running = true
	p.in = make(chan int)
	go p.loop()
}

func (p *Pipeline) loop() { // want `suggest for \(\*refused\.Pipeline\)\.loop: //confined:loop @pipeline: a goroutine runs it \(go statement in \(\*refused\.Pipeline\)\.Run, refused\.go:86\) and it receives from a channel in a loop \(refused\.go:90\)` loop:`confined:loop@pipeline`
	for v := range p.in {
		for _, st := range p.stages {
			v = st(v)
		}
		p.total += v
	}
}

func (p *Pipeline) Total() int { // want Total:`summary\(invokes arg0; of which waited arg0; calls field suggestsetup/refused\.Pipeline\.UF1\)`
	reply := make(chan int)
	go func() { reply <- p.stages[0](0) }()
	return <-reply
}
