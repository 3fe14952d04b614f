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

// TypeDomain is the domain values of the confined type named belong to.
func (m *Model) TypeDomain(named *types.Named) string {
	if d := m.Directives(named.Origin().Obj()); d != nil {
		return d.Domain
	}
	domain, _ := m.Turns.Owner(named)
	return domain
}

// OwnerFuncDomain is the domain an owner-only function runs on: the one its
// directive names, else its confined receiver type's, else the default.
func (m *Model) OwnerFuncDomain(fn *types.Func) string {
	if d := m.Directives(fn); d != nil && d.Domain != "" {
		return d.Domain
	}
	return m.ReceiverDomain(fn)
}

// HopDomain is the domain a hop sink's callbacks run on: the one its
// directive names, else its confined receiver type's, else the default.
func (m *Model) HopDomain(fn *types.Func) string {
	if k := m.Contract(fn); k.HopTo != "" {
		return k.HopTo
	}
	return m.ReceiverDomain(fn)
}

// ReceiverDomain is the domain of fn's receiver type when it is confined,
// else the default.
func (m *Model) ReceiverDomain(fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil {
		if named := m.ConfinedNamed(recv.Type()); named != nil {
			return m.TypeDomain(named)
		}
	}
	return ""
}

// RunsOn returns the domain fn is known to run on: a loop's, an owner-only
// function's. ok is false for code whose place depends on its caller.
func (m *Model) RunsOn(fn *ssa.Function) (domain string, ok bool) {
	if flow.IsFuncLit(fn) {
		return m.LoopDomain(fn)
	}
	if obj := flow.DeclaredFunc(fn); obj != nil {
		return m.FuncRunsOn(obj)
	}
	return "", false
}

// FuncRunsOn returns the domain the declared function fn is known to run
// on: a loop's, an owner-only function's. ok is false for a function whose
// place depends on its caller.
func (m *Model) FuncRunsOn(fn *types.Func) (domain string, ok bool) {
	d := m.Directives(fn)
	switch {
	case d != nil && d.Loop:
		return d.Domain, true
	case d != nil && d.Owner:
		return m.OwnerFuncDomain(fn), true
	}
	return m.Turns.Of(fn)
}
