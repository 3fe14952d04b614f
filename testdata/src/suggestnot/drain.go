package suggestnot

// A goroutine that drains a channel with a non-blocking select, in a loop
// that ends when it is empty, waits for no work: it is no owner's loop,
// though it writes its syncer's fields.
type syncer struct {
	wake    chan bool
	drained int
	rounds  int
}

func newSyncer() *syncer {
	s := &syncer{wake: make(chan bool, 4)}
	go s.sync()
	return s
}

func (s *syncer) sync() {
	s.rounds++
	for empty := false; !empty; {
		select {
		case <-s.wake:
			s.drained++
		default:
			empty = true
		}
	}
}

func (s *syncer) Poke() { s.wake <- true }
