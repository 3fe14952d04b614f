// Package suggestturns: a type confined by the turn it implements keeps
// its set-up and locked members free, as one marked owner does: -suggest
// proposes them :any, so that the goroutines a turn starts may read them.
package suggestturns

import "sync"

// A Receiver handles one message at a time, on its owner.
type Receiver interface {
	//confined:loop
	Receive(msg any) // want Receive:`summary\(arg0 calls \(\*suggestturns\.actor\)\.Receive if arg0 is suggestturns\.actor; arg0 calls \(\*suggestturns\.crawler\)\.Receive if arg0 is suggestturns\.crawler; started arg0\)` Receive:`confined:loop`
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

func (a *actor) Receive(msg any) { // want Receive:`summary\(arg0 writes suggestturns\.actor\.n; started arg0\)`
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

// A turn's helper, kept in a field of a type with a mutex that guards
// something else: built with the value, not kept in a locked store. A
// goroutine the turn starts writes it while later turns read it.
type meter struct{ sum int } // want `suggest for suggestturns\.meter: //confined:owner: code off the owner \(\(\*suggestturns\.meter\)\.observe\) touches its field sum without a lock, while code on the owner \(\(\*suggestturns\.crawler\)\.Receive\) reads it: it is that owner's, and the check reports the goroutines`

func (m *meter) observe(d int) { m.sum += d }

type crawler struct {
	meter *meter
	mu    sync.Mutex // guards marks only
	marks int
	out   chan int
}

func newCrawler() Receiver { return &crawler{meter: &meter{}, out: make(chan int, 1)} }

func (a *crawler) Receive(msg any) { // want Receive:`summary\(arg0 reads suggestturns\.crawler\.meter; started arg0\)`
	switch m := msg.(type) {
	case int:
		go a.meter.observe(m)
	case string:
		a.out <- a.meter.sum
	}
}
