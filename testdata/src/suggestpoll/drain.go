package suggestpoll

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

// Nor does one taking what is there from a few channels, once each.
type resetter struct {
	a, b   chan bool
	resets int
}

func newResetter() *resetter {
	r := &resetter{a: make(chan bool, 1), b: make(chan bool, 1)}
	go r.reset()
	return r
}

func (r *resetter) reset() {
	r.resets++
	for _, ch := range []chan bool{r.a, r.b} {
		select {
		case <-ch:
		default:
		}
	}
}
