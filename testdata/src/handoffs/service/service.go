// Package service makes values whose loop is already running when the
// constructor returns them, and a Start that starts it on its receiver.
package service

//confined:owner @svc
type Service struct{ state int }

// New starts the service's loop before it returns it.
func New() *Service {
	s := &Service{}
	go s.run()
	return s
}

// Idle makes one and starts nothing.
func Idle() *Service { return &Service{} }

// Start starts the loop on s.
func (s *Service) Start() { go s.run() }

//confined:loop @svc
func (s *Service) run() {
	for {
		s.state++
	}
}

// Bump writes the state: the loop's to do.
func (s *Service) Bump() { s.state++ }

// Counter's loop is of its own package, unexported: importers see no fact
// of it, yet it runs the owner.
//
//confined:owner
type Counter struct{ n int }

// NewCounter starts the counter's loop.
func NewCounter() *Counter {
	c := &Counter{}
	go c.run()
	return c
}

//confined:loop
func (c *Counter) run() {
	for {
		c.n++
	}
}

// Add adds to the count: the loop's to do.
func (c *Counter) Add() { c.n++ }
