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

// A closure that calls itself through the variable holding it is called
// in place once: what it touches is reported, and the walk ends.
func recursiveClosure(s *server) {
	go func() {
		var count func(n int)
		count = func(n int) {
			if n > 0 {
				s.n++ // want `writes confined syncfuncs.server.n off the owner`
				count(n - 1)
			}
		}
		count(3)
	}()
}
