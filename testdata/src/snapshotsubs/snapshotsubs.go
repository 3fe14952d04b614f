// Package snapshotsubs: a notifier that copies its subscriber list under
// its lock and calls the copy on a goroutine of its own, whose literal
// captures it, runs its subscribers off the owner: a subscriber writing
// the owner's state is reported. Look-alike: a subscriber writing a
// value of its own.
package snapshotsubs

import "sync"

type Strap struct {
	mu   sync.Mutex
	subs []func(int)
}

func (s *Strap) Subscribe(fn func(int)) { // want Subscribe:`summary\(async arg1\)`
	s.mu.Lock()
	defer s.mu.Unlock()
	s.subs = append(s.subs, fn)
}

func (s *Strap) Connect() { // want Connect:`summary\(async arg0\)`
	s.mu.Lock()
	subs := append([]func(int){}, s.subs...)
	s.mu.Unlock()
	go func() {
		for _, fn := range subs {
			fn(1)
		}
	}()
}

//confined:owner
type trip struct{ beats int } // want trip:`confined:owner`

func (t *trip) attach(s *Strap) {
	s.Subscribe(func(bpm int) {
		t.beats += bpm // want `writes confined snapshotsubs\.trip\.beats off the owner: this code runs via \(\*snapshotsubs\.Strap\)\.Subscribe`
	})
	own := &trip{}
	s.Subscribe(func(bpm int) { own.beats += bpm })
}
