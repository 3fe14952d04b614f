// Package suggestshapes holds more shapes -suggest reads: a loop started
// through a helper that spawns its func argument (raft's goFunc), the
// messages its loop writes but sends on and those it receives (handed
// over, not owned), what it keeps in a store under a lock (shared, not
// owned), two loops of one type (two owners, named after them), and a
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
	ticks  chan int
	state  *tally
	last   *event
	clock  *clock
	item   *item
	store  *store
}

// clock is the ticker loop's.
type clock struct{ now int } // want `suggest for suggestshapes.clock: //confined:owner @tick: code on the owner \(\(\*suggestshapes.server\).tick\) writes its field now without a lock`

// A store keeps items under its lock: an item put there is shared through
// it, not owned.
type store struct {
	mu    sync.Mutex
	items map[int]*item
}

type item struct{ n int }

func (st *store) put(it *item) {
	st.mu.Lock()
	st.items[it.n] = it
	st.mu.Unlock()
}

type tally struct{ served int } // want `suggest for suggestshapes.tally: //confined:owner @serve: code on the owner \(\(\*suggestshapes.server\).serve\) writes its field served without a lock`

type request struct{ answered bool }

type job struct{ done bool }

type event struct{ at int } // want `suggest for suggestshapes.event: //confined:owner @serve: code on the owner \(\(\*suggestshapes.server\).serve\) writes its field at without a lock`

// goFunc runs f on a goroutine the server waits for on shutdown.
func (s *server) goFunc(f func()) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		f()
	}()
}

func newServer() *server {
	s := &server{inbox: make(chan *request), out: make(chan *request), jobs: make(chan *job), events: make(chan *event, 1), ticks: make(chan int),
		state: &tally{}, last: &event{}, clock: &clock{}, item: &item{}, store: &store{items: make(map[int]*item)}}
	s.goFunc(s.serve)
	s.goFunc(s.tick)
	return s
}

func (s *server) serve() { // want `suggest for \(\*suggestshapes.server\).serve: //confined:loop @serve: a goroutine runs it \(call of \(\*suggestshapes.server\).goFunc in suggestshapes.newServer, shapes.go:\d+\) and it receives from a channel in a loop` serve:`confined:loop@serve`
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
		s.item.n++
		s.store.put(s.item)
		select {
		case s.events <- s.last: // sent on while kept: shared, not handed over
		default:
		}
	}
}

// tick is the ticker loop, another goroutine of a server: another owner.
func (s *server) tick() { // want `suggest for \(\*suggestshapes.server\).tick: //confined:loop @tick: a goroutine runs it` tick:`confined:loop@tick`
	for now := range s.ticks {
		s.clock.now = now
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

// A queue's add says its work runs off the owner: what is written wins,
// and the hop its shape suggests is not proposed against it.
type queue struct { // want `suggest for suggestshapes.queue: //confined:owner @queue: code on the owner \(\(\*suggestshapes.queue\).drain\) writes its field done without a lock`
	work chan func()
	done int
}

func newQueue() *queue {
	q := &queue{work: make(chan func())}
	go q.drain()
	return q
}

func (q *queue) drain() { // want `suggest for \(\*suggestshapes.queue\).drain: //confined:loop @queue: a goroutine runs it` drain:`confined:loop@queue`
	for f := range q.work {
		f()
		q.done++
	}
}

//confined:async f
func (q *queue) add(f func()) { q.work <- f }
