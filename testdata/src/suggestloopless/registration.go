package suggestloopless

// A client whose requests run on goroutines of their own and report
// through the callback its caller registered: registering stores the
// func it is handed, before the requests that call it, and is no state
// changing beside them. Look-alike: a setter of a plain value the
// requests read races with them (a limit a caller changes while requests
// run).
type requester struct {
	onDone func(int)
	limit  int
}

func (r *requester) Subscribe(cb func(int)) { // want `suggest for \(\*suggestloopless.requester\).Subscribe: //confined:async cb` Subscribe:`summary\(invokes arg1; async arg1\)` Subscribe:`writes suggestloopless\.requester\.onDone`
	r.onDone = cb
	log(func() { cb(-1) })
}

// log runs f now: a closure capturing the callback, as a parameter a
// variable holds.
func log(f func()) { f() }

func (r *requester) Send(n int) { // want Send:`summary\(async arg0; started arg0\)`
	go func() {
		r.onDone(n)
	}()
}

type limited struct { // want `suggest for suggestloopless\.limited: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.limited\)\.Send\) touches its field limit without a lock`
	limit int
}

func (l *limited) SetLimit(n int) { l.limit = n } // want SetLimit:`writes suggestloopless\.limited\.limit`

func (l *limited) Send(n int) { // want Send:`summary\(started arg0\)`
	go func() {
		println(n < l.limit)
	}()
}
