package syncfuncs

import "time"

// A closure called in place runs the funcs it captured where it runs
// itself: touching through them off the owner is reported inside them.
func capturedAndCalled(s *server) {
	time.AfterFunc(time.Second, func() {
		touch := func() {
			s.n++ // want `writes confined syncfuncs.server.n off the owner`
		}
		run := func() { touch() }
		run()
	})
}

// Look-alike: a closure that only captures the func, and starts nothing,
// runs nothing.
func capturedNotCalled(s *server) {
	time.AfterFunc(time.Second, func() {
		touch := func() { s.n++ }
		keep := func() func() { return touch }
		_ = keep
	})
}
