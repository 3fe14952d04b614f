package callbackfields

// A field with several stored funcs and several off-owner callers: each
// call is a finding naming every stored func in source order, the same
// from run to run (TestStoredCallbackFindingsAreDeterministic), and one
// at each line the funcs write at.
type bus struct{ on func() }

func (b *bus) pump() {
	b.on()
}

func (b *bus) drain() {
	b.on()
}

func (b *bus) run() {
	go b.pump()
	go b.drain()
}

var global state

func reset() { global.n = 0 } // want `writes confined callbackfields.state.n off the owner: this code runs via the func stored in field on .*called off the owner by \(\*callbackfields.bus\).pump` `called off the owner by \(\*callbackfields.bus\).drain`

func wire(b *bus, s *state) {
	b.on = func() { s.n++ } // want `the func stored in field on \(func literal in callbackfields.wire at many.go:\d+, func literal in callbackfields.wire at many.go:\d+, callbackfields.reset at many.go:\d+\), called off the owner by \(\*callbackfields.bus\).pump` `called off the owner by \(\*callbackfields.bus\).drain`
	b.on = func() { _ = s.n }
	b.on = reset
}
