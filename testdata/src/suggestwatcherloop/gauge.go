// Package suggestwatcherloop is suggestwatcher's look-alike: the package
// sends the goroutine its work, so it is the gauge's loop, and the getter
// reading beside it is what the check reports.
package suggestwatcherloop

type gauge struct { // want `suggest for suggestwatcherloop\.gauge: //confined:owner: code on the owner \(\(\*suggestwatcherloop\.gauge\)\.run\) writes its field v without a lock`
	updates chan int
	v       int
}

func newGauge() *gauge {
	g := &gauge{updates: make(chan int)}
	go g.run()
	return g
}

func (g *gauge) run() { // want `suggest for \(\*suggestwatcherloop\.gauge\)\.run: //confined:loop: a goroutine runs it` run:`confined:loop`
	for n := range g.updates {
		g.v = n
	}
}

func (g *gauge) Set(n int) { g.updates <- n }

func (g *gauge) Value() int { return g.v } // want `suggest for \(\*suggestwatcherloop\.gauge\)\.Value: //confined:offowner: clients call it while \(\*suggestwatcherloop\.gauge\)\.run runs \(\(\*suggestwatcherloop\.gauge\)\.Set, beside it, hands that loop its work on a channel\), the loop never does, and it touches v, which the loop uses, without asking the loop` Value:`reads suggestwatcherloop\.gauge\.v`
