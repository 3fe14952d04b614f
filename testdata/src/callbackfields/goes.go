package callbackfields

// go x.f() on a func field runs the funcs stored in f off the owner.
type notifier struct {
	cb  func()
	now func()
}

func (n *notifier) fire() {
	go n.cb()
}

// fireNow calls the other field in place: a look-alike negative.
func (n *notifier) fireNow() { n.now() }

func watch(n *notifier, s *state) {
	n.cb = func() { s.n++ } // want `writes confined callbackfields.state.n off the owner: this code runs via the func stored in field cb \(func literal in callbackfields.watch at goes.go:\d+\), started by a go statement in \(\*callbackfields.notifier\).fire`
	n.now = func() { s.n++ }
}

// OnFire stores its parameter where fire's go statement calls it: an async
// sink for h, so its callers' closures are reported inside them.
func (n *notifier) OnFire(h func()) { n.cb = h } // want OnFire:`summary\(async arg1\)`

// OnNow stores its parameter where only the owner calls it: not a sink.
func (n *notifier) OnNow(h func()) { n.now = h } // want OnNow:`summary\(stores arg1 in callbackfields\.notifier\.UF1\)`

func register(n *notifier, s *state) {
	n.OnFire(func() {
		s.n++ // want `writes confined callbackfields.state.n off the owner: this code runs via \(\*callbackfields.notifier\).OnFire`
	})
	n.OnNow(func() { s.n++ })
}
