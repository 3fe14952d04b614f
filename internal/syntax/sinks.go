package syntax

// This file is the cheap path for packages with nothing confined in reach:
// no directive of their own and none in their dependencies. They cannot
// touch confined state, so they need no SSA; all their callers need from
// them is which func parameters their functions send off the owner (a
// util.Go(f) wrapper around a go statement) or to it (a wrapper around a
// -hop function), which a walk over the syntax finds. It applies the
// same rules as the SSA path (listed in callbackfields.go), stored
// callbacks included; analyzer/sinks_test.go checks that the two agree.

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/walk"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// A syntaxPass finds sinks in the syntax of a package with nothing
// confined in reach.
type syntaxPass struct {
	pass      *analysis.Pass
	m         *model.Model
	ranged    map[*types.Var]*types.Var     // see rangedFields
	locals    map[*types.Var][]*ast.FuncLit // see localFuncs
	funcChans *bool                         // see selectsFuncChans
	// bodyDecls maps function bodies, literals' too, to the declared
	// function they are in (see declName).
	bodyDecls map[*ast.BlockStmt]*types.Func
}

// ExportSyntaxSinks exports what the package's syntax tells of its
// functions' func parameters (see export), for a package that takes no
// SSA.
func ExportSyntaxSinks(m *model.Model) {
	(&syntaxPass{pass: m.Pass(), m: m}).export()
}

// export finds the functions that pass a func parameter to a go
// statement, an async sink or a hop sink, or store it in a field that the
// package's off-owner code calls (the rules in callbackfields.go), within
// the package to a fixed point, and exports what it found for the exported
// ones.
func (c *syntaxPass) export() {
	var decls []*ast.FuncDecl
	var sinkDecls []declaredFunc // only a function with a func parameter can be a sink
	for fn, fd := range names.DeclaredFuncs(c.pass) {
		decls = append(decls, fd)
		if hasFuncParam(fn.Signature()) {
			sinkDecls = append(sinkDecls, declaredFunc{fn, fd})
		}
	}
	found := make(map[*types.Func]*summary.Summary)
	fields := new(syntaxFields)
	exportsEntries := c.selectsEntries()
	// Stores into fields called off the owner and sends on channels whose
	// funcs run elsewhere make sinks, and sinks may start more code off the
	// owner: a few rounds, as on the SSA path. Only a func parameter stored
	// in a field or sent on a channel field can make a sink so, and the
	// search is for the importers' sake: it runs only if the sinks it can
	// change reach an exported function, or if what it finds is exported
	// (selectsEntries). Most packages have no such store; the runtime has
	// many, all in unexported functions.
	for round := range walk.MaxCallbackRounds {
		dependents, changed := c.syntaxFixedPoint(sinkDecls, found, fields)
		if len(dependents) == 0 || round > 0 && !changed {
			break // the search reads only found: it would find fields again
		}
		if round == 0 && !anyExported(dependents) && !exportsEntries {
			break
		}
		next := c.syntaxCallbackFields(decls, found)
		if next.equal(fields) {
			break
		}
		fields = next
	}
	if fields.invoked == nil && exportsEntries { // no round searched, but what the search finds is exported
		fields = c.syntaxCallbackFields(decls, found)
	}
	c.m.ExportEntryFacts(fields.invoked)
	c.m.ExportFieldFacts(fields.called)
	for fn, s := range found {
		if fn.Exported() {
			c.pass.ExportObjectFact(fn, &summary.SummaryFact{Summary: *s})
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
func (c *syntaxPass) selectsEntries() bool {
	for _, s := range c.pass.TypesInfo.Selections {
		switch obj := s.Obj().(type) {
		case *types.Func:
			if obj.Pkg() == c.pass.Pkg && types.IsInterface(obj.Signature().Recv().Type()) && model.ExportedInterface(obj) {
				return true
			}
		case *types.Var:
			if obj.Pkg() == c.pass.Pkg && obj.Exported() && flow.HoldsFuncs(obj.Type()) {
				return true
			}
		}
	}
	return false
}

// syntaxFixedPoint updates found until the sinks it records settle. It
// returns the functions whose sinks depend on the fields the off-owner
// search finds (those that store a func parameter in a func-typed field or
// send one on a channel field, and those that hand one to them), and
// whether found changed.
func (c *syntaxPass) syntaxFixedPoint(decls []declaredFunc, found map[*types.Func]*summary.Summary, fields *syntaxFields) (dependents map[*types.Func]bool, changedAny bool) {
	handsTo := make(map[*types.Func][]*types.Func)
	dependents = make(map[*types.Func]bool)
	for changed := true; changed; {
		changed = false
		for _, d := range decls {
			fn := d.fn
			s, stores, handed := c.syntaxSinks(fn, d.decl, found, fields)
			if stores {
				dependents[fn] = true
			}
			if handed != nil {
				handsTo[fn] = handed
			}
			if old := found[fn]; (old == nil && !s.SameShape(new(summary.Summary))) || (old != nil && !old.SameShape(s)) {
				found[fn] = s
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

// syntaxSinks returns which of fn's func parameters (it has one, see
// hasFuncParam) its body sends off the owner or to it, whether it stores one in a func-typed field or sends one
// on a channel field, and the functions it hands one to. It errs
// towards async: a parameter mentioned anywhere in a go statement is taken
// to run on the new goroutine.
func (c *syntaxPass) syntaxSinks(fn *types.Func, fd *ast.FuncDecl, found map[*types.Func]*summary.Summary, fields *syntaxFields) (s *summary.Summary, storesParam bool, handsTo []*types.Func) {
	params := make(map[*types.Var]summary.Source)
	sig := fn.Signature()
	offset := 0
	if sig.Recv() != nil {
		offset = 1
	}
	for i := range sig.Params().Len() {
		if names.IsFuncParam(sig, i) {
			params[sig.Params().At(i)] = summary.ParamSource(i + offset)
		}
	}
	s = new(summary.Summary)
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
		param, _ := c.pass.TypesInfo.Uses[x].(*types.Var)
		v, _ := c.pass.TypesInfo.Defs[value].(*types.Var)
		if src, ok := params[param]; ok && v != nil {
			params[v] = src
		}
		return true
	})
	mentioned := func(n ast.Node) summary.Origin {
		var o summary.Origin
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok {
					if src, ok := params[v]; ok {
						o = o.Union(summary.OriginOf(src))
					}
				}
			}
			return true
		})
		return o
	}
	// stored handles rule 3: a func parameter stored in the field f.
	stored := func(f *types.Var, value ast.Expr) {
		if f == nil || !flow.HoldsFuncs(f.Type()) {
			return
		}
		o := mentioned(value)
		storesParam = storesParam || !o.Fresh()
		if _, ok := c.offOwnerField(fields, f); ok {
			s.Async = s.Async.Union(o)
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		c.fieldStores(n, stored)
		switch n := n.(type) {
		case *ast.SendStmt: // c.jobs <- f
			if f := c.funcChanField(n.Chan); f != nil {
				o := mentioned(n.Value)
				storesParam = storesParam || !o.Fresh()
				switch {
				case fields.chanOff[f]:
					s.Async = s.Async.Union(o)
				case fields.chanHop[f]:
					s.AddHop(o, "")
				}
			}
		case *ast.GoStmt:
			s.Async = s.Async.Union(mentioned(n.Call))
			return false
		case *ast.CallExpr:
			if tv := c.pass.TypesInfo.Types[n.Fun]; tv.IsType() && len(n.Args) == 1 {
				if _, ok := c.m.OffOwnerValue(tv.Type); ok { // http.HandlerFunc(f)
					s.Async = s.Async.Union(mentioned(n.Args[0]))
				}
				return true
			}
			callee, _ := typeutil.Callee(c.pass.TypesInfo, n).(*types.Func)
			if callee == nil {
				return true
			}
			async, hop, hopTo := c.syntaxSinkParams(callee, found)
			args := receiverInclusive(callee, n.Args)
			for i, arg := range args {
				if arg != nil && !slices.Contains(handsTo, callee) && c.isFuncExpr(arg) && !mentioned(arg).Fresh() {
					handsTo = append(handsTo, callee)
				}
				switch {
				case arg == nil:
				case slices.Contains(async, paramOf(callee, i)):
					s.Async = s.Async.Union(mentioned(arg))
				case slices.Contains(hop, paramOf(callee, i)):
					s.AddHop(mentioned(arg), hopTo)
				}
			}
		}
		return true
	})
	return s, storesParam, handsTo
}

// fieldStores calls stored for each store of a value into a field that n
// makes: c.onMessage = h, c.subs[k] = h, c.hs = append(c.hs, h), and a
// composite literal's fields, keyed (&conn{onMessage: h}) or not.
func (c *syntaxPass) fieldStores(n ast.Node, stored func(f *types.Var, value ast.Expr)) {
	switch n := n.(type) {
	case *ast.AssignStmt:
		if len(n.Lhs) == len(n.Rhs) {
			for i, lhs := range n.Lhs {
				if idx, ok := ast.Unparen(lhs).(*ast.IndexExpr); ok {
					lhs = idx.X
				}
				stored(c.selectedField(lhs), n.Rhs[i])
			}
		}
	case *ast.CompositeLit:
		st, _ := c.pass.TypesInfo.TypeOf(n).Underlying().(*types.Struct)
		for i, elt := range n.Elts {
			kv, keyed := elt.(*ast.KeyValueExpr)
			switch {
			case keyed:
				if id, ok := kv.Key.(*ast.Ident); ok {
					if f, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && f.IsField() {
						stored(f.Origin(), kv.Value)
					}
				}
			case st != nil && i < st.NumFields(): // conn{h, 0}: by position
				stored(st.Field(i).Origin(), elt)
			}
		}
	}
}

// offOwnerField reports whether the funcs stored in f run off the owner,
// and names the code that calls them there: this package's off-owner code
// (as the search found it), or another package's, through its EntryFact.
func (c *syntaxPass) offOwnerField(fields *syntaxFields, f *types.Var) (by string, ok bool) {
	if f == nil {
		return "", false
	}
	if by, ok := fields.called[f]; ok {
		return by, true
	}
	return c.m.ImportedOffOwnerField(f)
}

// appendSources adds the parameter sources in o to indices.
func appendSources(indices []int, o summary.Origin) []int {
	for _, s := range o.Sources() {
		if s < summary.FreeBase {
			indices = append(indices, int(s))
		}
	}
	return indices
}

// syntaxSinkParams returns the receiver-inclusive indices of callee's
// parameters that run off the owner and on it, and the domain of that
// owner: declared, found in this package so far, or imported.
func (c *syntaxPass) syntaxSinkParams(callee *types.Func, found map[*types.Func]*summary.Summary) (async, hop []int, hopTo string) {
	callee = callee.Origin()
	k := c.m.Contract(callee)
	async, hop = k.Async, k.Hop
	if len(hop) > 0 {
		hopTo = c.m.HopDomain(callee)
	}
	sum := found[callee]
	if sum == nil {
		sum = c.m.ImportedSummary(callee)
	}
	if sum != nil {
		async, hop = appendSources(async, sum.Async), appendSources(hop, sum.Hop)
		if len(k.Hop) == 0 {
			hopTo = sum.HopTo
		}
	}
	// A declared sync wins over an inferred async (testing.T.Run's body
	// starts a goroutine, and waits for it). Few callees declare one: copy
	// only for them, since this runs for every call of the package.
	if len(k.Sync) > 0 {
		async = slices.DeleteFunc(slices.Clone(async), func(i int) bool { return slices.Contains(k.Sync, i) })
	}
	return async, hop, hopTo
}

// receiverInclusive returns a call's arguments indexed like summaries: a
// method's receiver (nil here) first.
func receiverInclusive(callee *types.Func, args []ast.Expr) []ast.Expr {
	if callee.Signature().Recv() != nil {
		return append([]ast.Expr{nil}, args...)
	}
	return args
}

// paramOf is the argument index, as summaries count them, of the
// parameter that receives argument i of a call of callee (see
// receiverInclusive): the arguments of a variadic parameter all go to it.
func paramOf(callee *types.Func, i int) int {
	if callee == nil || !callee.Signature().Variadic() {
		return i
	}
	return min(i, names.ArgIndex(callee.Signature(), callee.Signature().Params().Len()-1))
}

// selectedField returns the struct field e selects (x.f), if any.
func (c *syntaxPass) selectedField(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s := c.pass.TypesInfo.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
		return s.Obj().(*types.Var).Origin()
	}
	return nil
}
