package app // want package:"declares: loop turnsdeclared/framework.Receiver.Receive"

// Package app declares the framework's turn in its own source: a
// declaration wins over what the checker infers from the framework's code,
// so Receive runs on the owner, and the same lines are reported as when
// the framework itself says so (testdata/src/turns).

import (
	"sync"
	"time"

	"turnsdeclared/framework"
)

//confined:declare loop turnsdeclared/framework.Receiver.Receive

type counter struct{ n int }

func (c *counter) Receive(msg any) { // want Receive:`summary\(arg0 writes app\.counter\.n; started arg0\)`
	c.n++ // in a turn: on the owner
	time.AfterFunc(time.Second, func() {
		c.n++ // want `writes confined app.counter.n off the owner`
	})
}

func start(e *framework.Engine) { e.Spawn(&counter{}) }

// A turn's type keeps members free like any confined type: the lock and
// what it guards.
type guarded struct {
	//confined:any
	mu sync.Mutex
	//confined:any
	hits int // under mu
	n    int
}

func (g *guarded) Receive(msg any) { // want Receive:`summary\(arg0 writes app\.guarded\.n; started arg0\)`
	g.n++
	go func() {
		g.mu.Lock()
		g.hits++
		g.mu.Unlock()
	}()
}

// The same members declared free, as a pack or confinecheck.conf would:
// a declaration means what the directive does.
//
//confined:declare any turnsdeclared/app.declaredFree.mu
//confined:declare any turnsdeclared/app.declaredFree.hits

type declaredFree struct {
	mu   sync.Mutex
	hits int // under mu
	n    int
}

func (g *declaredFree) Receive(msg any) { // want Receive:`summary\(arg0 writes app\.declaredFree\.n; started arg0\)`
	g.n++
	go func() {
		g.mu.Lock()
		g.hits++
		g.mu.Unlock()
	}()
}

// Look-alike: declared free on a type nothing confines.
// want +1 `//confined:declare any on a field of app.unconfined, which is not confined`
//confined:declare any turnsdeclared/app.unconfined.hits

type unconfined struct{ hits int }
