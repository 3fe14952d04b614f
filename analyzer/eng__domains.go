package analyzer

// This file names the owners of a program with several (docs/directives.md,
// "Domains"): the domain confined state belongs to, and the domain code is
// known to run on. The default owner is the domain "". A program that names
// no domain has only the default, and every check here is then silent.

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// hopSinkFor is how a hop by sink to domain is named as a root of findings.
func hopSinkFor(sink, domain string) string {
	return "code that " + sink + " runs on " + domainName(domain)
}

// typeDomain is the domain values of the confined type named belong to.
func (c *Engine) typeDomain(named *types.Named) string {
	if d := c.directives(named.Origin().Obj()); d != nil {
		return d.Domain
	}
	return ""
}

// ownerFuncDomain is the domain an owner-only function runs on: the one its
// directive names, else its confined receiver type's, else the default.
func (c *Engine) ownerFuncDomain(fn *types.Func) string {
	if d := c.directives(fn); d != nil && d.Domain != "" {
		return d.Domain
	}
	return c.receiverDomain(fn)
}

// hopDomain is the domain a hop sink's callbacks run on: the one its
// directive names, else its confined receiver type's, else the default.
func (c *Engine) hopDomain(fn *types.Func) string {
	if k := c.contract(fn); k.HopTo != "" {
		return k.HopTo
	}
	return c.receiverDomain(fn)
}

// receiverDomain is the domain of fn's receiver type when it is confined,
// else the default.
func (c *Engine) receiverDomain(fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil {
		if named := c.confinedNamed(recv.Type()); named != nil {
			return c.typeDomain(named)
		}
	}
	return ""
}

// runsOn returns the domain fn is known to run on: a loop's, an owner-only
// function's. ok is false for code whose place depends on its caller.
func (c *Engine) runsOn(fn *ssa.Function) (domain string, ok bool) {
	obj := declaredFunc(fn)
	if obj == nil {
		return "", false
	}
	switch d := c.directives(obj); {
	case d == nil:
		return "", false
	case d.Loop:
		return d.Domain, true
	case d.Owner:
		return c.ownerFuncDomain(obj), true
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
func (c *Engine) ownBody(fn *ssa.Function, domain string) Entry {
	sink := "the @" + domain + " loop"
	if domain == "" {
		sink = "the default owner's loop"
	}
	if !c.isLoop(fn) {
		sink = ssaFuncName(fn) + ", which runs on " + domainName(domain)
	}
	return Entry{pos: fn.Pos(), Sink: sink, On: &domain}
}
