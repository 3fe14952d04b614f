package domains

import (
	"slices"
	"strings"
)

// A closure a helper returns, sent to another owner's loop: the code runs
// there, and what it does to the entries of a field it was given is a
// finding at its lines. Look-alikes: a clone of the field, and the same
// closure sent to the field's own loop.

//confined:owner @roster
type Roster struct { // want Roster:"confined:owner@roster"
	ops   chan func()
	tidy  chan func()
	names []string
}

//confined:loop @roster
func (r *Roster) loop() { // want loop:`confined:loop@roster`
	for op := range r.ops {
		op()
	}
}

//confined:loop @tidy
func (r *Roster) tidier() { // want tidier:`confined:loop@tidy`
	for f := range r.tidy {
		f()
	}
}

func trim(names []string) func() {
	return func() {
		for i := range names {
			names[i] = strings.TrimSpace(names[i]) // want `writes @roster state domains.Roster.names\[\] from code that a send on tidy runs on @tidy \(returned.go:\d+\); path func literal in domains.trim → the entries of domains.Roster.names`
		}
	}
}

func (r *Roster) Tidy() {
	r.ops <- func() { r.tidy <- trim(r.names) }
}

func (r *Roster) TidyCopy() {
	r.ops <- func() { r.tidy <- trim(slices.Clone(r.names)) }
}

func (r *Roster) TidyHere() {
	r.ops <- func() { r.ops <- trim(r.names) }
}
