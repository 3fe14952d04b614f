// Package suggestcallbacks: a connection's read loop calls the callback
// registered with it for every message, on the loop's goroutine. The
// registration is async (the callback runs off its registrant's owner),
// not a hop; what the loop is handed to run in an envelope is a hop. Dial
// returns the loop running, so a registration comes while it runs: it is
// a client's call off the owner too.
package suggestcallbacks

type Conn struct { // want `suggest for suggestcallbacks.Conn: //confined:owner: code on the owner \(\(\*suggestcallbacks.Conn\).readLoop\) writes its field msgs without a lock; code that may run anywhere writes one of its fields too \(\(\*suggestcallbacks.Conn\).OnMessage\)`
	onMessage func(string)
	in        chan string
	jobs      chan job
	msgs      int
}

type job struct{ run func() }

func Dial() *Conn { // want Dial:"summary\\(started result; starts a loop\\)"
	c := &Conn{in: make(chan string), jobs: make(chan job)}
	go c.readLoop()
	return c
}

func (c *Conn) OnMessage(f func(string)) { c.onMessage = f } // want `suggest for \(\*suggestcallbacks.Conn\).OnMessage: //confined:async f: it keeps f in the field onMessage, whose funcs \(\*suggestcallbacks.Conn\).readLoop calls on its own goroutine; //confined:offowner: clients call it while \(\*suggestcallbacks.Conn\).readLoop runs` OnMessage:"writes suggestcallbacks.Conn.onMessage" OnMessage:"confined:async\\[1\\]" OnMessage:`summary\(stores arg1 in suggestcallbacks\.Conn\.UF0\)`

// Do hands f to the loop in an envelope: it runs there, on the owner.
func (c *Conn) Do(f func()) { c.jobs <- job{run: f} } // want `suggest for \(\*suggestcallbacks.Conn\).Do: //confined:hop f: it stores f in the field run, which the loop \(\*suggestcallbacks.Conn\).readLoop calls` Do:"summary\\(\\)" Do:"confined:hop\\[1\\]"

func (c *Conn) readLoop() { // want `suggest for \(\*suggestcallbacks.Conn\).readLoop: //confined:loop` readLoop:`confined:loop`
	for {
		select {
		case m := <-c.in:
			c.msgs++
			if c.onMessage != nil {
				c.onMessage(m)
			}
		case j := <-c.jobs:
			j.run()
		}
	}
}
