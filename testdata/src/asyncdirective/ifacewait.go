package asyncdirective

// transport's handler setter is async. Whether its caller waits for the
// handler is read from the other calls on the interface value, some of
// which take no argument (t.addr()): hashicorp/raft's Transport.
type transport interface {
	//confined:async
	onMessage(h func())
	addr() string
}

func listen(t transport, s *state) {
	_ = t.addr()
	t.onMessage(func() {
		s.x++ // want `writes confined asyncdirective.state.x off the owner: this code runs via \(asyncdirective.transport\).onMessage`
	})
}
