package report

// This file reports what another package's type touches when this package
// hands its values over as an interface that a third package calls off
// the owner: a service passing its metrics aggregator to a replica as the
// replica's labeler, whose lease timer calls it; or, for an actor's type,
// that another actor's turns call (a dispatcher handed to a worker as the
// Tracker its turns tell about finished jobs). Only the package wiring
// the two sees both the call and the implementation.

import (
	"go/token"
	"go/types"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/walk"
	"golang.org/x/tools/go/ssa"
)

// reportConverted reports, at the first conversion in fns of a value to
// an interface whose methods run off its owner, what the type's methods
// touch (see converted).
func (r *reporter) reportConverted(fns []*ssa.Function) {
	done := make(map[*ssa.Function]bool)
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if mi, ok := instr.(*ssa.MakeInterface); ok {
					r.converted(mi, done)
				}
			}
		}
	}
}

// converted reports what the methods of mi's value run off the owner
// touch, for those not done yet: off any owner for another package's type
// (MarkedEntry; the type's own package reports the conversions it makes
// itself, walk's EntryPoint), or off its own mailbox for an actor's type
// whose methods another actor's turns call (anotherActorsTurn).
func (r *reporter) converted(mi *ssa.MakeInterface, done map[*ssa.Function]bool) {
	t := mi.X.Type()
	named := names.DerefNamed(t)
	iface, _ := mi.Type().Underlying().(*types.Interface)
	if named == nil || iface == nil || named.Obj().Pkg() == nil {
		return
	}
	foreign := named.Obj().Pkg() != r.c.Pass().Pkg
	for m := range iface.Methods() {
		obj, _, _ := types.LookupFieldOrMethod(t, true, m.Pkg(), m.Name())
		method, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		sink, ok := "", false
		if foreign {
			sink, ok = r.c.M.Entries.MarkedEntry(method, iface)
		}
		if !ok {
			sink, ok = r.anotherActorsTurn(named, method, m)
		}
		if !ok {
			continue
		}
		if impl := r.c.ForeignMethod(t, m); impl != nil && !done[impl] {
			done[impl] = true
			sp := walk.Entry{Pos: conversionPos(mi), Sink: sink + ", handed over as " + types.TypeString(mi.Type(), names.Qualifier) + " here"}
			r.storedFunc(flow.FuncValue{Fn: impl}, sp, 0)
		}
	}
}

// anotherActorsTurn reports whether method, named's implementation of
// the interface method m, runs in a turn of another actor than named,
// itself an actor: m's package's actors call m in their turns (TurnFact).
// It names method as the sink of its findings.
func (r *reporter) anotherActorsTurn(named *types.Named, method, m *types.Func) (sink string, ok bool) {
	for _, actor := range r.c.M.View.ImportedTurnActors(m) {
		if r.anotherActor(named, actor) {
			return names.FuncName(method) + ", which implements " + names.FuncName(m) + ", runs in " + actorsTurn(actor), true
		}
	}
	return "", false
}

// conversionPos is where mi converts its value: the conversion, or the
// first use of the converted value (an implicit conversion has no
// position of its own), or its function.
func conversionPos(mi *ssa.MakeInterface) token.Pos {
	if mi.Pos().IsValid() {
		return mi.Pos()
	}
	for _, ref := range *mi.Referrers() {
		if ref.Pos().IsValid() {
			return ref.Pos()
		}
	}
	return mi.Parent().Pos()
}
