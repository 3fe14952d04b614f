// Package suggestshapes holds more shapes -suggest reads: a loop started
// through a helper that spawns its func argument (raft's goFunc), the
// messages its loop writes but sends on and those it receives (handed
// over, not owned), and a
// constructor whose timer calls a method on what it returns (not a future).
package suggestshapes

import (
	"sync"
	"time"
)

type server struct {
	wg     sync.WaitGroup
	inbox  chan *request
	out    chan *request
	jobs   chan *job
	events chan *event
	state  *tally
	last   *event
}

type tally struct{ served int } // want `suggest for suggestshapes.tally: //confined:owner: code on the owner \(\(\*suggestshapes.server\).serve\) writes its field served without a lock`

type request struct{ answered bool }

type job struct{ done bool }

type event struct{ at int }

// goFunc runs f on a goroutine the server waits for on shutdown.
func (s *server) goFunc(f func()) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		f()
	}()
}

func newServer() *server {
	s := &server{inbox: make(chan *request), out: make(chan *request), jobs: make(chan *job), events: make(chan *event, 1), state: &tally{}, last: &event{}}
	s.goFunc(s.serve)
	return s
}

func (s *server) serve() { // want `suggest for \(\*suggestshapes.server\).serve: //confined:loop: a goroutine runs it \(call of \(\*suggestshapes.server\).goFunc in suggestshapes.newServer, shapes.go:\d+\) and it receives from a channel in a loop`
	for {
		select {
		case r := <-s.inbox:
			s.state.served++
			r.answered = true
			s.out <- r
		case j := <-s.jobs:
			j.done = true // received: the loop's own
		}
		s.last.at++
		select {
		case s.events <- s.last: // sent on: handed over
		default:
		}
	}
}

// conn times out idle connections.
type conn struct {
	idle *time.Timer
}

func (c *conn) close() {}

func newConn() *conn {
	c := &conn{}
	c.idle = time.AfterFunc(time.Minute, func() { c.close() })
	return c
}
