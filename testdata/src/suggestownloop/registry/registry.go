// Package registry: a room started with its own loop belongs to that
// loop, also where a server keeps it in a registry under the server's
// lock: the registry holds handles, and a handler reading a room's topic
// touches its loop's state. Look-alike: a counter without a loop of its
// own, kept so and written by the rooms' loops, is shared under that
// lock, no one loop's.
package registry

import (
	"fmt"
	"net/http"
	"sync"
)

type Room struct { // want `suggest for registry\.Room: //confined:owner: code on the owner \(\(\*registry\.Room\)\.ru`
	topic   string
	seen    int
	msgs    chan string
	counter *Counter // want `suggest for field counter: //confined:any: only code building a Room writes it, and \(\*re`
}

func NewRoom(c *Counter) *Room { // want NewRoom:`summary\(started result; starts a loop\)`
	r := &Room{msgs: make(chan string), counter: c}
	go r.run()
	return r
}

func (r *Room) run() { // want `suggest for \(\*registry\.Room\)\.run: //confined:loop: a goroutine runs it \(go statement` run:`confined:loop`
	for m := range r.msgs {
		r.topic = m
		r.seen++
		r.counter.n++
	}
}

func (r *Room) Post(m string) { r.msgs <- m }

func (r *Room) Topic() string { return r.topic } // want `suggest for \(\*registry\.Room\)\.Topic: //confined:offowner: clients call it while \(\*re` Topic:`reads suggestownloop/registry\.Room\.topic`

type Counter struct{ n int } // want Counter:`handed over`

func newCounter() *Counter { return &Counter{} }

type Server struct {
	mu       sync.Mutex
	rooms    map[string]*Room
	counters map[string]*Counter
}

func (s *Server) Room(name string) *Room { // want Room:`reads suggestownloop/registry\.Server\.counters, suggestownloop/registry\.Server\.rooms`
	s.mu.Lock()
	defer s.mu.Unlock()
	if r, ok := s.rooms[name]; ok {
		return r
	}
	c, ok := s.counters[name]
	if !ok {
		c = newCounter()
		s.counters[name] = c
	}
	r := NewRoom(c)
	s.rooms[name] = r
	return r
}

func (s *Server) ServeHTTP(w http.ResponseWriter, req *http.Request) { // want ServeHTTP:`may block` ServeHTTP:`reads suggestownloop/registry\.Room\.topic, suggestownloop/registry\.Server\.counters, sug`
	room := s.Room(req.URL.Path)
	if req.Method == http.MethodPost {
		room.Post(req.FormValue("topic"))
	}
	fmt.Fprint(w, room.Topic())
}
