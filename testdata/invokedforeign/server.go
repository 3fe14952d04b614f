// Package invokedforeign: a loop records into another package's type
// through an interface of its own, and a reporter goroutine resets it. The
// loop is the owner of the plain recorder, which its package cannot tell
// (nothing there calls it); a recorder with its own lock is no one's,
// and neither is one the server is handed: whose it is, its maker says.
package invokedforeign

import "example.com/invokedforeign/meter"

type recorder interface {
	Observe(d int)
	Reset()
}

type server struct {
	ops    chan int
	stats  recorder
	locked recorder
	given  recorder
}

func newServer(given recorder) *server {
	s := &server{ops: make(chan int), stats: new(meter.Hist), locked: new(meter.Locked), given: given}
	go s.loop()
	return s
}

func (s *server) loop() {
	for d := range s.ops {
		s.stats.Observe(d)
		s.locked.Observe(d)
		s.given.Observe(d)
	}
}

func (s *server) report() {
	go func() {
		s.stats.Reset()
		s.locked.Reset()
		s.given.Reset()
	}()
}

func start() *server { return newServer(new(meter.Tally)) }
