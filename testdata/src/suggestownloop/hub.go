// Package suggestownloop: a type written by loops on several owners
// belongs to the one that is its own method (a hub's run); the client's
// pump that writes the hub's map touches another owner's state, which the
// check reports. Look-alike: a table two loops write, neither of them its
// own, gets no owner.
package suggestownloop

type Hub struct { // want `suggest for suggestownloop\.Hub: //confined:owner @hub: code on the owner \(\(\*suggestownloop\.Hub\)\.run\) writes its field clients without a lock on its own loop; code on another owner writes it too \(\(\*suggestownloop\.Client\)\.pump\), which the check reports, and no other code writes it but where a value is built`
	timer   *Timer
	clients map[*Client]bool
	join    chan *Client
	table   *Table // want `suggest for field table: //confined:any: only code building a Hub writes it, and \(\*suggestownloop\.Client\)\.pump reads it off the owner`
}

type Client struct { // want Client:`handed over`
	hub  *Hub
	send chan string
	seen int
}

type Table struct{ rows []string }

func NewHub() *Hub { // want NewHub:`summary\(started result; starts a loop\)`
	h := &Hub{clients: map[*Client]bool{}, join: make(chan *Client), table: &Table{}, timer: &Timer{}}
	go h.run()
	return h
}

func (h *Hub) run() { // want `suggest for \(\*suggestownloop\.Hub\)\.run: //confined:loop @hub: a goroutine runs it \(go statement in suggestownloop\.NewHub, hub\.go:25\) and it receives from a channel in a loop \(hub\.go:30\)` run:`confined:loop@hub`
	for c := range h.join {
		h.clients[c] = true
		h.table.rows = append(h.table.rows, "join")
		h.timer.label = "joined"
		h.timer.Start()
	}
}

// Serve registers c and starts its pump.
func (h *Hub) Serve(c *Client) { // want Serve:`summary\(started arg1; starts a loop\)`
	h.join <- c
	go c.pump()
}

func (c *Client) pump() { // want `suggest for \(\*suggestownloop\.Client\)\.pump: //confined:loop @client: a goroutine runs it \(go statement in \(\*suggestownloop\.Hub\)\.Serve, hub\.go:41\) and it receives from a channel in a loop \(hub\.go:45\)` pump:`confined:loop@client`
	for m := range c.send {
		c.seen++
		c.hub.table.rows = append(c.hub.table.rows, m)
		if m == "quit" {
			delete(c.hub.clients, c)
		}
	}
}

// Look-alike: a Timer's run starts again with each Start, on its
// receiver: it owns no more of the Timer than the hub's loop does.
type Timer struct {
	left  int
	label string
	ticks chan int
}

func (t *Timer) Start() { // want Start:`summary\(started arg0; starts a loop\)`
	t.ticks = make(chan int)
	go t.run()
}

func (t *Timer) run() { // want `suggest for \(\*suggestownloop\.Timer\)\.run: //confined:loop @timer: a goroutine runs it \(go statement in \(\*suggestownloop\.Timer\)\.Start, hub\.go:64\) and it receives from a channel in a loop \(hub\.go:68\)` run:`confined:loop@timer`
	for d := range t.ticks {
		t.left -= d
	}
}
