// Package anywhere: a look-alike of suggestfieldcalls. A hook an exported method calls runs wherever its caller
// does: code that may run anywhere writes the ledger as much as its loop.
package anywhere

type Ledger struct {
	in      chan int
	onClose func()
	total   int
	closed  int
}

func newLedger() *Ledger {
	l := &Ledger{in: make(chan int)}
	l.onClose = l.close
	go l.run()
	return l
}

func (l *Ledger) run() { // want `suggest for \(\*anywhere.Ledger\).run: //confined:loop` run:`confined:loop`
	for n := range l.in {
		l.total += n
	}
}

func (l *Ledger) close() {
	l.closed++
	l.total = 0
}

func (l *Ledger) Close() { l.onClose() } // want Close:`summary` Close:`reads suggestfieldcalls/anywhere\.Ledger\.onClose`
