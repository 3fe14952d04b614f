package report

// This file names owners in findings: the state of a domain touched, and
// the body of code known to run on one owner as the root of findings.

import (
	"fmt"
	"go/types"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/walk"
	"golang.org/x/tools/go/ssa"
)

// stateName names the state wit touches with its owner, for messages:
// "@fsm state fsm.State.applied", "(*fsm.State).Apply on @fsm state",
// "default-owner state coord.Book.n".
func stateName(wit summary.Witness) string {
	state := "@" + wit.Domain + " state"
	if wit.Domain == "" {
		state = "default-owner state"
	}
	if wit.Action == summary.ActionCalls {
		return wit.Member + " on " + state
	}
	return state + " " + wit.Member
}

// ownBody is the code of fn, known to run on domain (see runsOn), as a
// root of findings: it may touch only that domain's state.
func (r *reporter) ownBody(fn *ssa.Function, domain string) walk.Entry {
	c := r.c
	sink := "the @" + domain + " loop"
	if domain == "" {
		sink = "the default owner's loop"
	}
	if !c.M.IsLoop(fn) {
		sink = flow.Name(fn) + ", which runs on " + names.DomainName(domain)
	}
	return walk.Entry{Pos: fn.Pos(), Sink: sink, On: &domain, Actor: c.TurnActor(fn)}
}

// otherActor returns the entry of a touch through v in the turn sp is the
// body of, when v is another actor's value (of another type whose values
// are actors with mailboxes of their own, Turns.Mailbox): that state is
// touched off its own mailbox. Through an interface, the actor is the
// implementation whose body touches (recv, a flow.TypeKey: Site.Impl, or
// an unbound Witness.Recv): a listener the turn keeps that holds another
// actor (m.listener.MatchFormed(...)).
func (r *reporter) otherActor(sp walk.Entry, v ssa.Value, recv string) (walk.Entry, bool) {
	if sp.Actor == nil || v == nil {
		return walk.Entry{}, false
	}
	v, _ = flow.HeldValue(v) // a variable a closure captured
	named := names.DerefNamed(v.Type())
	if named != nil && types.IsInterface(named) && recv != "" {
		named = r.c.TypeOfKey(recv)
	}
	if e := elemType(v.Type()); named == nil && e != nil {
		named = names.DerefNamed(e) // a map of another actor's records (t.Slots)
	}
	if !r.anotherActor(named, sp.Actor) {
		return walk.Entry{}, false
	}
	other := walk.Entry{Pos: sp.Pos, Sink: actorsTurn(sp.Actor), Actor: sp.Actor}
	if keeper := r.keeperOf(named); keeper != nil && !r.c.M.Turns.Mailbox(named) {
		other.Sink = fmt.Sprintf("a turn of %s, while %s is the state of %s, another actor, which keeps it (each actor's turns run on its own mailbox)",
			names.TypeName(sp.Actor), names.TypeName(named), names.TypeName(keeper))
		other.Keeper = keeper
	}
	return other, true
}

// elemType is the type of the elements of the map, slice or array t is,
// or nil.
func elemType(t types.Type) types.Type {
	switch t := t.Underlying().(type) {
	case *types.Map:
		return t.Elem()
	case *types.Slice:
		return t.Elem()
	case *types.Array:
		return t.Elem()
	}
	return nil
}

// anotherActor reports whether named is the type of an actor with a
// mailbox of its own (Turns.Mailbox) other than actor, or of the records
// only such an actor keeps (see keeperOf): a car's stop set, which it
// shares in a reply that the dispatcher's turn then reads, is the car's
// state. An actor embedding named (a test's wrapper seeding state, then
// handing the message to the embedded actor's Receive) has the embedded
// value's state as its own.
func (r *reporter) anotherActor(named, actor *types.Named) bool {
	if named == nil || named.Origin() == actor || names.Embeds(actor, named) {
		return false
	}
	if r.c.M.Turns.Mailbox(named) {
		return true
	}
	keeper := r.keeperOf(named)
	return keeper != nil && keeper != actor.Origin()
}

// keeperOf returns the actor type of the package (one with a mailbox of
// its own) whose fields keep values of named by reference (a *T, or
// through maps and slices of them, or in structs they hold) and whose
// turns write them, when exactly one does: those values are its records,
// state its turns own, which other actors may be handed (a car's stop set
// in its reply to the dispatcher, which keeps the reply) but only read off
// the car's mailbox. Found once for all types.
func (r *reporter) keeperOf(named *types.Named) *types.Named {
	if r.keepers == nil {
		r.keepers = make(map[*types.Named]*types.Named)
		shared := make(map[*types.Named]bool)
		scope := r.c.Pass().Pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			actor, _ := tn.Type().(*types.Named)
			if actor == nil || !r.c.M.Turns.Mailbox(actor) {
				continue
			}
			for _, kept := range keptRecords(actor) {
				if !r.c.TurnsWrite(actor, kept) {
					continue
				}
				if k, seen := r.keepers[kept]; seen && k != actor {
					shared[kept] = true
				}
				r.keepers[kept] = actor
			}
		}
		for kept := range shared {
			r.keepers[kept] = nil
		}
	}
	return r.keepers[named.Origin()]
}

// maxKeptDepth bounds how many types deep keptRecords looks.
const maxKeptDepth = 4

// keptRecords lists the named struct types actor's fields hold by
// reference, depth types deep: the types it points to through pointers,
// map and slice elements, and the structs holding them.
func keptRecords(actor *types.Named) []*types.Named {
	var out []*types.Named
	type held struct {
		named *types.Named
		byRef bool
	}
	seen := map[held]bool{{actor.Origin(), false}: true, {actor.Origin(), true}: true}
	var visit func(t types.Type, byRef bool, depth int)
	visit = func(t types.Type, byRef bool, depth int) {
		if depth > maxKeptDepth {
			return
		}
		switch t := t.(type) {
		case *types.Named:
			st, ok := t.Underlying().(*types.Struct)
			if !ok || seen[held{t.Origin(), byRef}] {
				return
			}
			seen[held{t.Origin(), byRef}] = true
			if byRef {
				out = append(out, t.Origin())
			}
			for f := range st.Fields() {
				visit(f.Type(), byRef, depth+1)
			}
		case *types.Pointer:
			visit(t.Elem(), true, depth+1)
		case *types.Slice:
			visit(t.Elem(), byRef, depth+1)
		case *types.Map:
			visit(t.Elem(), byRef, depth+1)
		case *types.Array:
			visit(t.Elem(), byRef, depth+1)
		}
	}
	if st, ok := actor.Underlying().(*types.Struct); ok {
		for f := range st.Fields() {
			visit(f.Type(), false, 1)
		}
	}
	return out
}

// actorsTurn names a turn of actor as where code runs, for the findings
// of another actor's state there.
func actorsTurn(actor *types.Named) string {
	return "a turn of " + actor.Obj().Pkg().Name() + "." + actor.Obj().Name() + ", another actor (each actor's turns run on its own mailbox)"
}

// otherActorsMethod reports whether fn is a method of another actor than
// the one whose turn sp runs: the turn's call of it is the touch (see
// otherActor), not what it touches inside.
func (r *reporter) otherActorsMethod(fn *ssa.Function, sp walk.Entry) bool {
	if len(fn.Params) == 0 || fn.Signature.Recv() == nil {
		return false
	}
	_, other := r.otherActor(sp, fn.Params[0], "")
	return other
}

// otherOwnersInTurn reports what the turn fn, the body sp runs on one
// owner, and the helpers it calls touch of another owner's state beyond
// the turn's own body (which inside reports):
//   - funcs called through fields: a callback its creator configured it
//     with (newChild(p.markBad), newModerator(r.applyBan)) runs in fn's
//     turn, on fn's loop or mailbox, not on the owner of what it touches;
//   - in a helper, another actor's state (k.cfg.audit.flag(s) in a
//     clerk's handle).
func (r *reporter) otherOwnersInTurn(fn *ssa.Function, sp walk.Entry) {
	r.c.InTurn(fn, func(fn *ssa.Function, depth int) {
		if depth > 0 && !r.otherActorsMethod(fn, sp) {
			for _, s := range r.c.Walks[fn].Sites {
				if other, ok := r.otherActor(sp, s.Value, s.Impl); ok && s.Inner == nil {
					r.add(finding{pos: r.placePos(s, nil), witness: s.Witness, entry: other, field: selectedField(s.Instr)})
				}
			}
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok {
					r.fieldCallback(call, sp)
				}
			}
		}
	})
}

// fieldCallback reports what the funcs configured in the field call calls
// touch of another owner's state, as code of sp's.
func (r *reporter) fieldCallback(call *ssa.Call, sp walk.Entry) {
	field, targets := r.c.FieldCallTargets(call.Common())
	on := sp
	if field != nil && sp.On != nil {
		on.Pos = call.Pos()
		on.Sink = fmt.Sprintf("the func stored in field %s, which %s calls on %s", field.Name(), flow.Name(call.Parent()), names.DomainName(*sp.On))
	}
	for _, t := range r.targetTouches(targets, call.Common().Args) {
		if other, ok := r.otherActor(sp, t.v, t.wit.Recv); ok {
			r.add(finding{pos: call.Pos(), witness: t.wit, entry: other})
		} else if sp.Actor == nil && t.v != nil {
			r.add(finding{pos: call.Pos(), witness: t.wit, entry: on}) // its own owner's state is no finding (Reports)
		}
	}
}
