// Package entrysets: off-owner code writing the entries of a confined
// set through the set's method. With the method in another package the
// finding is at the call, in the code that runs off the owner: the
// library's line is no one's to fix here. With the method in this
// package, it is at the method's line, which the race detector names.
package entrysets

import (
	"time"

	"entrysets/sets"
)

//confined:owner
type lobby struct { // want lobby:"confined:owner"
	gone  sets.Set[string]
	names names
	rates table
	ops   chan func()
}

// A lookup table's method reading its entries: a read races only with a
// write, which no code makes of them.
type table map[string]int

func (t table) rate(k string) int { return t[k] }

func (l *lobby) rateLater() {
	rates := l.rates
	go func() { _ = rates.rate("x") }()
}

//confined:loop
func (l *lobby) run() { // want run:"confined:loop"
	for fn := range l.ops {
		fn()
	}
}

type names map[string]bool

func (n names) add(s string) {
	n[s] = true // want `writes the entries of confined entrysets\.lobby\.names off the owner: this code runs via time\.AfterFunc`
}

func (l *lobby) forgetLater(user string) {
	time.AfterFunc(time.Second, func() {
		l.gone.Add(user) // want `writes the entries of confined entrysets\.lobby\.gone off the owner: this code runs via time\.AfterFunc`
	})
}

func (l *lobby) nameLater(user string) {
	time.AfterFunc(time.Second, func() {
		l.names.add(user)
	})
}

func (l *lobby) forgetNow(user string) { l.gone.Add(user) }

// Code another owner's loop runs: the finding is at the call too.
//
//confined:owner @desk
type desk struct { // want desk:"confined:owner@desk"
	ops chan func()
}

//confined:loop @desk
func (d *desk) run() { // want run:"confined:loop@desk"
	for fn := range d.ops {
		fn()
	}
}

func (d *desk) forget(l *lobby, user string) {
	d.ops <- func() {
		l.gone.Add(user) // want `writes default-owner state entrysets\.lobby\.gone\[\] from code that a send on ops runs on @desk`
	}
}

// post runs fn on the desk's loop.
//
//confined:hop fn
func (d *desk) post(fn func()) { d.ops <- fn }

func (d *desk) forgetByHop(l *lobby, user string) {
	d.post(func() {
		l.gone.Add(user) // want `writes default-owner state entrysets\.lobby\.gone\[\] from code that \(\*entrysets\.desk\)\.post runs on @desk`
	})
}
