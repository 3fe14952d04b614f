package callbackfields

// An accept goroutine builds a connection: newConn hands c.newFC to
// newStreams, which stores closures calling it in a map, and stores a data
// callback calling them. Only the connection's loop ever calls those: the
// goroutine merely creates them, which runs nothing.

//confined:owner
type conn struct { // want conn:"confined:owner"
	n       int
	streams map[int]*stream
	onData  func(id int)
}

type stream struct{ fc func() }

func (c *conn) newFC() { c.n++ }

func newStreams(newFC func()) map[int]*stream {
	m := make(map[int]*stream)
	m[0] = &stream{fc: func() { newFC() }}
	return m
}

func newConn() *conn {
	c := &conn{}
	c.streams = newStreams(c.newFC)
	c.onData = func(id int) { c.streams[id].fc() }
	return c
}

//confined:loop
func (c *conn) loop() { // want loop:`confined:loop`
	for id := range 3 {
		c.onData(id)
	}
}

func accept() {
	go func() {
		c := newConn()
		go c.loop()
	}()
}

// Look-alike positive: a closure the goroutine creates and then calls runs
// off the owner.
type holder struct{ run func() }

func acceptCalls(s *state) {
	go func() {
		h := &holder{}
		h.run = func() { s.n++ } // want `writes confined callbackfields.state.n off the owner: this code runs via the func stored in field run \(func literal in func literal in callbackfields.acceptCalls at creates.go:\d+\), called off the owner by func literal in callbackfields.acceptCalls`
		h.run()
	}()
}
