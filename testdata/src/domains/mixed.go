package domains

// Ledger belongs to the default owner, next to the named ones.
//
//confined:owner
type Ledger struct { // want Ledger:"confined:owner"
	total   int
	auditor *Auditor
	work    chan func()
}

// serve is the default owner's loop.
//
//confined:loop
func (l *Ledger) serve() { // want serve:`confined:loop`
	for f := range l.work {
		f()
		l.total++             // its own: fine
		l.auditor.seen++      // want `writes @audit state domains.Auditor.seen from the default owner's loop \(mixed.go:\d+\)`
		l.auditor.post(l.sum) // a hop to @audit: the method value runs there
	}
}

// sum runs on @audit when serve posts it.
func (l *Ledger) sum() {}

// tally runs on @audit and writes the default owner's ledger.
//
//confined:owner @audit
func tally(l *Ledger) {
	l.total++ // want `writes default-owner state domains.Ledger.total from domains.tally, which runs on @audit`
}

// count hands the ledger's work to @audit by a method value: that is found
// at the hop.
func (l *Ledger) count(a *Auditor) {
	a.post(l.bump)
}

func (l *Ledger) bump() { l.total++ } // want `calls \(\*domains.Ledger\).bump on default-owner state from code that \(\*domains.Auditor\).post runs on @audit \(mixed.go:\d+\); inside, it writes domains.Ledger.total; fix: hand the work to the default owner`
