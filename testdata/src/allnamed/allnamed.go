// Package allnamed: every loop of the program names its domain, so a plain
// //confined:owner belongs to an owner no loop runs: reported, with the
// name to write.
package allnamed

//confined:owner @pub
type router struct { // want router:"confined:owner@pub"
	peers map[string]int
	inbox chan func()
}

//confined:loop @pub
func (r *router) run() { // want run:`confined:loop@pub`
	for f := range r.inbox {
		f()
	}
}

//confined:owner @disc
type finder struct{ found int } // want finder:"confined:owner@disc"

//confined:loop @disc
func (f *finder) run(in chan int) { // want run:`confined:loop@disc`
	for n := range in {
		f.found += n
	}
}

// The trap: the user marks a field of the loop's type as the README shows.
type stats struct {
	//confined:owner
	sent int // want `//confined:owner on sent names no owner, but every loop of the program is named \(@disc, @pub\): no loop runs the default owner, so every touch of this state would be reported; write //confined:owner one of @disc, @pub` sent:`confined:owner`
}

// Look-alike: an owner-only method of a named owner runs on that owner.
//
//confined:owner
func (r *router) add(p string) { r.peers[p]++ }

// A plain owner type is reported the same way.
//
//confined:owner
type ledger struct{ n int } // want ledger:"confined:owner" `//confined:owner on ledger names no owner`

// The loops touch that state: the directive above is the one mistake, not
// a finding per touch.
func (r *router) tally(s *stats, l *ledger) {
	s.sent++
	l.n++
}

//confined:loop @pub
func (r *router) serve(s *stats, l *ledger) { // want serve:`confined:loop@pub`
	for f := range r.inbox {
		f()
		r.tally(s, l)
	}
}

// Code off every owner touching that state is still reported: there is no
// owner it could be on.
func (r *router) later(l *ledger) {
	go func() {
		l.n++ // want `writes confined allnamed.ledger.n off the owner`
	}()
}
