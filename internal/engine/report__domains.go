package engine

import (
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/ssa"
)

// stateName names the state wit touches with its owner, for messages:
// "@fsm state fsm.State.applied", "(*fsm.State).Apply on @fsm state",
// "default-owner state coord.Book.n".
func stateName(wit witness) string {
	state := "@" + wit.Domain + " state"
	if wit.Domain == "" {
		state = "default-owner state"
	}
	if wit.Action == actionCalls {
		return wit.Member + " on " + state
	}
	return state + " " + wit.Member
}

// ownBody is the code of fn, known to run on domain (see runsOn), as a
// root of findings: it may touch only that domain's state.
func (r *reporter) ownBody(fn *ssa.Function, domain string) Entry {
	c := r.c
	sink := "the @" + domain + " loop"
	if domain == "" {
		sink = "the default owner's loop"
	}
	if !c.m.IsLoop(fn) {
		sink = flow.Name(fn) + ", which runs on " + names.DomainName(domain)
	}
	return Entry{pos: fn.Pos(), Sink: sink, On: &domain}
}
