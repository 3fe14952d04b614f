package engine

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
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// ConfinedInReach reports whether the package or a dependency declares any
// directive, so that SSA is worth building.
func (c *Engine) ConfinedInReach() bool {
	if len(c.m.dirs.Objects) > 0 {
		return true
	}
	for _, f := range c.m.declared.Objects {
		if f.Owner {
			return true
		}
	}
	for _, of := range c.pass.AllObjectFacts() {
		if _, ok := of.Fact.(*directive.Fact); ok {
			return true
		}
	}
	return false
}

// A syntaxPass finds sinks in the syntax of a package with nothing
// confined in reach.
type syntaxPass struct {
	pass   *analysis.Pass
	m      *Model
	e      *Engine                   // for the summaries of other packages
	ranged map[*types.Var]*types.Var // see rangedFields
	// bodyDecls maps function bodies, literals' too, to the declared
	// function they are in (see declName).
	bodyDecls map[*ast.BlockStmt]*types.Func
}

// ExportSyntaxSinks exports what the package's syntax tells of its
// functions' func parameters (see export), for a package that takes no
// SSA.
func (c *Engine) ExportSyntaxSinks() {
	(&syntaxPass{pass: c.pass, m: c.m, e: c}).export()
}

// export finds the functions that pass a func parameter to a go
// statement, an async sink or a hop sink, or store it in a field that the
// package's off-owner code calls (the rules in callbackfields.go), within
// the package to a fixed point, and exports what it found for the exported
// ones.
func (c *syntaxPass) export() {
	var decls []*ast.FuncDecl
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
			}
		}
	}
	found := make(map[*types.Func]*Summary)
	fields := new(syntaxFields)
	// Stores into fields called off the owner and sends on channels whose
	// funcs run elsewhere make sinks, and sinks may start more code off the
	// owner: a few rounds, as on the SSA path. Only a func parameter stored
	// in a field or sent on a channel field can make a sink so; most
	// packages have none, and skip the search.
	for range maxCallbackRounds {
		if !c.syntaxFixedPoint(decls, found, fields) {
			break
		}
		next := c.syntaxCallbackFields(decls, found)
		if next.equal(fields) {
			break
		}
		fields = next
	}
	if fields.invoked == nil { // the search did not run: no sink depends on it
		fields = c.syntaxCallbackFields(decls, found)
	}
	c.m.exportEntryFacts(fields.invoked)
	for fn, s := range found {
		if fn.Exported() {
			c.pass.ExportObjectFact(fn, &SummaryFact{Summary: *s})
		}
	}
}

// syntaxFixedPoint updates found until the sinks it records settle. It
// reports whether some function stores a func parameter in a func-typed
// field: only then can the fields called off the owner change a sink.
func (c *syntaxPass) syntaxFixedPoint(decls []*ast.FuncDecl, found map[*types.Func]*Summary, fields *syntaxFields) (storesParam bool) {
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			s, stores := c.syntaxSinks(fn, fd, found, fields)
			storesParam = storesParam || stores
			if old := found[fn]; (old == nil && !s.sameShape(new(Summary))) || (old != nil && !old.sameShape(s)) {
				found[fn] = s
				changed = true
			}
		}
	}
	return storesParam
}

// syntaxSinks returns which of fn's func parameters its body sends off the
// owner or to it, and whether it stores one in a func-typed field. It errs
// towards async: a parameter mentioned anywhere in a go statement is taken
// to run on the new goroutine.
func (c *syntaxPass) syntaxSinks(fn *types.Func, fd *ast.FuncDecl, found map[*types.Func]*Summary, fields *syntaxFields) (s *Summary, storesParam bool) {
	params := make(map[*types.Var]source)
	sig := fn.Signature()
	offset := 0
	if sig.Recv() != nil {
		offset = 1
	}
	for i := range sig.Params().Len() {
		if names.IsFuncParam(sig, i) {
			params[sig.Params().At(i)] = ParamSource(i + offset)
		}
	}
	s = new(Summary)
	if len(params) == 0 {
		return s, false
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
		param, _ := c.pass.TypesInfo.Uses[x].(*types.Var)
		v, _ := c.pass.TypesInfo.Defs[value].(*types.Var)
		if src, ok := params[param]; ok && v != nil {
			params[v] = src
		}
		return true
	})
	mentioned := func(n ast.Node) Origin {
		var o Origin
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok {
					if src, ok := params[v]; ok {
						o = o.union(originOf(src))
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
		if fields.called[f] {
			s.Async = s.Async.union(o)
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt: // c.onMessage = h, c.subs[k] = h, c.hs = append(c.hs, h)
			if len(n.Lhs) == len(n.Rhs) {
				for i, lhs := range n.Lhs {
					if idx, ok := ast.Unparen(lhs).(*ast.IndexExpr); ok {
						lhs = idx.X
					}
					stored(c.selectedField(lhs), n.Rhs[i])
				}
			}
		case *ast.CompositeLit: // &conn{onMessage: h}
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						if f, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && f.IsField() {
							stored(f.Origin(), kv.Value)
						}
					}
				}
			}
		case *ast.SendStmt: // c.jobs <- f
			if f := c.funcChanField(n.Chan); f != nil {
				o := mentioned(n.Value)
				storesParam = storesParam || !o.Fresh()
				switch {
				case fields.chanOff[f]:
					s.Async = s.Async.union(o)
				case fields.chanHop[f]:
					s.addHop(o, "")
				}
			}
		case *ast.GoStmt:
			s.Async = s.Async.union(mentioned(n.Call))
			return false
		case *ast.CallExpr:
			if tv := c.pass.TypesInfo.Types[n.Fun]; tv.IsType() && len(n.Args) == 1 {
				if _, ok := c.m.offOwnerValue(tv.Type); ok { // http.HandlerFunc(f)
					s.Async = s.Async.union(mentioned(n.Args[0]))
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
				switch {
				case arg == nil:
				case slices.Contains(async, paramOf(callee, i)):
					s.Async = s.Async.union(mentioned(arg))
				case slices.Contains(hop, paramOf(callee, i)):
					s.addHop(mentioned(arg), hopTo)
				}
			}
		}
		return true
	})
	return s, storesParam
}

// appendSources adds the parameter sources in o to indices.
func appendSources(indices []int, o Origin) []int {
	for _, s := range o.Sources() {
		if s < freeBase {
			indices = append(indices, int(s))
		}
	}
	return indices
}

// syntaxSinkParams returns the receiver-inclusive indices of callee's
// parameters that run off the owner and on it, and the domain of that
// owner: declared, found in this package so far, or imported.
func (c *syntaxPass) syntaxSinkParams(callee *types.Func, found map[*types.Func]*Summary) (async, hop []int, hopTo string) {
	callee = callee.Origin()
	k := c.m.Contract(callee)
	async, hop = k.Async, k.Hop
	if len(hop) > 0 {
		hopTo = c.m.hopDomain(callee)
	}
	sum := found[callee]
	if sum == nil {
		sum = c.e.importedSummary(callee)
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

// calledFuncField returns the func-typed field a call calls (x.f()), if any.
func (c *syntaxPass) calledFuncField(call *ast.CallExpr) *types.Var {
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.IndexExpr: // x.handlers[i](), x.subs[k]()
		if f := c.selectedField(fun.X); f != nil && flow.HoldsFuncs(f.Type()) {
			return f
		}
	case *ast.Ident: // for _, h := range x.handlers { h() }
		if v, ok := c.pass.TypesInfo.Uses[fun].(*types.Var); ok {
			return c.rangedFields()[v]
		}
	}
	if f := c.selectedField(call.Fun); f != nil && names.IsFuncTyped(f.Type()) {
		return f
	}
	return nil
}

// rangedFields maps the variables that range over a field holding funcs
// (for _, h := range x.handlers) to the field. It is built on first use.
func (c *syntaxPass) rangedFields() map[*types.Var]*types.Var {
	if c.ranged != nil {
		return c.ranged
	}
	c.ranged = make(map[*types.Var]*types.Var)
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			r, ok := n.(*ast.RangeStmt)
			if !ok || r.Value == nil {
				return true
			}
			value, isIdent := r.Value.(*ast.Ident)
			field := c.selectedField(r.X)
			if v, ok := c.pass.TypesInfo.Defs[value].(*types.Var); ok && isIdent && field != nil && flow.HoldsFuncs(field.Type()) {
				c.ranged[v] = field
			}
			return true
		})
	}
	return c.ranged
}

// syntaxCallbackFields is the syntax evaluator of the off-owner search of
// callbackfields.go: from the go statements and the func values handed to
// async sinks, it follows what that code calls (package functions, function
// literals called in place or handed to a function that runs them here, but
// not literals merely created) and collects the func fields it calls; go
// x.f() makes f such a field wherever it is. Calls through interfaces are
// not followed here (the SSA path resolves them to the implementations).
// This package has no directives, so it has no loops.
func (c *syntaxPass) syntaxCallbackFields(decls []*ast.FuncDecl, found map[*types.Func]*Summary) *syntaxFields {
	declOf := make(map[*types.Func]*ast.FuncDecl, len(decls))
	for _, fd := range decls {
		if fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
			declOf[fn] = fd
		}
	}
	fields := make(map[*types.Var]bool)
	chanOff := make(map[*types.Var]bool)
	invoked := make(map[*types.Func]string)
	visited := make(map[*ast.BlockStmt]bool)
	var queue []*ast.BlockStmt
	// enqueue adds the code a func-valued expression denotes.
	enqueue := func(e ast.Expr) {
		switch e := ast.Unparen(e).(type) {
		case *ast.FuncLit:
			queue = append(queue, e.Body)
		case *ast.Ident, *ast.SelectorExpr:
			var obj types.Object
			if sel, ok := e.(*ast.SelectorExpr); ok {
				obj = c.pass.TypesInfo.Uses[sel.Sel]
			} else {
				obj = c.pass.TypesInfo.Uses[e.(*ast.Ident)]
			}
			if fn, ok := obj.(*types.Func); ok {
				if fd := declOf[fn.Origin()]; fd != nil {
					queue = append(queue, fd.Body)
				}
			}
		}
	}
	callee := func(call *ast.CallExpr) *types.Func {
		fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
		return fn
	}
	// Roots: go statements and func values handed to async sinks, anywhere.
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt:
				if fld := c.calledFuncField(n.Call); fld != nil {
					fields[fld] = true
				}
				enqueue(n.Call.Fun)
				var hop []int
				fn := callee(n.Call)
				if fn != nil {
					_, hop, _ = c.syntaxSinkParams(fn, found)
				}
				args := n.Call.Args
				if fn != nil {
					args = receiverInclusive(fn, args)
				}
				for i, a := range args {
					if a != nil && !slices.Contains(hop, paramOf(fn, i)) && c.isFuncExpr(a) {
						enqueue(a)
					}
				}
			case *ast.CallExpr:
				if fn := callee(n); fn != nil {
					async, _, _ := c.syntaxSinkParams(fn, found)
					for i, a := range receiverInclusive(fn, n.Args) {
						if a != nil && slices.Contains(async, paramOf(fn, i)) {
							enqueue(a)
						}
					}
				}
			}
			return true
		})
	}
	for len(queue) > 0 {
		body := queue[0]
		queue = queue[1:]
		if visited[body] {
			continue
		}
		visited[body] = true
		c.receives(body, func(f *types.Var, _ bool) { chanOff[f] = true })
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit, *ast.GoStmt:
				return false // created, not called; go statements are roots
			case *ast.CallExpr:
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
					if s := c.pass.TypesInfo.Selections[sel]; s != nil && s.Kind() == types.MethodVal && types.IsInterface(s.Recv()) {
						noteInvoked(invoked, s.Obj().(*types.Func), c.declName(body))
					}
				}
				if fld := c.calledFuncField(n); fld != nil {
					fields[fld] = true
				}
				enqueue(n.Fun)
				fn := callee(n)
				if fn == nil {
					for _, a := range n.Args {
						if c.isFuncExpr(a) {
							enqueue(a) // an unknown func value runs its func arguments here
						}
					}
					return true
				}
				async, hop, _ := c.syntaxSinkParams(fn, found)
				for i, a := range receiverInclusive(fn, n.Args) {
					if a != nil && !slices.Contains(async, paramOf(fn, i)) && !slices.Contains(hop, paramOf(fn, i)) && c.isFuncExpr(a) {
						enqueue(a) // run here, like sync.Once.Do's
					}
				}
			}
			return true
		})
	}
	return &syntaxFields{called: fields, chanOff: chanOff, chanHop: c.chanHops(visited, chanOff), invoked: invoked}
}

// syntaxFields is what the syntax path's off-owner search found: the
// fields holding funcs that code off the owner calls, and the channel
// fields whose funcs code off the owner receives, or code on the owner
// receives in a loop (as classifyChannels decides on the SSA path).
type syntaxFields struct {
	called, chanOff, chanHop map[*types.Var]bool
	invoked                  map[*types.Func]string // interface methods called off the owner, and a caller of each
}

func (f *syntaxFields) equal(g *syntaxFields) bool {
	return maps.Equal(f.called, g.called) && maps.Equal(f.chanOff, g.chanOff) && maps.Equal(f.chanHop, g.chanHop)
}

// chanHops lists the channel fields whose funcs code that is not off the
// owner (visited) receives in a loop, unless code off the owner receives
// them too.
func (c *syntaxPass) chanHops(visited map[*ast.BlockStmt]bool, chanOff map[*types.Var]bool) map[*types.Var]bool {
	out := make(map[*types.Var]bool)
	onOwner := func(body *ast.BlockStmt) {
		if body == nil || visited[body] {
			return
		}
		c.receives(body, func(f *types.Var, inLoop bool) {
			if inLoop && !chanOff[f] {
				out[f] = true
			}
		})
	}
	for _, file := range c.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				onOwner(n.Body)
			case *ast.FuncLit:
				onOwner(n.Body)
			}
			return true
		})
	}
	return out
}

// receives calls found for each receive of funcs from a channel field in
// body, outside the func literals in it, saying whether it is in a loop.
func (c *syntaxPass) receives(body *ast.BlockStmt, found func(f *types.Var, inLoop bool)) {
	var walk func(root ast.Node, inLoop bool)
	walk = func(root ast.Node, inLoop bool) {
		ast.Inspect(root, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt:
				if n != root {
					walk(n.Body, true)
					return false
				}
			case *ast.RangeStmt:
				if n != root {
					if f := c.funcChanField(n.X); f != nil {
						found(f, true)
					}
					walk(n.Body, true)
					return false
				}
			case *ast.UnaryExpr:
				if f := c.funcChanField(n.X); f != nil && n.Op == token.ARROW {
					found(f, inLoop)
				}
			}
			return true
		})
	}
	walk(body, false)
}

// funcChanField returns the channel field of funcs that e selects, if any.
func (c *syntaxPass) funcChanField(e ast.Expr) *types.Var {
	f := c.selectedField(e)
	if f == nil {
		return nil
	}
	if t, ok := f.Type().Underlying().(*types.Chan); ok && names.IsFuncTyped(t.Elem()) {
		return f
	}
	return nil
}

// isFuncExpr reports whether e is a func value.
func (c *syntaxPass) isFuncExpr(e ast.Expr) bool {
	t := c.pass.TypesInfo.TypeOf(e)
	return t != nil && names.IsFuncTyped(t)
}

// declName names the declared function whose body, or a literal's body in
// which, body is, as flow.Name names the SSA function.
func (c *syntaxPass) declName(body *ast.BlockStmt) string {
	if c.bodyDecls == nil {
		c.bodyDecls = make(map[*ast.BlockStmt]*types.Func)
		for _, f := range c.pass.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
				if fn == nil {
					continue
				}
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					if lit, ok := n.(*ast.FuncLit); ok {
						c.bodyDecls[lit.Body] = fn
					}
					return true
				})
				c.bodyDecls[fd.Body] = fn
			}
		}
	}
	if fn := c.bodyDecls[body]; fn != nil {
		return names.FuncName(fn)
	}
	return ""
}
