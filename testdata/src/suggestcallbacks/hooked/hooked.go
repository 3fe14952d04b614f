// Package hooked: hooks registered through the loop's own mailbox (a
// closure appending the handed func to a field, on the loop), which a
// goroutine the loop starts calls through a helper ranging over a copy of
// them; and handlers handed to the loop in a request, which it keeps for a
// goroutine per subscriber. Both run off the owner: their parameters are
// async. Look-alike: Name, whose func only its callers' own calls of
// Describe call.
package hooked

type Lease struct{ ID string }

type Hook func(Lease)

type Manager struct { // want `suggest for hooked\.Manager: //confined:owner: code on the owner \(func literal in \(\*hooked\.Manager\)\.OnExpire, func literal in \(\*hooked\.Manager\)\.Name, func literal in \(\*hooked\.Manager\)\.Watch\) writes 2 of its fields \(hooks, namer\) without a lock, and no other code writes it but where a value is built`
	calls   chan func()
	expired chan []Lease
	subs    chan subReq
	hooks   []Hook
	namer   func() string
}

type subReq struct {
	id string
	h  Hook
}

type sub struct {
	h  Hook
	ch chan Lease
}

func New() *Manager { // want New:`summary\(started result; starts a loop\)`
	m := &Manager{calls: make(chan func()), expired: make(chan []Lease), subs: make(chan subReq)}
	go m.run()
	return m
}

func (m *Manager) run() { // want `suggest for \(\*hooked\.Manager\)\.run: //confined:loop: a goroutine runs it \(go statement in hooked\.New, hooked\.go:34\) and it receives from a channel in a loop \(hooked\.go:40\)` run:`confined:loop`
	for {
		select {
		case fn := <-m.calls:
			fn()
		case gone := <-m.expired:
			go m.fire(gone)
		case r := <-m.subs:
			m.subscribe(r.h)
		}
	}
}

func (m *Manager) OnExpire(h Hook) { m.calls <- func() { m.hooks = append(m.hooks, h) } } // want `suggest for \(\*hooked\.Manager\)\.OnExpire: //confined:async h: it keeps h in the field hooks, whose funcs \(\*hooked\.Manager\)\.fire calls on its own goroutine` OnExpire:`confined:async\[1\]` OnExpire:`summary\(\)`

func (m *Manager) Name(f func() string) { m.calls <- func() { m.namer = f } } // want Name:`summary\(\)`

func (m *Manager) Describe() string { return m.namer() } // want Describe:`reads suggestcallbacks/hooked\.Manager\.namer` Describe:`summary\(invokes arg0\)`

func (m *Manager) fire(gone []Lease) {
	hooks := m.hooks
	notify(hooks, gone)
}

func notify(hooks []Hook, ls []Lease) {
	for _, l := range ls {
		for _, h := range hooks {
			h(l)
		}
	}
}

func (m *Manager) Subscribe(id string, h Hook) { m.subs <- subReq{id: id, h: h} } // want `suggest for \(\*hooked\.Manager\)\.Subscribe: //confined:async h: it puts h in hooked\.subReq\.h, whose funcs the package hands to \(\*hooked\.Manager\)\.subscribe's async h` Subscribe:`confined:async\[2\]` Subscribe:`summary\(\)`

func (m *Manager) subscribe(h Hook) { // want `suggest for \(\*hooked\.Manager\)\.subscribe: //confined:async h: it keeps h in the field h, whose funcs \(\*hooked\.sub\)\.pump calls on its own goroutine`
	s := &sub{h: h, ch: make(chan Lease, 1)}
	go s.pump()
}

func (s *sub) pump() {
	for l := range s.ch {
		s.deliver(l)
	}
}

func (s *sub) deliver(l Lease) { s.h(l) }

// Watch keeps onLease for the expiry goroutine and runs onStart on one of
// its own: both are async, named by one directive.
func (m *Manager) Watch(onLease Hook, onStart func()) { // want `suggest for \(\*hooked\.Manager\)\.Watch: //confined:async onLease onStart: it keeps onLease in the field hooks, whose funcs \(\*hooked\.Manager\)\.fire calls on its own goroutine; it hands onStart to a goroutine or an async sink, which runs it off the owner` Watch:`summary\(async arg2\)` Watch:`confined:async\[1\]`
	m.calls <- func() { m.hooks = append(m.hooks, onLease) }
	go onStart()
}
