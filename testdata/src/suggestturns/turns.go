// Package suggestturns: a type confined by the turn it implements keeps
// its set-up and locked members free, as one marked owner does: -suggest
// proposes them :any, so that the goroutines a turn starts may read them.
package suggestturns

import "sync"

// A Receiver handles one message at a time, on its owner.
type Receiver interface {
	//confined:loop
	Receive(msg any) // want Receive:`summary\(arg0 calls \(\*suggestturns\.actor\)\.Receive if arg0 is suggestturns\.actor; arg0 calls \(\*suggestturns\.warmer\)\.Receive if arg0 is suggestturns\.warmer; started arg0\)` Receive:`confined:loop`
}

type actor struct {
	mu   sync.Mutex
	hits int // under mu // want `suggest for field hits: //confined:any: code writes it only with a lock held, and func literal in \(\*suggestturns\.actor\)\.Receive reads it off the owner`
	seen int // under mu, set by the goroutine // want `suggest for field seen: //confined:any: code writes it only with a lock held, and func literal in \(\*suggestturns\.actor\)\.Receive writes it off the owner, with the lock held`
	last int // set under mu, but read without it: no :any
	name string // want `suggest for field name: //confined:any: only code building a actor writes it, and func literal in \(\*suggestturns\.actor\)\.Receive reads it off the owner`
	n    int
}

func newActor(name string) Receiver { return &actor{name: name} }

func (a *actor) Receive(msg any) { // want Receive:`summary\(arg0 writes suggestturns\.actor\.n; started arg0\)` Receive:`reads suggestturns\.actor\.last, suggestturns\.actor\.n`
	a.n++
	println(a.last)
	go func() {
		a.mu.Lock()
		a.hits++
		a.seen = a.n
		a.last = a.n
		a.mu.Unlock()
		println(a.name)
	}()
}
