package model

// This file is what a function promises about where the funcs handed to it
// run (Contract: its directives and declarations, those of the interface
// methods it implements, and the built-in table, builtins.go), and which
// functions are an owner's loop.

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/ssa"
)

// Contract returns what fn's declaration promises about where code runs:
// its directives and declarations, those of the interface methods it
// implements, and the built-in sinks.
// Inferred sinks come from summaries instead.
func (m *Model) Contract(fn *types.Func) *directive.Fact {
	if fn == nil {
		return &directive.Fact{}
	}
	if k, ok := m.contracts[fn]; ok {
		return k
	}
	k := new(directive.Fact)
	if d := m.Directives(fn); d != nil {
		*k = *d
	}
	for _, b := range builtins {
		if params, ok := b.list.Lookup(fn); ok {
			b.merge(k, builtinParams(fn, params))
		}
	}
	m.Declared.AddImplemented(fn, k)
	m.contracts[fn] = k
	return k
}

// builtinParams resolves the parameter names of a built-in sink to
// argument indices. They need not be func-typed: runtime.SetFinalizer's
// finalizer is an any.
func builtinParams(fn *types.Func, params []string) []int {
	sig := fn.Signature()
	var out []int
	for i := range sig.Params().Len() {
		if slices.Contains(params, sig.Params().At(i).Name()) {
			out = append(out, names.ArgIndex(sig, i))
		}
	}
	return out
}

// placed reports whether directives or declarations say where the
// interface method fn runs, or is called: then nothing is inferred about
// it from the code of its package. A turn runs on the owner, calling a
// confined or owner-only method off the owner is a finding of its own,
// and a hop, async, sync, :any or offowner method says it itself.
func (m *Model) placed(fn types.Object) bool {
	f, ok := fn.(*types.Func)
	if !ok {
		return false
	}
	k := m.Contract(f)
	return k.Loop || k.Owner || k.Any || k.OffOwner || k.MessageHop || len(k.Hop)+len(k.Async)+len(k.Sync) > 0 || m.ConfinedMethod(f)
}

// IsLoop reports whether fn is declared as the owner's loop.
func (m *Model) IsLoop(fn *ssa.Function) bool {
	_, ok := m.LoopDomain(fn)
	return ok
}

// LoopDomain reports whether fn is declared as an owner's loop (a
// //confined:loop function, or a goroutine literal with //confined:loop
// above its go statement), and that owner's domain.
func (m *Model) LoopDomain(fn *ssa.Function) (domain string, ok bool) {
	if flow.IsFuncLit(fn) {
		if lit, isLit := fn.Syntax().(*ast.FuncLit); isLit {
			return m.Dirs.LoopLiteral(lit.Pos())
		}
		return "", false
	}
	obj := flow.DeclaredFunc(fn)
	if obj == nil {
		return "", false
	}
	if d := m.Directives(obj); d != nil && d.Loop {
		return d.Domain, true
	}
	return m.Turns.Of(obj)
}
