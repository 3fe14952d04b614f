// Package received: a loop that sets up each value a message hands it,
// then starts that value's goroutine, writes it before the start in the
// same turn only; the next turn sets up another value. The loop keeps the
// values, but that makes it no owner of what it set up.
package received

type client struct {
	id     string
	send   chan []byte
	onFail func()
	onSlow func()
}

func (c *client) pump() {
	for range c.send {
		c.onSlow()
	}
	c.onFail()
}

type hub struct { // want `suggest for received\.hub: //confined:owner: code on the owner \(\(\*received\.hub\)\.run\) writes its field clients without a lock`
	register chan *client
	restart  chan string
	quit     chan struct{}
	clients  map[string]*client
	peers    map[string]*peer
}

func (h *hub) run() { // want `suggest for \(\*received.hub\).run: //confined:loop` run:`confined:loop`
	for {
		select {
		case c := <-h.register:
			h.clients[c.id] = c
			c.onFail = func() { h.drop(c) }
			c.onSlow = func() {}
			go c.pump()
		case id := <-h.restart:
			// Look-alike: a peer the loop already holds is set up
			// again while its last goroutine may still read.
			p := h.peers[id]
			p.onFail = func() {}
			go p.pump()
		case <-h.quit:
			return
		}
	}
}

func (h *hub) drop(c *client) { println(c.id) }

func newHub() *hub {
	h := &hub{register: make(chan *client), restart: make(chan string), quit: make(chan struct{}), clients: map[string]*client{}, peers: map[string]*peer{}}
	go h.run()
	return h
}

type peer struct { // want `suggest for received\.peer: //confined:owner: code on the owner \(\(\*received\.hub\)\.run\) writes its field onFail without a lock`
	send   chan []byte
	onFail func()
}

func (p *peer) pump() {
	for range p.send {
	}
	p.onFail()
}
