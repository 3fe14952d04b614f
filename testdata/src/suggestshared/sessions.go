// Package suggestshared: a loop answering with a pointer it keeps in its
// map (itself, or through a helper that makes the entry when it is
// missing) shares the value with the asker, it does not hand it over (the
// contract's sharing): the type the loop writes is the loop's. Answering
// with a copy, or with nil, hands over nothing of it.
package suggestshared

import "time"

type Session struct { // want `suggest for suggestshared.Session: //confined:owner: code on the owner \(func literal in \(\*suggestshared.Store\).Touch\) writes its field LastSeen without a lock`
	User     string
	LastSeen time.Time
}

type Store struct { // want `suggest for suggestshared.Store: //confined:owner`
	ops      chan func()
	sessions map[string]*Session
	jobs     []*Job
	counters map[string]*Counter
}

func New() *Store { // want New:`summary\(started result; starts a loop\)`
	s := &Store{ops: make(chan func()), sessions: map[string]*Session{}, counters: map[string]*Counter{}}
	go s.serve()
	return s
}

func (s *Store) serve() { // want `suggest for \(\*suggestshared.Store\).serve: //confined:loop` serve:`confined:loop`
	for op := range s.ops {
		op()
	}
}

func (s *Store) Open(id, user string) {
	s.ops <- func() { s.sessions[id] = &Session{User: user, LastSeen: time.Now()} }
}

func (s *Store) Touch(id string) {
	s.ops <- func() {
		if sess, ok := s.sessions[id]; ok {
			sess.LastSeen = time.Now()
		}
	}
}

// Get answers with the session the loop keeps: shared.
func (s *Store) Get(id string) *Session { // want Get:`summary\(\)`
	reply := make(chan *Session)
	s.ops <- func() { reply <- s.sessions[id] }
	return <-reply
}

// Snapshot answers with a copy, or nil: nothing of the loop's goes.
func (s *Store) Snapshot(id string) *Session { // want Snapshot:`summary\(\)`
	reply := make(chan *Session)
	s.ops <- func() {
		if sess, ok := s.sessions[id]; ok {
			cp := *sess
			reply <- &cp
			return
		}
		reply <- nil
	}
	return <-reply
}

// Lookup answers with a copy carried in a response: the copy goes, the
// session stays the loop's.
type lookupResp struct {
	s  Session
	ok bool
}

func (s *Store) Lookup(id string) (Session, bool) { // want Lookup:`summary\(\)`
	reply := make(chan lookupResp)
	s.ops <- func() {
		if sess, ok := s.sessions[id]; ok {
			reply <- lookupResp{s: *sess, ok: true}
			return
		}
		reply <- lookupResp{}
	}
	r := <-reply
	return r.s, r.ok
}

// A job the loop keeps in its slice, answered by index: shared too.
type Job struct { // want `suggest for suggestshared.Job: //confined:owner: code on the owner \(func literal in \(\*suggestshared.Store\).Retry\) writes its field Attempts without a lock`
	Attempts int
}

func (s *Store) Retry(i int) {
	s.ops <- func() { s.jobs[i].Attempts++ }
}

func (s *Store) Job(i int) *Job { // want Job:`summary\(\)`
	reply := make(chan *Job)
	s.ops <- func() { reply <- s.jobs[i] }
	return <-reply
}

// Counter is answered through a helper that makes the entry when it is
// missing: still the one the loop keeps, shared with the asker.
type Counter struct { // want `suggest for suggestshared.Counter: //confined:owner: code on the owner \(func literal in \(\*suggestshared.Store\).Count\) writes its field N without a lock`
	N int
}

func (s *Store) Count(name string) {
	s.ops <- func() { s.counter(name).N++ }
}

func (s *Store) counter(name string) *Counter {
	c := s.counters[name]
	if c == nil {
		c = &Counter{}
		s.counters[name] = c
	}
	return c
}

func (s *Store) CounterOf(name string) *Counter { // want CounterOf:`summary\(\)`
	reply := make(chan *Counter)
	s.ops <- func() { reply <- s.counter(name) }
	return <-reply
}
