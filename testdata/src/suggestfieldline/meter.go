// Package suggestfieldline: a field proposed alone that is declared on one
// line with others ("sum, n int") gets a line of its own with the
// directive: on the shared line it would confine every name on it.
package suggestfieldline

// meter is a crawler's helper: the crawler's loop reads its sum, which the
// goroutines it starts add to; only they count n.
type meter struct {
	sum, n int // want `suggest for field sum: //confined:owner: code off the owner \(\(\*suggestfieldline\.meter\)\.observe\) writes it without a lock, while code on the owner \(func literal in \(\*suggestfieldline\.Crawler\)\.Sum\) reads it: it is that owner's, and the check reports the goroutines`
}

func (m *meter) observe(d int) {
	m.sum += d
	m.n++
}

type Crawler struct {
	inbox chan func()
	meter *meter
}

func NewCrawler() *Crawler { // want NewCrawler:`summary\(started result\)`
	c := &Crawler{inbox: make(chan func()), meter: &meter{}}
	go c.run()
	return c
}

func (c *Crawler) run() { // want `suggest for \(\*suggestfieldline\.Crawler\)\.run: //confined:loop: a goroutine runs it \(go statement in suggestfieldline\.NewCrawler, meter\.go:24\) and it receives from a channel in a loop \(meter\.go:29\)`
	for f := range c.inbox {
		f()
	}
}

func (c *Crawler) post(f func()) { c.inbox <- f } // want `suggest for \(\*suggestfieldline\.Crawler\)\.post: //confined:hop f: it sends f on inbox, which the loop \(\*suggestfieldline\.Crawler\)\.run calls`

// Measure times d on a goroutine of its own.
func (c *Crawler) Measure(d int) {
	c.post(func() { go c.meter.observe(d) })
}

// Sum is the loop's read of the sum.
func (c *Crawler) Sum(out chan<- int) {
	c.post(func() { out <- c.meter.sum })
}
