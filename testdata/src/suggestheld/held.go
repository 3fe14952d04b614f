// Package suggestheld: a goroutine calls a method of the value it was
// handed with a value it fetched itself (r.apply(f.next())): what the
// method writes of the handed value counts, the fetched one is its own.
package suggestheld

// A goroutine fetches snapshots and applies them to the roster it was
// handed: the snapshot it fetched is its own, the roster the loop reads
// is shared.
type roster struct {
	version int // want `suggest for field version: //confined:owner: code off the owner \(suggestheld\.poll\) writes it without a lock, while code on the owner \(\(\*suggestheld\.client\)\.draw\) reads it`
	names   []string
}

type snapshot struct {
	version int
	names   []string
}

func (r *roster) apply(s snapshot) {
	r.version = s.version
	r.names = append(r.names[:0], s.names...)
}

type feed interface{ next() snapshot }

type client struct {
	roster *roster
	frames chan int
}

func newClient(f feed) *client {
	c := &client{roster: &roster{}, frames: make(chan int)}
	go c.draw()
	go poll(f, c.roster)
	return c
}

func (c *client) draw() { // want `suggest for \(\*suggestheld\.client\)\.draw: //confined:loop` draw:`confined:loop`
	for range c.frames {
		_ = c.roster.version
	}
}

func poll(f feed, r *roster) {
	for {
		r.apply(f.next())
	}
}
