package hopfix

// A statement that touches two owners' state gets no fix: hopping to
// either leaves the other's touch reported, now from that owner. Separate
// statements hop to their owners one by one.

//confined:owner @ledger
type Ledger struct { // want Ledger:"confined:owner@ledger"
	total int
	inbox chan func()
}

//confined:hop @ledger
func (l *Ledger) Post(f func()) { l.inbox <- f } // want Post:"confined:hop@ledger\\[1\\]" Post:"summary\\(hop arg1 @ledger\\)"

//confined:loop @ledger
func (l *Ledger) Loop() { // want Loop:"confined:loop@ledger"
	for f := range l.inbox {
		f()
	}
}

func settleBoth(s *Session, l *Ledger) {
	go func() {
		l.total += s.retries // want `writes @ledger state hopfix.Ledger.total off its owner: this code runs via a go statement \(twoowners.go:24\); fix: hop back to @ledger through \(\*hopfix.Ledger\).Post and touch the state there$`
	}()
	go func() {
		s.retries = 0 // want `writes confined hopfix.Session.retries off the owner.*through \(\*hopfix.Session\).Post`
		l.total = 0   // want `writes @ledger state hopfix.Ledger.total off its owner.*through \(\*hopfix.Ledger\).Post`
	}()
}
