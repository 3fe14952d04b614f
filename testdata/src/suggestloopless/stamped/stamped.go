// Package stamped: a method that stamps its own copy of an entry before
// queuing it under the lock writes no queued entry, so the queue, locked
// wherever it is touched, gets :any. A method stamping the queued entries
// themselves writes elements nothing owns: that queue gets none.
package stamped

import (
	"errors"
	"sync"
	"time"
)

type Entry struct {
	At  time.Time
	Msg string
}

type Shipper struct { // want `suggest for stamped\.Shipper: //confined:owner: code off the owner \(\(\*stamped\.Shipper\)\.loop\) touches its field lastErr without a lock, and the code that creates and calls the value uses it too: with no loop, that code is the owner, and the check reports the goroutines`
	mu      sync.Mutex
	queue   []Entry // want `suggest for field queue: //confined:any: code writes it only with a lock held, and \(\*stamped\.Shipper\)\.Enqueue reads it off the owner`
	lastErr error
	quit    chan struct{}
}

func New() *Shipper { // want New:`summary\(started result\)`
	s := &Shipper{quit: make(chan struct{})}
	go s.loop()
	return s
}

func (s *Shipper) Enqueue(e Entry) { // want Enqueue:`reads suggestloopless/stamped\.Shipper\.queue`
	if e.At.IsZero() {
		e.At = time.Now()
	}
	s.mu.Lock()
	s.queue = append(s.queue, e)
	s.mu.Unlock()
}

func (s *Shipper) loop() {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			s.flush()
		case <-s.quit:
			return
		}
	}
}

func (s *Shipper) flush() {
	s.mu.Lock()
	batch := s.queue
	s.queue = nil
	s.mu.Unlock()
	if len(batch) > 0 {
		s.lastErr = errors.New("sink down")
	}
}

func (s *Shipper) Err() error { return s.lastErr } // want Err:`reads suggestloopless/stamped\.Shipper\.lastErr`

type Record struct {
	At  time.Time
	Msg string
}

type Spooler struct { // want `suggest for stamped\.Spooler: //confined:owner: code off the owner \(\(\*stamped\.Spooler\)\.loop\) touches its field lastErr without a lock, and the code that creates and calls the value uses it too: with no loop, that code is the owner, and the check reports the goroutines`
	mu      sync.Mutex
	spool   []Record
	lastErr error
	quit    chan struct{}
}

func NewSpooler() *Spooler { // want NewSpooler:`summary\(started result\)`
	s := &Spooler{quit: make(chan struct{})}
	go s.loop()
	return s
}

func (s *Spooler) Add(r Record) { // want Add:`reads suggestloopless/stamped\.Spooler\.spool`
	s.mu.Lock()
	s.spool = append(s.spool, r)
	s.mu.Unlock()
}

// Restamp writes the spooled records themselves.
func (s *Spooler) Restamp() { // want Restamp:`reads suggestloopless/stamped\.Spooler\.spool`
	s.mu.Lock()
	for i := range s.spool {
		s.spool[i].At = time.Now()
	}
	s.mu.Unlock()
}

func (s *Spooler) loop() {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			s.mu.Lock()
			n := len(s.spool)
			s.spool = nil
			s.mu.Unlock()
			if n > 0 {
				s.lastErr = errors.New("sink down")
			}
		case <-s.quit:
			return
		}
	}
}

func (s *Spooler) Err() error { return s.lastErr } // want Err:`reads suggestloopless/stamped\.Spooler\.lastErr`
