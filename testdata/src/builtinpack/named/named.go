package named // want `explain: the built-in pack hollywood applies \(\d+ declarations, checked against github.com/anthdm/hollywood v1.0.5\)`

// Package named has a loop of its own, named @feed, beside the actor the
// built-in pack makes a turn of the default owner: a plain
// //confined:owner belongs to that actor, and is no mistake (allnamed is
// the look-alike without a pack).

import "github.com/anthdm/hollywood/actor"

//confined:owner
type ledger struct{ n int } // want ledger:"confined:owner" `explain: named.ledger is confined:owner, by its doc comment`

type counter struct{ l *ledger }

func (c *counter) Receive(ctx *actor.Context) { // want Receive:`summary\(arg0 writes named\.ledger\.n\)`
	c.l.n++
}

//confined:owner @feed
type feed struct{ seen int } // want feed:"confined:owner@feed" `explain: named.feed is confined:owner@feed, by its doc comment`

//confined:loop @feed
func (f *feed) run(in chan int) { // want `explain: \(\*named.feed\).run is confined:loop@feed, by its doc comment` run:`confined:loop@feed`
	for n := range in {
		f.seen += n
	}
}
