// Package options: a helper that a functional option stores in a holder
// with a mutex is set up with the holder, not kept under its lock: the
// holder's loop owns it. One that a setter stores while holding the lock
// is shared under that lock.
package options

import "sync"

type Meter struct{ counts map[string]int } // want `suggest for options\.Meter: //confined:owner @service: code on the owner \(\(\*options\.Service\)\.run\) writes its field counts without a lock, and besides where a value is built only code off the owner does \(func literal in \(\*options\.Service\)\.Reset\), which the check then reports`

func NewMeter() *Meter { return &Meter{counts: map[string]int{}} }

type Option func(*Service)

func WithMeter(m *Meter) Option { return func(s *Service) { s.meter = m } } // want WithMeter:`summary\(\)`

type Service struct {
	mu    sync.Mutex
	names []string
	meter *Meter
	in    chan string
}

func New(opts ...Option) *Service { // want New:`summary\(invokes arg0; started result; starts a loop; reads the entries of arg0\)`
	s := &Service{in: make(chan string)}
	for _, o := range opts {
		o(s)
	}
	go s.run()
	return s
}

func (s *Service) run() { // want `suggest for \(\*options\.Service\)\.run: //confined:loop @service: a goroutine runs it \(go statement in options\.New, options\.go:29\) and it receives from a channel in a loop \(options\.go:34\)` run:`confined:loop@service`
	for k := range s.in {
		s.meter.counts[k]++
	}
}

func (s *Service) Add(name string) { // want Add:`summary\(locks arg0 first\)` Add:`reads suggestkept/options\.Service\.names`
	s.mu.Lock()
	s.names = append(s.names, name)
	s.mu.Unlock()
}

func (s *Service) Reset() { // want Reset:`summary\(started arg0\)`
	go func() { s.meter.counts = map[string]int{} }()
}

type Gauge struct{ level int } // want Gauge:`handed over`

type Panel struct {
	mu sync.Mutex
	g  *Gauge
	in chan int
}

func NewPanel() *Panel { // want NewPanel:`summary\(started result; starts a loop\)`
	p := &Panel{in: make(chan int)}
	go p.run()
	return p
}

func (p *Panel) SetGauge(g *Gauge) { // want SetGauge:`summary\(locks arg0 first\)`
	p.mu.Lock()
	p.g = g
	p.mu.Unlock()
}

func (p *Panel) run() { // want `suggest for \(\*options\.Panel\)\.run: //confined:loop @panel: a goroutine runs it \(go statement in options\.NewPanel, options\.go:59\) and it receives from a channel in a loop \(options\.go:70\)` run:`confined:loop@panel`
	for n := range p.in {
		p.g.level = n
	}
}

func (p *Panel) Drop() { // want Drop:`summary\(started arg0\)`
	go func() { p.g.level = 0 }()
}
