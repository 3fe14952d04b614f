// Package suggestfieldcalls: methods kept in func fields run where the
// fields are called. The store's expiry hook is called by a janitor
// goroutine, off the owner; its revoke hook inside a func the loop runs,
// on the owner. Neither is code that may run anywhere.
package suggestfieldcalls

type Store struct { // want `suggest for suggestfieldcalls.Store: //confined:owner: code on the owner \(func literal in \(\*suggestfieldcalls.Store\).Create\) writes its field sessions without a lock, and besides where a value is built only code off the owner does \(\(\*suggestfieldcalls.Store\).expire\)`
	ops      chan func()
	onExpire func(id string) // want `suggest for field onExpire: //confined:any: only code building a Store writes it`
	onRevoke func(id string)
	sessions map[string]int
	expired  int
	revoked  int
}

func newStore() *Store {
	s := &Store{ops: make(chan func()), sessions: map[string]int{}}
	s.onExpire = s.expire
	s.onRevoke = s.revoke
	go s.loop()
	return s
}

func (s *Store) loop() { // want `suggest for \(\*suggestfieldcalls.Store\).loop: //confined:loop` loop:`confined:loop`
	for op := range s.ops {
		op()
	}
}

func (s *Store) do(fn func()) { s.ops <- fn } // want `suggest for \(\*suggestfieldcalls.Store\).do: //confined:hop fn`

func (s *Store) Create(id string) { s.do(func() { s.sessions[id] = 1 }) }

func (s *Store) expire(id string) {
	delete(s.sessions, id)
	s.expired++
}

func (s *Store) revoke(id string) {
	delete(s.sessions, id)
	s.revoked++
}

func (s *Store) startJanitor(ids []string) {
	go func() {
		for _, id := range ids {
			s.onExpire(id)
		}
	}()
}

func (s *Store) listen(ch <-chan string) {
	go func() {
		for id := range ch {
			s.do(func() { s.onRevoke(id) })
		}
	}()
}
