// Package suggeststarted: a loop that sets values up and starts their own
// goroutines is not their owner.
package suggeststarted

import "fmt"

// A hub's loop takes each new connection it is handed, sets it up and
// starts its reader: what the loop writes before the go statement sets the
// value up for the reader, which owns it from then on, and what a
// goroutine the loop starts writes runs off the loop. Neither makes the
// loop the connection's owner.
type hub struct {
	accept chan string
	conns  map[string]*link
	meters map[string]*meter
	late   map[string]*lateLink
	log    *span
	seen   *mark
	fail   error
	env    *envelope
	stamp  *stamp
	req    *request
	res    *result
	router *router
	relay  *relay
	late2  *lateRouter
}

func newHub() *hub {
	h := &hub{accept: make(chan string), conns: map[string]*link{}, meters: map[string]*meter{}, late: map[string]*lateLink{}}
	go h.run()
	return h
}

func (h *hub) run() { // want `suggest for \(\*suggeststarted.hub\).run: //confined:loop` run:`confined:loop`
	for addr := range h.accept {
		h.conns[addr].start(addr)
		go h.meters[addr].measure()
		h.late[addr].begin(addr)
		h.log.end++
		h.seen.n++
		_ = wrap(h.fail, addr)
		_ = h.env.size()
		h.stamp.n++
		h.req.Seq++
		h.router.peers++
		h.relay.peers++
		h.late2.peers++
	}
	h.res.val = len(h.conns)
	close(h.res.done)
}

// Set up, then started: the reader only reads what start wrote.
type link struct {
	addr  string
	stopc chan struct{}
}

func (l *link) start(addr string) {
	l.addr = addr
	l.stopc = make(chan struct{})
	go l.read()
}

func (l *link) read() { println(l.addr, l.stopc) }

// Written only by the goroutine the loop starts.
type meter struct{ samples int }

func (m *meter) measure() { m.samples++ }

// Look-alike: the loop writes the address after starting the reader, which
// reads it: the loop's, and the reader races.
type lateLink struct { // want `suggest for suggeststarted.lateLink: //confined:owner: code on the owner \(\(\*suggeststarted.hub\).run\) writes its field addr without a lock`
	addr string
	// Set before each start and read by the reader: no :any, as the next
	// begin writes it again while the last reader may still read it.
	peer string
}

func (l *lateLink) begin(addr string) {
	l.peer = addr
	go l.read()
	l.addr = addr
}

func (l *lateLink) read() { println(l.addr, l.peer) }

// A router the constructor attaches to its hub, once: what attach sets up
// before it starts the router's goroutine is written before that runs, so
// the router's owner, the loop counting its peers, gets :any on it.
type router struct { // want `suggest for suggeststarted.router: //confined:owner: code on the owner \(\(\*suggeststarted.hub\).run\) writes its field peers without a lock`
	h     *hub // want `suggest for field h: //confined:any: only code building a router writes it, and \(\*suggeststarted.router\).gossip reads it off the owner`
	peers int
}

func newRoutedHub() *hub {
	h := newHub()
	h.router = &router{}
	h.router.attach(h)
	h.relay = &relay{}
	h.relay.attach(h)
	return h
}

func (r *router) attach(h *hub) {
	r.h = h
	go r.gossip()
}

func (r *router) gossip() { println(r.h) }

// Look-alike: a relay attached by the constructor and again by Reattach,
// while the last goroutine may still read h: no :any.
type relay struct { // want `suggest for suggeststarted.relay: //confined:owner: code on the owner \(\(\*suggeststarted.hub\).run\) writes its field peers without a lock`
	h     *hub
	peers int
}

func (r *relay) attach(h *hub) {
	r.h = h
	go r.gossip()
}

func (r *relay) Reattach(h *hub) { r.attach(h) } // want Reattach:"summary\\(started arg0\\)"

func (r *relay) gossip() { println(r.h) }

// Look-alike: the constructor starts the router's reader before it
// attaches the router once: the reader may read h while attach writes it,
// so no :any.
type lateRouter struct { // want `suggest for suggeststarted\.lateRouter: //confined:owner: code on the owner \(\(\*suggeststarted\.hub\)\.run\) writes its field peers without a lock, and no other code writes it but where a value is built`
	h     *hub
	peers int
}

func newLateHub() *hub {
	h := newHub()
	h.late2 = &lateRouter{}
	go h.late2.gossip()
	h.late2.attach(h)
	return h
}

func (r *lateRouter) attach(h *hub) {
	r.h = h
	go r.gossip()
}

func (r *lateRouter) gossip() { println(r.h) }

// An error the loop adds context to as it goes up: made for the call that
// failed, no one's state.
type parseError struct {
	ctx []string
}

func (e *parseError) Error() string { return e.ctx[0] }

func wrap(err error, ctx string) error {
	if pe, ok := err.(*parseError); ok {
		pe.ctx = append(pe.ctx, ctx)
	}
	return err
}

// The loop measures a message by encoding it: handing the address of a
// field to a function that takes any (an encoder, which reads it) is no
// evidence that the loop owns the message.
type envelope struct{ payload []byte }

func (e *envelope) size() int { return encodedLen(&e.payload) }

func encodedLen(v any) int { return len(fmt.Sprint(v)) }

// A result the loop hands back by closing done: whoever waits for done
// reads it after, as if it had been sent.
type result struct {
	val  int
	done chan struct{}
}

func (r *result) wait() int {
	<-r.done
	return r.val
}
