// Package suggestreturned: a loop keeping sessions in its map, whose
// timers send a session back on the loop's own channel: the session
// returns to its owner, so sending it is no hand-over, and a timer
// writing it directly is a finding. Look-alike: requests a client builds
// and hands to the loop, which keeps none of them, are handed over.
package suggestreturned

import "time"

type session struct { // want `suggest for suggestreturned.session: //confined:owner`
	t      *tracker // want `suggest for field t: //confined:any: only code building a session writes it`
	status int
	grace  *time.Timer
}

// expire runs on the timer's goroutine.
func (s *session) expire() { s.status = 0 }

// expireLater hands the expiry back to the loop.
func (s *session) expireLater() { s.t.expired <- s }

type tracker struct { // want `suggest for suggestreturned.tracker: //confined:owner`
	leave    chan string
	expired  chan *session
	requests chan *request
	users    map[string]*session
	served   int
}

func newTracker() *tracker {
	t := &tracker{leave: make(chan string), expired: make(chan *session), requests: make(chan *request), users: map[string]*session{}}
	go t.run()
	return t
}

func (t *tracker) run() { // want `suggest for \(\*suggestreturned.tracker\).run: //confined:loop`
	for {
		select {
		case u := <-t.leave:
			s := t.users[u]
			if s == nil {
				s = &session{t: t}
				t.users[u] = s
			}
			s.status = 2
			s.grace = time.AfterFunc(time.Second, s.expire)
			time.AfterFunc(time.Second, s.expireLater)
		case s := <-t.expired:
			s.status, s.grace = 0, nil
		case r := <-t.requests:
			r.done = true
			t.served++
		}
	}
}

type request struct{ done bool }

func (t *tracker) ask() { t.requests <- &request{} }
