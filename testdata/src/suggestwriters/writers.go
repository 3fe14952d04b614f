// Package suggestwriters: a type the loop writes is proposed as owned even
// when code that may run anywhere (an exported method) writes it too, as
// long as the loop is its main writer; the check then reports the other
// writers that run off the owner.
package suggestwriters

import "time"

type hub struct {
	mailbox chan func()
}

func newHub() *hub {
	h := &hub{mailbox: make(chan func())}
	go h.run()
	return h
}

func (h *hub) run() { // want `suggest for \(\*suggestwriters.hub\).run: //confined:loop: a goroutine runs it` run:`confined:loop`
	for f := range h.mailbox {
		f()
	}
}

func (h *hub) post(f func()) { h.mailbox <- f } // want `suggest for \(\*suggestwriters.hub\).post: //confined:hop f: it sends f on mailbox`

// Stats: the loop writes hits, and so do Reset, which a timer calls, and
// Zero, which may be called from anywhere.
type Stats struct { // want `suggest for suggestwriters.Stats: //confined:owner: code on the owner \(func literal in \(\*suggestwriters.hub\).hit\) writes its field hits without a lock; code that may run anywhere writes one of its fields too \(\(\*suggestwriters.Stats\).Zero, \(\*suggestwriters.Stats\).Reset\), which the check reports where it runs off the owner`
	hits map[string]int
}

func (h *hub) hit(st *Stats, k string) { h.post(func() { st.hits[k]++ }) }

func (st *Stats) Reset() { st.hits = map[string]int{} } // want Reset:"writes suggestwriters.Stats.hits"

func (st *Stats) Zero() { clear(st.hits) } // want Zero:"writes suggestwriters.Stats.hits"

// A reset on a timer is the race the check will report.
func (st *Stats) resetLater() { time.AfterFunc(time.Second, st.Reset) }

// Config: the loop writes one field, other code two: the loop is not its
// main writer.
type Config struct {
	a, b, c int
}

func (h *hub) bumpA(c *Config) { h.post(func() { c.a++ }) }

func (c *Config) SetB(v int) { c.b = v } // want SetB:"writes suggestwriters.Config.b"

func (c *Config) SetC(v int) { c.c = v } // want SetC:"writes suggestwriters.Config.c"
