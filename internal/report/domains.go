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
	if !r.anotherActor(named, sp.Actor) {
		return walk.Entry{}, false
	}
	return walk.Entry{Pos: sp.Pos, Sink: actorsTurn(sp.Actor), Actor: sp.Actor}, true
}

// anotherActor reports whether named is the type of an actor with a
// mailbox of its own (Turns.Mailbox) other than actor. An actor embedding
// named (a test's wrapper seeding state, then handing the message to the
// embedded actor's Receive) has the embedded value's state as its own.
func (r *reporter) anotherActor(named, actor *types.Named) bool {
	return named != nil && named.Origin() != actor && r.c.M.Turns.Mailbox(named) && !names.Embeds(actor, named)
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
