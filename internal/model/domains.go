package model

// This file names the owners of a program with several (docs/directives.md,
// "Domains"): the domain confined state belongs to, and the domain code is
// known to run on. The default owner is the domain "". A program that names
// no domain has only the default, and every check here is then silent.

import (
	"go/types"

	"github.com/confinecheck/confinecheck/internal/flow"
	"golang.org/x/tools/go/ssa"
)

// typeDomain is the domain values of the confined type named belong to.
func (m *Model) TypeDomain(named *types.Named) string {
	if d := m.Directives(named.Origin().Obj()); d != nil {
		return d.Domain
	}
	return ""
}

// ownerFuncDomain is the domain an owner-only function runs on: the one its
// directive names, else its confined receiver type's, else the default.
func (m *Model) OwnerFuncDomain(fn *types.Func) string {
	if d := m.Directives(fn); d != nil && d.Domain != "" {
		return d.Domain
	}
	return m.ReceiverDomain(fn)
}

// hopDomain is the domain a hop sink's callbacks run on: the one its
// directive names, else its confined receiver type's, else the default.
func (m *Model) HopDomain(fn *types.Func) string {
	if k := m.Contract(fn); k.HopTo != "" {
		return k.HopTo
	}
	return m.ReceiverDomain(fn)
}

// receiverDomain is the domain of fn's receiver type when it is confined,
// else the default.
func (m *Model) ReceiverDomain(fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil {
		if named := m.ConfinedNamed(recv.Type()); named != nil {
			return m.TypeDomain(named)
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
		return m.OwnerFuncDomain(obj), true
	}
	return "", false
}
