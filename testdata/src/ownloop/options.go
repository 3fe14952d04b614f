package ownloop

// A value registering its own method with the loop it builds and keeps,
// through an option of the loop's constructor (l.loop = NewLoop(Every(
// l.sweep))): the loop runs it for that value. Look-alike: an option
// handing the loop a method of another value.

// An Option configures a loop.
type Option func(*Loop)

// Every registers fn to run on every tick.
//
//confined:async fn
func Every(fn func()) Option { // want Every:`confined:async\[0\]` Every:`summary\(stores arg0 in ownloop\.Loop\.UF1\)`
	return func(l *Loop) { l.tickers = append(l.tickers, fn) }
}

// NewLoop builds a loop with opts.
func NewLoop(opts ...Option) *Loop { // want NewLoop:`summary\(invokes arg0; started result; starts a loop; reads the entries of arg0\)`
	l := &Loop{ops: make(chan func())}
	for _, o := range opts {
		o(l)
	}
	go l.run()
	return l
}

//confined:owner
type Ledger struct { // want Ledger:`confined:owner`
	loop  *Loop
	dues  int
	other *watcher
}

func NewLedger(w *watcher) *Ledger { // want NewLedger:`summary\(started arg0; started result 0 field loop; started result 0 field other; starts a loop\)`
	l := &Ledger{other: w}
	l.loop = NewLoop(Every(l.sweep), Every(w.reset))
	return l
}

func (l *Ledger) sweep() { l.dues = 0 }

func (w *watcher) reset() { w.hits = 0 } // want `calls confined \(\*ownloop\.watcher\)\.reset off the owner: this code runs via ownloop\.Every`
