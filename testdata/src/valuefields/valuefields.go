// Package valuefields: a field holding a struct by value is written where
// its parts are
// (l.tape.count++): a read of the whole of it (t := l.tape), in a helper
// that off-owner code calls, is reported at its own line, the one the
// race detector names. Look-alike: a field only construction assigns
// joins that finding.
package valuefields

//confined:owner
type tapeLedger struct { // want tapeLedger:"confined:owner"
	tape  tapeTally
	limit int
}

type tapeTally struct{ count, volume int }

//confined:loop
func (l *tapeLedger) run(ch chan int) { // want run:"confined:loop"
	for n := range ch {
		l.tape.count++
		l.tape.volume += n
	}
}

func (l *tapeLedger) quote() (tapeTally, int) {
	t := l.tape // want `calls confined \(\*valuefields.tapeLedger\).quote off the owner: this code runs via a go statement \(valuefields.go:\d+\); inside, it reads valuefields.tapeLedger.tape`
	return t, l.limit
}

func (l *tapeLedger) watch() {
	go func() {
		_, _ = l.quote()
	}()
}
