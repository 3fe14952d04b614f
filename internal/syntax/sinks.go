package syntax

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/where"
)

// A sinkPass finds the sinks of a package with nothing confined in reach.
type sinkPass struct {
	*extractor
	m     *model.Model
	rules where.Rules
	// found are the sinks found so far, by function, and with -explain
	// the evidence of each.
	found    map[*types.Func]*summary.Summary
	evidence map[*types.Func][]where.Evidence
	// stored are the fields of the package its functions store their
	// func parameters in (summary.StoredIn): hooks (where.IsHook).
	stored map[*types.Var]bool
	all    []*ast.BlockStmt // see bodies
}

// ExportSinks exports what the package's syntax tells of its functions'
// func parameters and of the exported func fields they call, and of the
// fields and interface methods its code calls off the owner, for a
// package that takes no SSA.
func ExportSinks(m *model.Model) {
	p := &sinkPass{extractor: newExtractor(m.Pass()), m: m, rules: where.Rules{M: m}, found: make(map[*types.Func]*summary.Summary), evidence: make(map[*types.Func][]where.Evidence), stored: make(map[*types.Var]bool)}
	p.export()
	for fn := range names.DeclaredFuncs(p.pass) { // in source order
		if ev := p.evidence[fn]; len(ev) > 0 {
			where.Explain(m, fn, ev)
		}
	}
}

// export finds the functions that pass a func parameter to a go
// statement, an async sink or a hop sink, or store it in a field or send
// it on a channel whose funcs run off the owner or on it, within the
// package to a fixed point, and exports what it found for the exported
// ones.
func (p *sinkPass) export() {
	var sinkDecls []declaredFunc // only a function with a func parameter can be a sink
	for fn, fd := range names.DeclaredFuncs(p.pass) {
		if hasFuncParam(fn.Signature()) {
			sinkDecls = append(sinkDecls, declaredFunc{fn, fd})
		} else if f := p.returnedChanField(fd); f != nil {
			if ref, ok := summary.FieldRefOf(f); ok { // a mailbox's Ops(), which an importer's loop drains
				sum := summary.Unknown(fn.Signature())
				sum.ResultChan = ref
				p.found[fn] = &sum
			}
		}
	}
	exportsEntries := p.selectsEntries()
	// Stores into fields called off the owner and sends on channels whose
	// funcs run elsewhere make sinks, and sinks may start more code off the
	// owner: a few rounds, as on the SSA path. Only a func parameter stored
	// in a field or sent on a channel field can make a sink so, and the
	// search is for the importers' sake: it runs only if the sinks it can
	// change reach an exported function, or if what it finds is exported
	// (selectsEntries). Most packages have no such store; the runtime has
	// many, all in unexported functions.
	var fields *where.Fields
	for round := range where.MaxRounds {
		dependents, changed := p.fixedPoint(sinkDecls)
		if len(dependents) == 0 || round > 0 && !changed {
			break // the search reads only found: it would find fields again
		}
		if round == 0 && !anyExported(dependents) && !exportsEntries {
			break
		}
		next := p.search()
		if next.Same(fields) && fields != nil {
			break
		}
		fields, p.rules.Fields = next, next
	}
	if fields == nil && exportsEntries { // no round searched, but what the search finds is exported
		fields = p.search()
	}
	p.rules.ExportFacts(fields)
	called := p.calledFields()
	for fn, s := range p.found {
		if fn.Exported() && called[fn] == nil {
			p.pass.ExportObjectFact(fn, &summary.SummaryFact{Summary: *s})
		}
	}
	for fn, keys := range called {
		if fn.Exported() {
			p.pass.ExportObjectFact(fn, &summary.SummaryFact{Summary: *withCalledFields(fn, p.found[fn], keys)})
		}
	}
}

// anyExported reports whether one of fns is exported.
func anyExported(fns map[*types.Func]bool) bool {
	for fn := range fns {
		if fn.Exported() {
			return true
		}
	}
	return false
}

// selectsEntries reports whether the package's code selects what the
// off-owner search exports facts on: a method of an exported interface of
// this package, or an exported field of it holding funcs. The search
// finds an interface method or a field only where code selects it
// (x.M(), x.f(), range x.fs), so a package selecting none, most of those
// that declare any (the runtime declares runtime.Error and never calls
// its method), needs no search for its importers.
func (p *sinkPass) selectsEntries() bool {
	for _, s := range p.info.Selections {
		switch obj := s.Obj().(type) {
		case *types.Func:
			if obj.Pkg() == p.pass.Pkg && types.IsInterface(obj.Signature().Recv().Type()) && model.ExportedInterface(obj) {
				return true
			}
		case *types.Var:
			if obj.Pkg() == p.pass.Pkg && obj.Exported() && flow.HoldsFuncs(obj.Type()) {
				return true
			}
		}
	}
	return false
}

// returnedChanField is the channel field of funcs of its receiver that
// the method fd returns (func (l *Loop) Ops() <-chan func() { return
// l.ops }), if it returns one.
func (p *sinkPass) returnedChanField(fd *ast.FuncDecl) *types.Var {
	if fd.Recv == nil || len(fd.Recv.List) == 0 || len(fd.Recv.List[0].Names) == 0 || fd.Body == nil || len(fd.Body.List) != 1 {
		return nil
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil
	}
	sel, ok := ast.Unparen(ret.Results[0]).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if id, ok := ast.Unparen(sel.X).(*ast.Ident); !ok || p.info.Uses[id] != p.info.Defs[fd.Recv.List[0].Names[0]] {
		return nil
	}
	return p.funcChanField(sel)
}

// A declaredFunc is a function and its declaration.
type declaredFunc struct {
	fn   *types.Func
	decl *ast.FuncDecl
}

// hasFuncParam reports whether one of sig's parameters takes func values.
func hasFuncParam(sig *types.Signature) bool {
	for i := range sig.Params().Len() {
		if names.IsFuncParam(sig, i) {
			return true
		}
	}
	return false
}

// fixedPoint updates found until the sinks it records settle. It returns
// the functions whose sinks depend on what the off-owner search finds
// (those that store a func parameter in a field holding funcs or send one
// on a channel field, and those that hand one to them), and whether found
// changed.
func (p *sinkPass) fixedPoint(decls []declaredFunc) (dependents map[*types.Func]bool, changedAny bool) {
	handsTo := make(map[*types.Func][]*types.Func)
	dependents = make(map[*types.Func]bool)
	for changed := true; changed; {
		changed = false
		for _, d := range decls {
			s := p.sinks(d.fn, d.decl)
			if s.stores {
				dependents[d.fn] = true
			}
			if s.handsTo != nil {
				handsTo[d.fn] = s.handsTo
			}
			if s.evidence != nil {
				p.evidence[d.fn] = s.evidence
			}
			unknown := summary.Unknown(d.fn.Signature())
			if old := p.found[d.fn]; (old == nil && !s.sum.SameShape(&unknown)) || (old != nil && !old.SameShape(s.sum)) {
				p.found[d.fn] = s.sum
				changed, changedAny = true, true
			}
		}
	}
	for grew := len(dependents) > 0; grew; {
		grew = false
		for fn, callees := range handsTo {
			if !dependents[fn] && slices.ContainsFunc(callees, func(g *types.Func) bool { return dependents[g.Origin()] }) {
				dependents[fn], grew = true, true
			}
		}
	}
	return dependents, changedAny
}

// funcSinks is what sinks finds of one function.
type funcSinks struct {
	sum      *summary.Summary
	stores   bool          // it stores a func parameter in a field or sends one on a channel field
	handsTo  []*types.Func // the functions it hands a func parameter to
	evidence []where.Evidence
}

// sinks returns which of fn's func parameters (it has one, see
// hasFuncParam) its body, literals included, sends off the owner or to
// it, as the rules place the func values of its events. It errs towards
// async: a parameter mentioned anywhere in code that runs off the owner
// (a go statement's function, an async argument) is taken to run there.
func (p *sinkPass) sinks(fn *types.Func, fd *ast.FuncDecl) funcSinks {
	params := p.params(fn, fd)
	// Of the rest, the summary says what callers assume without one: the
	// results may be the arguments (a helper handing back the caller's
	// confined slice), and the other func parameters run on the caller's
	// goroutine.
	unknown := summary.Unknown(fn.Signature())
	out := funcSinks{sum: &unknown}
	var joined, detached summary.Origin
	place := func(pl where.Place, o summary.Origin, ev event) {
		if pl.Off {
			out.sum.Async = out.sum.Async.Union(o)
			if (ev.kind == goEvent || ev.kind == callEvent) && p.joinedBeforeReturn(fd.Body, ev) {
				joined = joined.Union(o)
			} else {
				detached = detached.Union(o)
			}
		}
		if pl.OnOwner {
			out.sum.AddHop(o, pl.Domain)
		}
		if ref, ok := pl.SentOnRef(); ok {
			out.sum.AddSentOn(o, ref)
		}
		if pl.StoredIn != nil && !o.Fresh() && (ev.kind != storeEvent || ev.intoParam) {
			if ref, ok := pl.StoredInRef(); ok {
				out.sum.AddStoredIn(o, ref)
				if pl.StoredIn.Pkg() == p.pass.Pkg {
					p.stored[pl.StoredIn.Origin()] = true
				}
			}
		}
		if p.m.Config().Explain && (pl.Off || pl.OnOwner) && !o.Fresh() {
			out.evidence = append(out.evidence, where.Evidence{Sources: o, Sink: p.sinkName(pl, ev), Pos: ev.pos, Hop: pl.OnOwner, To: pl.Domain})
		}
	}
	for _, ev := range p.events(fd.Body, true) {
		switch ev.kind {
		case goEvent, callEvent:
			if p.joinedByResult(fd.Body, ev) {
				// Run while the callers that wait on the result wait (see
				// Summary.Handle), as a joined goroutine's.
				o := params.mentioned(ev.fun)
				if ev.kind == callEvent {
					o = summary.Origin{} // g.Go(f): f is among the arguments
				}
				for _, a := range ev.args {
					if p.isFunc(a) {
						o = o.Union(params.mentioned(a)) // go func(f func()) {...}(fn) runs fn too
					}
				}
				out.sum.Invokes, out.sum.Waited, out.sum.Handle = out.sum.Invokes.Union(o), out.sum.Waited.Union(o), true
				continue
			} else if ev.kind == goEvent {
				hopped, elsewhere, hop := p.hopsIn(ev.fun, params)
				place(p.rules.Go(false), params.mentioned(ev.fun).Without(hopped.Without(elsewhere)), ev)
				place(hop, hopped, ev) // a go statement's literal is no part of the body's events
			}
			var callee *where.Callee // looked up for the calls handed a parameter only
			for i, a := range ev.args {
				o := params.mentioned(a)
				if o.Fresh() {
					continue
				}
				if callee == nil {
					c := p.callee(ev.callee)
					callee = &c
				}
				if p.isFunc(a) && ev.callee != nil && !slices.Contains(out.handsTo, ev.callee) {
					out.handsTo = append(out.handsTo, ev.callee)
				}
				if ev.kind == goEvent {
					if p.isFunc(a) {
						place(p.rules.StartArg(*callee, paramOf(ev.callee, i)), o, ev)
					}
					continue
				}
				pl := p.rules.Arg(*callee, paramOf(ev.callee, i), p.isFunc(a))
				if pl.Off {
					hopped, elsewhere, _ := p.hopsIn(a, params) // the literal's hops are among the body's events
					o = o.Without(hopped.Without(elsewhere))
				}
				place(pl, o, ev)
			}
		case storeEvent, sendEvent:
			o := params.mentioned(ev.value)
			out.stores = out.stores || !o.Fresh()
			if ev.kind == storeEvent {
				place(p.rules.Store(ev.field), o, ev)
			} else {
				place(p.rules.Send(ev.field, ""), o, ev)
			}
		case convertEvent:
			place(p.rules.Convert(ev.to), params.mentioned(ev.value), ev)
		}
	}
	out.sum.Joined = joined.Without(detached)
	sent := out.sum.Async.Union(out.sum.Hop)
	for _, fs := range out.sum.SentOn {
		sent = sent.Union(fs.Sources)
	}
	out.sum.Invokes = out.sum.Invokes.Without(sent) // sent elsewhere, not called here too
	return out
}

// hopsIn returns the func parameters e, a literal, hands to a hop as
// arguments of its calls (go func() { for range t.C { l.Post(f) } }()),
// where that hop places them, and the parameters it mentions elsewhere.
// Those it only hands to the hop do not run where the literal runs; the
// hop's owner runs them, as the SSA path's hopsOfStarted has it.
func (p *sinkPass) hopsIn(e ast.Expr, params funcParams) (hopped, elsewhere summary.Origin, hop where.Place) {
	lit, ok := ast.Unparen(e).(*ast.FuncLit)
	if !ok {
		return hopped, elsewhere, hop
	}
	hopArgs := make(map[ast.Expr]bool)
	for _, ev := range p.events(lit.Body, true) {
		if ev.kind != callEvent {
			continue
		}
		callee := p.callee(ev.callee)
		for i, a := range ev.args {
			if pl := p.rules.Arg(callee, paramOf(ev.callee, i), true); p.isFunc(a) && pl.OnOwner {
				hopped, hop = hopped.Union(params.mentioned(a)), pl
				hopArgs[a] = true
			}
		}
	}
	if hopped.Fresh() {
		return hopped, elsewhere, hop
	}
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && hopArgs[e] {
			return false
		}
		if id, ok := n.(*ast.Ident); ok {
			elsewhere = elsewhere.Union(params.mentioned(id))
		}
		return true
	})
	return hopped, elsewhere, hop
}

// sinkName names what the event hands the func values to, for -explain:
// the sink the rules name, else the function called.
func (p *sinkPass) sinkName(pl where.Place, ev event) string {
	if pl.Sink != "" || ev.callee == nil {
		return pl.Sink
	}
	return names.FuncName(ev.callee)
}

// callee is what the rules know of fn, a call's target (nil when nothing
// resolves it): its contract, and its sinks found here or imported.
func (p *sinkPass) callee(fn *types.Func) where.Callee {
	if fn == nil {
		return where.Callee{}
	}
	fn = fn.Origin()
	sum := p.found[fn]
	if sum == nil {
		sum = p.m.View.ImportedSummary(fn)
	}
	return where.Callee{Fn: fn, Contract: p.m.Contract(fn), Summary: sum}
}

// funcParams are the func parameters of a function, by the sources
// summaries name them by, and the variables ranging over a variadic one.
type funcParams struct {
	info   *types.Info
	params map[*types.Var]summary.Source
}

// params finds the func parameters of fn, declared by fd.
func (p *sinkPass) params(fn *types.Func, fd *ast.FuncDecl) funcParams {
	out := funcParams{info: p.info, params: make(map[*types.Var]summary.Source)}
	sig := fn.Signature()
	for i := range sig.Params().Len() {
		if names.IsFuncParam(sig, i) {
			out.params[sig.Params().At(i)] = summary.ParamSource(names.ArgIndex(sig, i))
		}
	}
	// The funcs of a variadic parameter, one by one: for _, f := range fs.
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		r, ok := n.(*ast.RangeStmt)
		if !ok {
			return true
		}
		x, isIdent := ast.Unparen(r.X).(*ast.Ident)
		value, isValue := r.Value.(*ast.Ident)
		if !isIdent || !isValue {
			return true
		}
		param, _ := p.info.Uses[x].(*types.Var)
		v, _ := p.info.Defs[value].(*types.Var)
		if src, ok := out.params[param]; ok && v != nil {
			out.params[v] = src
		}
		return true
	})
	return out
}

// mentioned is where the func values e may hold come from: the func
// parameters it mentions.
func (fp funcParams) mentioned(e ast.Expr) summary.Origin {
	var o summary.Origin
	if e == nil {
		return o
	}
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := fp.info.Uses[id].(*types.Var); ok {
				if src, ok := fp.params[v]; ok {
					o = o.Union(summary.OriginOf(src))
				}
			}
		}
		return true
	})
	return o
}
