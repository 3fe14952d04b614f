// Package ifaceflow: a call through an interface stands for the
// implementations whose values reach it. A supervisor is either an actor
// (confined: its children belong to its loop) or the guardian (not
// confined); a strategy restarts a supervisor's children through the
// Supervisor interface.
package ifaceflow

import (
	"sync"
	"time"
)

type Supervisor interface {
	Children() []int    // want Children:`summary\(arg0 calls \(\*ifaceflow.actor\).Children if arg0 is ifaceflow.actor; result 0 carries ifaceflow.actor.children\)` Children:`entry point, called off the owner by \(\*ifaceflow.guardian\).retryNow`
	Restart(ids ...int) // want Restart:`entry point, called off the owner by \(ifaceflow.oneForOne\).HandleFailure` Restart:`summary\(off by code that a send on mailbox runs on the default owner: reads the entries of arg1\)`
}

//confined:owner
type actor struct { // want actor:"confined:owner"
	children []int
	mailbox  chan func()
}

func (a *actor) Children() []int { return a.children } // want Children:`summary\(arg0 reads ifaceflow.actor.children` `calls confined \(\*ifaceflow\.actor\)\.Children off the owner: this code runs via time\.AfterFunc \(strategy\.go:37\)` `calls confined \(\*ifaceflow\.actor\)\.Children off the owner: this code runs via time\.AfterFunc \(ifaceflow\.go:72\)` `calls confined \(\*ifaceflow\.actor\)\.Children off the owner: this code runs via a go statement \(ifaceflow\.go:83\)` `calls confined \(\*ifaceflow\.actor\)\.Children off the owner: this code runs via time\.AfterFunc \(ifaceflow\.go:89\)` `calls confined \(\*ifaceflow\.actor\)\.Children off the owner: this code runs via time\.AfterFunc \(ifaceflow\.go:112\)` `calls confined \(\*ifaceflow\.actor\)\.Children off the owner: this code runs via time\.AfterFunc \(ifaceflow\.go:125\)`

// Restart only posts to the mailbox: safe from anywhere.
func (a *actor) Restart(ids ...int) { // want Restart:`summary\(off by code that a send on mailbox runs on the default owner: reads the entries of arg1\)`
	a.mailbox <- func() { a.children = append(a.children[:0], ids...) }
}

//confined:loop
func (a *actor) run() { // want run:`confined:loop`
	for f := range a.mailbox {
		f()
	}
}

type guardian struct {
	mu   sync.Mutex
	kids []int
}

func (g *guardian) Children() []int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]int(nil), g.kids...)
}

func (g *guardian) Restart(ids ...int) {}

// restartAll reads the children through the interface: what it touches
// depends on the supervisor it is given.
func restartAll(s Supervisor) {
	s.Restart(s.Children()...)
}

// The guardian's retries run on a timer and only ever pass the guardian:
// the actor's Children cannot be reached.
func (g *guardian) retryLater() {
	time.AfterFunc(time.Second, func() { restartAll(g) })
}

// The same through a local interface variable, and a go statement.
func (g *guardian) retryNow() {
	var s Supervisor = g
	go restartAll(s)
	go func() { _ = s.Children() }()
}

// Look-alike positive: the actor's retries pass the actor itself.
func (a *actor) retryLater() {
	time.AfterFunc(time.Second, func() {
		restartAll(a)
	})
}

// Look-alike positive: either may flow here.
func retryEither(a *actor, g *guardian, useActor bool) {
	var s Supervisor = g
	if useActor {
		s = a
	}
	go restartAll(s)
}

// Look-alike positive: nothing tells what s holds, so it stands for every
// implementation.
func retryAny(s Supervisor) {
	time.AfterFunc(time.Second, func() {
		restartAll(s)
	})
}

// A supervisor held in an unexported field: what the package stores there
// tells what it holds.
type watcher struct {
	sup Supervisor
}

func newWatcher(g *guardian) *watcher { return &watcher{sup: g} }

func (w *watcher) watchLater() {
	time.AfterFunc(time.Second, func() { restartAll(w.sup) })
}

// Look-alike positive: an exported field, which other packages may set.
type Watcher struct {
	Sup Supervisor
}

func (w *Watcher) watchLater() {
	time.AfterFunc(time.Second, func() {
		restartAll(w.Sup)
	})
}

// Look-alike positive: the package stores an actor in the field too.
type pair struct {
	sup Supervisor
}

func newPairs(a *actor, g *guardian) []*pair { return []*pair{{sup: g}, {sup: a}} }

func (p *pair) later() {
	time.AfterFunc(time.Second, func() {
		restartAll(p.sup)
	})
}

// The same through a value receiver, which selects the field of a copy.
type valueWatcher struct {
	sup Supervisor
}

func newValueWatcher(g *guardian) valueWatcher { return valueWatcher{sup: g} }

func (w valueWatcher) watchNow() {
	go restartAll(w.sup)
}
