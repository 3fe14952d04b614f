// Package receivedok: suggeststarted/received's hub with its loop written
// as a comma-ok receive (c, ok := <-h.register) rather than a select: each
// client is still set up once, in the turn that receives it.
package receivedok

type client struct {
	id     string
	send   chan []byte
	onFail func()
}

func (c *client) pump() {
	for range c.send {
	}
	c.onFail()
}

type hub struct { // want `suggest for receivedok\.hub: //confined:owner: code on the owner \(\(\*receivedok\.hub\)\.run\) writes its field clients`
	register chan *client
	clients  map[string]*client
}

func (h *hub) run() { // want `suggest for \(\*receivedok.hub\).run: //confined:loop` run:`confined:loop`
	for {
		c, ok := <-h.register
		if !ok {
			return
		}
		h.clients[c.id] = c
		c.onFail = func() { h.drop(c) }
		go c.pump()
	}
}

func (h *hub) drop(c *client) { println(c.id) }

func newHub() *hub {
	h := &hub{register: make(chan *client), clients: map[string]*client{}}
	go h.run()
	return h
}
