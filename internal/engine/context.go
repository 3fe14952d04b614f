package engine

// This file is where the walk learns where code runs: the contracts of
// callees (Contract, from directives, declarations and the built-in table
// in builtins.go) and the func values handed to sinks (see doc.go).

import (
	"go/ast"
	"go/token"
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
	m.declared.AddImplemented(fn, k)
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

// sendOff records that v is sent off the owner by sink at the call.
func (w *walker) sendOff(v ssa.Value, at Entry) {
	sources := w.funcSources(v)
	w.Sum.Async = w.Sum.Async.union(sources)
	w.noteEvidence(sources, sinkEvidence{sink: at.Sink, pos: at.pos})
	at.Targets = flow.FuncTargets(v)
	if len(at.Targets) > 0 {
		if at.call == nil {
			at.call = w.at
		}
		for _, t := range at.Targets {
			at.handed = append(at.handed, w.handedOff(at.call, nil, t.Bindings)...)
		}
		w.Spawns = append(w.Spawns, at)
	}
}

// hopTo records that v is sent to the owner by sink at pos: it is not
// code that runs here, but code that runs on domain, when that is known
// (a future that completes on the owner does not say which).
func (w *walker) hopTo(v ssa.Value, sink string, domain *string, pos token.Pos) {
	sources := w.funcSources(v)
	h := sinkEvidence{sink: sink, pos: pos, hop: true}
	if domain != nil {
		w.Sum.addHop(sources, *domain)
		if targets := flow.FuncTargets(v); len(targets) > 0 {
			w.Hops = append(w.Hops, Entry{pos: pos, Sink: hopSinkFor(sink, *domain), Targets: targets, On: domain, call: w.at})
		}
		h.to = *domain
	} else {
		w.Sum.addHop(sources, "")
	}
	w.noteEvidence(sources, h)
}

// noteEvidence keeps, for -explain, the evidence that the function is a sink
// of its func parameters among sources.
func (w *walker) noteEvidence(sources Origin, h sinkEvidence) {
	if w.c.cfg.Explain && !sources.Fresh() {
		h.sources = sources
		w.evidence = append(w.evidence, h)
	}
}

// funcSources is where a func value comes from, for inferring sinks: the
// sources of an unresolved value, or the func-valued sources a resolved
// closure calls (a closure sent off the owner that calls f sends f along).
func (w *walker) funcSources(v ssa.Value) Origin {
	targets := flow.FuncTargets(v)
	if len(targets) == 0 {
		return w.origins.of(v)
	}
	var o Origin
	for _, t := range targets {
		if sum := w.c.SummaryOf(t.Fn); sum != nil {
			o = o.union(w.origins.mapOrigin(sum.Invokes, nil, t.Bindings))
		}
	}
	return o
}

// runsHere reports whether a callee with contract k and summary sum (nil
// when unknown) runs its func argument i on the caller's goroutine, or while
// the caller waits: declared sync, or neither declared nor inferred to send
// it off the owner or to it. A summary cannot see a callback stored in a
// struct (sort.Slice) or called by a returned closure (sync.OnceFunc), so
// running here is the default.
func runsHere(k *directive.Fact, sum *Summary, i int) bool {
	switch {
	case k != nil && slices.Contains(k.Sync, i):
		return true
	case k != nil && (slices.Contains(k.Async, i) || slices.Contains(k.Hop, i)):
		return false
	}
	return sum == nil || !sum.Async.union(sum.Hop).Has(ParamSource(i))
}

// isLoop reports whether fn is declared as the owner's loop.
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
			return m.dirs.LoopLiteral(lit.Pos())
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
	return "", false
}
