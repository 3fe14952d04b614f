package nodomains

// A loop that keeps what it receives (a hub registering subscriptions)
// owns a value from the moment it is sent, in a program that names no
// domain too: code no loop runs that sends a subscription and then reads
// its counters races with the loop's writes, even when the send is in a
// helper, a select's case, or the touch follows a deferred removal.
// Look-alikes: touches before the send, a request the loop answers and
// does not keep, and a send from code the loop itself runs.

//confined:owner
type sub struct { // want sub:"confined:owner"
	delivered int
	ch        chan string
}

//confined:owner
type hub struct { // want hub:"confined:owner"
	subs     map[*sub]bool
	register chan *sub
	drop     chan *sub
	ask      chan *query
	retry    chan *sub
}

//confined:owner
type query struct { // want query:"confined:owner"
	n    int
	done chan struct{}
}

//confined:loop
func (h *hub) run() { // want run:`confined:loop`
	for {
		select {
		case s := <-h.register:
			h.subs[s] = true
		case s := <-h.drop:
			delete(h.subs, s)
		case q := <-h.ask:
			q.n = len(h.subs)
			close(q.done)
		case s := <-h.retry:
			h.subs[s] = true
			h.requeue(s)
		}
		for s := range h.subs {
			s.delivered++
			s.ch <- "tick"
		}
	}
}

func (h *hub) add(s *sub) {
	select {
	case h.register <- s:
	default:
	}
}

func (h *hub) remove(s *sub) { h.drop <- s }

func serve(h *hub) int {
	s := &sub{ch: make(chan string, 1)}
	s.delivered = 0
	h.add(s)
	defer h.remove(s)
	<-s.ch
	return s.delivered // want `reads nodomains\.sub\.delivered after sending \*nodomains\.sub to the default owner \(registered\.go:66\): once sent, it is the default owner's;`
}

func serveSelect(h *hub) int {
	s := &sub{ch: make(chan string, 1)}
	select {
	case h.register <- s:
	case <-s.ch:
	}
	return s.delivered // want `reads nodomains\.sub\.delivered after sending \*nodomains\.sub to the default owner \(registered\.go:74\): once sent, it is the default owner's;`
}

func count(h *hub) int {
	q := &query{done: make(chan struct{})}
	h.ask <- q
	<-q.done
	return q.n
}

func (h *hub) requeue(s *sub) {
	h.retry <- s
	s.delivered = 0
}

// Look-alikes: a select whose send case was not taken sent nothing, so
// what its other cases do to the value is the sender's (a loop retrying
// until the send goes through, a quit case).
func serveOrQuit(h *hub, quit chan struct{}) {
	s := &sub{ch: make(chan string, 1)}
	select {
	case h.register <- s:
	case <-quit:
		s.delivered = -1
	}
}

func serveRetrying(h *hub) {
	s := &sub{ch: make(chan string, 1)}
	for {
		select {
		case <-s.ch:
			s.delivered++
		case h.register <- s:
			return
		}
	}
}
