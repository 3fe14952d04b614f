package engine

// This file names the owners of a program with several (docs/directives.md,
// "Domains"): the domain confined state belongs to, and the domain code is
// known to run on. The default owner is the domain "". A program that names
// no domain has only the default, and every check here is then silent.

import (
	"go/types"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/ssa"
)

// hopSinkFor is how a hop by sink to domain is named as a root of findings.
func hopSinkFor(sink, domain string) string {
	return "code that " + sink + " runs on " + names.DomainName(domain)
}

// typeDomain is the domain values of the confined type named belong to.
func (m *Model) typeDomain(named *types.Named) string {
	if d := m.Directives(named.Origin().Obj()); d != nil {
		return d.Domain
	}
	return ""
}

// ownerFuncDomain is the domain an owner-only function runs on: the one its
// directive names, else its confined receiver type's, else the default.
func (m *Model) ownerFuncDomain(fn *types.Func) string {
	if d := m.Directives(fn); d != nil && d.Domain != "" {
		return d.Domain
	}
	return m.receiverDomain(fn)
}

// hopDomain is the domain a hop sink's callbacks run on: the one its
// directive names, else its confined receiver type's, else the default.
func (m *Model) hopDomain(fn *types.Func) string {
	if k := m.Contract(fn); k.HopTo != "" {
		return k.HopTo
	}
	return m.receiverDomain(fn)
}

// receiverDomain is the domain of fn's receiver type when it is confined,
// else the default.
func (m *Model) receiverDomain(fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil {
		if named := m.ConfinedNamed(recv.Type()); named != nil {
			return m.typeDomain(named)
		}
	}
	return ""
}

// runsOn returns the domain fn is known to run on: a loop's, an owner-only
// function's. ok is false for code whose place depends on its caller.
func (m *Model) RunsOn(fn *ssa.Function) (domain string, ok bool) {
	if domain, ok := m.LoopDomain(fn); ok {
		return domain, true
	}
	obj := flow.DeclaredFunc(fn)
	if obj == nil {
		return "", false
	}
	if d := m.Directives(obj); d != nil && d.Owner {
		return m.ownerFuncDomain(obj), true
	}
	return "", false
}

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
