// Package retries: a loop's state in a type with a mutex, touched off the
// loop by the loop's own helper, which a retry timer calls too, and by a
// lease timer. The fields they write without the lock are confined one by
// one; the one written with it held is the lock's.
package retries

import (
	"sync"
	"time"
)

// Sender's loop tracks what each peer was sent; a retry timer calls the
// loop's own helper, and a lease timer steps the sender down. Its mutex
// guards only the peers' last contact.
type Sender struct {
	contactMu sync.Mutex
	contact   map[string]time.Time
	inflight  map[string]int // want `suggest for field inflight: //confined:owner: owner code \(\(\*retries\.Sender\)\.run\) and code off the owner \(\(\*retries\.Sender\)\.send\) write it without a lock; no code writes it with the lock of its Sender held`
	leader    bool           // want `suggest for field leader: //confined:owner: code off the owner \(\(\*retries\.Sender\)\.stepDown\) writes it without a lock and \(\*retries\.Sender\)\.run reads it, as the owner's inflight are`
	acks      chan string
}

func NewSender() *Sender { // want NewSender:`summary\(started result; starts a loop\)`
	s := &Sender{contact: map[string]time.Time{}, inflight: map[string]int{}, acks: make(chan string)}
	time.AfterFunc(time.Second, s.stepDown)
	go s.run()
	return s
}

func (s *Sender) run() { // want `suggest for \(\*retries\.Sender\)\.run: //confined:loop` run:`confined:loop`
	for peer := range s.acks {
		delete(s.inflight, peer)
		s.touched(peer)
		if s.leader {
			s.send(peer)
		}
	}
}

// send is the loop's, but a retry timer calls it too.
func (s *Sender) send(peer string) {
	if peer == "" {
		time.AfterFunc(time.Millisecond, func() { s.send(peer) })
		return
	}
	s.inflight[peer]++
}

// touched runs on the loop and on the retry timer, with the lock held.
func (s *Sender) touched(peer string) {
	s.contactMu.Lock()
	s.contact[peer] = time.Now()
	s.contactMu.Unlock()
}

func (s *Sender) stepDown() {
	s.leader = false
	s.touched("")
}
