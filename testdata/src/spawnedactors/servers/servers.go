// Package servers: ergo's servers are actors of their own, each on its
// own process's mailbox, as their turns are handed the process (whose
// Call only its turns may make). A dispatcher's turn calling the ledger
// it keeps a pointer to writes the ledger's state off the ledger's
// mailbox. Look-alike: a price list that is no server, the dispatcher's
// own, whatever calls it.
package servers

import "github.com/ergo-services/ergo/gen"

type Ledger struct {
	gen.Server
	holds map[string]int
}

func (l *Ledger) HandleInfo(p *gen.ServerProcess, m any) { // want HandleInfo:`summary\(arg0 reads servers\.Ledger\.holds\)`
	_ = len(l.holds)
}

func (l *Ledger) Hold(account string, units int) { // want Hold:`summary\(arg0 writes servers\.Ledger\.holds\)`
	l.holds[account] += units // want `calls confined \(\*servers.Ledger\).Hold off the owner: this code runs via a turn of servers.Dispatcher, another actor`
}

type prices struct{ per map[string]int }

func (p *prices) set(job string, n int) { p.per[job] = n }

type Dispatcher struct {
	gen.Server
	Book   *Ledger
	prices *prices
	queued int
}

func (d *Dispatcher) HandleInfo(p *gen.ServerProcess, m any) { // want HandleInfo:`summary\(arg0 calls \(\*servers\.Dispatcher\)\.reserve\)`
	d.reserve("acct", 3)
}

func (d *Dispatcher) reserve(account string, units int) {
	d.queued++
	d.prices.set(account, units)
	d.Book.Hold(account, units)
}
