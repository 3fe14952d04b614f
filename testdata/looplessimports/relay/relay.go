// Package relay: the look-alike, a loop that reads base's table and adds
// to a gauge that guards itself. Nothing it calls is another package's
// unguarded state, so it is named, as any loop beside an imported one.
package relay

import (
	"example.com/looplessimports/base"
	"example.com/looplessimports/quota"
)

type Relay struct {
	in    chan int
	t     *base.Table
	g     *quota.Gauge
	total int
}

func (r *Relay) run() {
	for n := range r.in {
		r.total += n + r.t.Rows()["relay"]
		r.g.Add(r.total)
	}
}

func Start(t *base.Table, g *quota.Gauge) *Relay {
	r := &Relay{in: make(chan int), t: t, g: g}
	go r.run()
	return r
}
