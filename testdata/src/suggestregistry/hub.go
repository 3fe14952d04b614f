// Package suggestregistry: a loop that keeps what it receives (a hub's
// registry of its clients, a list of connections) owns those values: what
// it writes of them is evidence of an owner, and a client's own goroutine
// renaming it is a touch the check reports. Look-alike: a request the
// loop fills in and sends back is handled, not kept, and gets no owner.
package suggestregistry

type Hub struct { // want `suggest for suggestregistry\.Hub: //confined:owner: code on the owner \(\(\*suggestregistry\.Hub\)\.run\) writes 3 of its fields \(clients, conns, handled\) without a lock, and no other code writes it but where a value is built`
	clients  map[*Client]bool
	register chan *Client
	joins    chan join
	conns    []*Conn
	accept   chan *Conn
	jobs     chan *Job
	handled  int
}

type Client struct { // want `suggest for suggestregistry\.Client: //confined:owner: code on the owner \(\(\*suggestregistry\.Hub\)\.run\) writes its field room without a lock, and besides where a value is built only code off the owner does \(\(\*suggestregistry\.Client\)\.read\), which the check then reports`
	hub  *Hub // want `suggest for field hub: //confined:any: only code building a Client writes it, and \(\*suggestregistry\.Client\)\.read reads it off the owner`
	name string
	room string
}

type join struct {
	c    *Client
	room string
}

type Conn struct { // want `suggest for suggestregistry\.Conn: //confined:owner: code on the owner \(\(\*suggestregistry\.Hub\)\.run\) writes its field state without a lock, and besides where a value is built only code off the owner does \(\(\*suggestregistry\.Conn\)\.watch\), which the check then reports`
	hub   *Hub
	state string
}

type Job struct {
	result string
	reply  chan *Job
}

func NewHub() *Hub { // want NewHub:`summary\(started result; starts a loop\)`
	h := &Hub{clients: map[*Client]bool{}, register: make(chan *Client), joins: make(chan join), accept: make(chan *Conn), jobs: make(chan *Job)}
	go h.run()
	return h
}

func (h *Hub) run() { // want `suggest for \(\*suggestregistry\.Hub\)\.run: //confined:loop: a goroutine runs it \(go statement in suggestregistry\.NewHub, hub\.go:41\) and it receives from a channel in a loop \(hub\.go:47\)` run:`confined:loop`
	for {
		select {
		case c := <-h.register:
			h.clients[c] = true
			c.room = "lobby"
		case j := <-h.joins:
			if h.clients[j.c] {
				j.c.room = j.room
			}
		case cn := <-h.accept:
			h.conns = append(h.conns, cn)
			cn.state = "open"
		case jb := <-h.jobs:
			jb.result = "done"
			h.handled++
			jb.reply <- jb
		}
	}
}

// Serve registers a client and starts its reader.
func (h *Hub) Serve(name string) *Client { // want Serve:`summary\(started result\)`
	c := &Client{hub: h, name: name}
	h.register <- c
	go c.read()
	return c
}

func (c *Client) read() {
	c.name = "renamed"
	c.hub.joins <- join{c, "blue"}
}

// Accept keeps a connection and starts its watcher.
func (h *Hub) Accept() {
	cn := &Conn{hub: h}
	h.accept <- cn
	go cn.watch()
}

func (cn *Conn) watch() { cn.state = "closed" }

// Do hands jb to the loop and waits for it back.
func (h *Hub) Do(jb *Job) string { // want Do:`summary\(\)`
	h.jobs <- jb
	jb = <-jb.reply
	return jb.result
}

// Later fills jb in on a goroutine of its own, then has the loop do it.
func (h *Hub) Later(jb *Job) { // want Later:`summary\(started arg0 arg1\)`
	go func() {
		jb.result = "queued"
		h.Do(jb)
	}()
}
