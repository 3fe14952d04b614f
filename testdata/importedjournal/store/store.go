// Package store: a loop appending to a journal of another package, and a
// ticker goroutine checkpointing it: the sequence the loop bumps is read
// mid-change, and is proposed the loop's in the journal's package; the
// marks, which the journal's lock guards, are not.
package store

import (
	"time"

	"example.com/importedjournal/journal"
)

type Store struct {
	in chan int
	j  *journal.Journal[int]
}

func New() *Store {
	s := &Store{in: make(chan int), j: &journal.Journal[int]{}}
	go s.run()
	go s.checkpointer(time.Second)
	return s
}

func (s *Store) run() {
	for v := range s.in {
		s.j.Append(v)
	}
}

func (s *Store) checkpointer(every time.Duration) {
	t := time.NewTicker(every)
	for range t.C {
		s.persist()
	}
}

func (s *Store) persist() { _ = s.j.Checkpoint() }

func (s *Store) Put(v int) { s.in <- v }
