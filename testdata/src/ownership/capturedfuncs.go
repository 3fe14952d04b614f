package ownership

import "time"

// A func a variable holds runs where the code that calls it runs: a
// goroutine or timer that captured the variable and calls it runs the
// func off the owner, whatever made it.

func callsCapturedLiteral(s *server) {
	f := func() {
		s.n++ // want `writes confined ownership.server.n off the owner: this code runs via a go statement`
	}
	go func() { f() }()
}

func callsCapturedMethodValue(s *server) {
	bump := s.bump
	time.AfterFunc(time.Second, func() {
		bump()
	})
}

func callsCapturedInLoop(s *server, n int) {
	f := func() {
		s.store(n, "x") // want `calls confined \(\*ownership\.server\)\.store off the owner: this code runs via a go statement \(capturedfuncs\.go:27\)`
	}
	go func() {
		for range n {
			f()
		}
	}()
}

// Look-alikes: a captured func the off-owner code never calls runs
// nowhere off the owner; one it makes itself touches its own.

func capturesWithoutCalling(s *server) {
	f := func() { s.n++ }
	go func() { _ = f }()
	f()
}

func makesItsOwn() {
	go func() {
		s := &server{pending: map[int]string{}}
		f := func() { s.n++ }
		f()
	}()
}
