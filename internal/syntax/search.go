package syntax

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/where"
	"golang.org/x/tools/go/types/typeutil"
)

// This file is the syntax path's off-owner search (see syntaxsinks.go):
// the fields holding funcs that code off the owner calls, the channels
// whose funcs it receives, and the interface methods it calls.

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

// returnedValues are the values body's return statements return, outside
// the func literals in it.
func returnedValues(body *ast.BlockStmt) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			out = append(out, n.Results...)
		}
		return true
	})
	return out
}

// localFuncs maps the local variables assigned func literals (f :=
// func() {...}, var f = func() {...}) to those literals. It is built on
// first use.
func (c *syntaxPass) localFuncs() map[*types.Var][]*ast.FuncLit {
	if c.locals != nil {
		return c.locals
	}
	c.locals = make(map[*types.Var][]*ast.FuncLit)
	add := func(id *ast.Ident, value ast.Expr) {
		lit, ok := ast.Unparen(value).(*ast.FuncLit)
		if !ok {
			return
		}
		obj := c.pass.TypesInfo.Defs[id]
		if obj == nil {
			obj = c.pass.TypesInfo.Uses[id]
		}
		if v, ok := obj.(*types.Var); ok && !v.IsField() && v.Parent() != c.pass.Pkg.Scope() {
			c.locals[v] = append(c.locals[v], lit)
		}
	}
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i, lhs := range n.Lhs {
						if id, ok := lhs.(*ast.Ident); ok {
							add(id, n.Rhs[i])
						}
					}
				}
			case *ast.ValueSpec:
				if len(n.Names) == len(n.Values) {
					for i, id := range n.Names {
						add(id, n.Values[i])
					}
				}
			}
			return true
		})
	}
	return c.locals
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
func (c *syntaxPass) syntaxCallbackFields(decls []*ast.FuncDecl, found map[*types.Func]*summary.Summary) *syntaxFields {
	declOf := make(map[*types.Func]*ast.FuncDecl, len(decls))
	for _, fd := range decls {
		if fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
			declOf[fn] = fd
		}
	}
	fields := make(map[*types.Var]string)
	chanOff := make(map[*types.Var]bool)
	invoked := make(map[*types.Func]string)
	visited := make(map[*ast.BlockStmt]bool)
	visitedResults := make(map[*types.Func]bool)
	var queue []*ast.BlockStmt
	// enqueue adds the code a func-valued expression denotes.
	callee := func(call *ast.CallExpr) *types.Func {
		fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
		return fn
	}
	var enqueue func(e ast.Expr)
	enqueue = func(e ast.Expr) {
		switch e := ast.Unparen(e).(type) {
		case *ast.FuncLit:
			queue = append(queue, e.Body)
		case *ast.CallExpr: // s.wrapHandler(d): the funcs it returns
			if fn := callee(e); fn != nil && !visitedResults[fn] {
				visitedResults[fn] = true
				if fd := declOf[fn.Origin()]; fd != nil {
					for _, r := range returnedValues(fd.Body) {
						enqueue(r)
					}
				}
			}
		case *ast.Ident, *ast.SelectorExpr:
			var obj types.Object
			if sel, ok := e.(*ast.SelectorExpr); ok {
				obj = c.pass.TypesInfo.Uses[sel.Sel]
			} else {
				obj = c.pass.TypesInfo.Uses[e.(*ast.Ident)]
			}
			switch obj := obj.(type) {
			case *types.Func:
				if fd := declOf[obj.Origin()]; fd != nil {
					queue = append(queue, fd.Body)
				}
			case *types.Var: // f := func() {...}; go f()
				for _, lit := range c.localFuncs()[obj] {
					queue = append(queue, lit.Body)
				}
			}
		}
	}
	// Roots: go statements, func values handed to async sinks and stored
	// in fields another package calls off the owner, anywhere.
	type store struct {
		field *types.Var
		value ast.Expr
	}
	var stores []store
	for _, fd := range decls {
		if fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
			if _, ok := c.m.EntryFunc(fn); ok {
				queue = append(queue, fd.Body)
			}
		}
	}
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			c.fieldStores(n, func(f *types.Var, value ast.Expr) {
				if f == nil || !c.isFuncExpr(value) {
					return
				}
				if _, ok := c.m.ImportedOffOwnerField(f); ok {
					enqueue(value)
				} else {
					stores = append(stores, store{f, value})
				}
			})
			switch n := n.(type) {
			case *ast.GoStmt:
				if fld := c.calledFuncField(n.Call); fld != nil && fields[fld] == "" {
					fields[fld] = "a go statement"
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
				// Only func arguments start code: most calls have none,
				// and need no look at their callee.
				if !slices.ContainsFunc(n.Args, c.isFuncExpr) {
					break
				}
				if fn := callee(n); fn != nil {
					async, _, _ := c.syntaxSinkParams(fn, found)
					for i, a := range receiverInclusive(fn, n.Args) {
						if a != nil && slices.Contains(async, paramOf(fn, i)) && c.isFuncExpr(a) {
							enqueue(a)
						}
					}
				}
			}
			return true
		})
	}
	// The funcs stored in this package's fields that code off the owner
	// calls run off the owner too: once the queue is empty, they go in.
	more := func() bool {
		for _, st := range stores {
			if _, ok := fields[st.field]; ok {
				enqueue(st.value)
			}
		}
		stores = slices.DeleteFunc(stores, func(st store) bool { _, ok := fields[st.field]; return ok })
		return len(queue) > 0
	}
	for len(queue) > 0 || more() {
		body := queue[0]
		queue = queue[1:]
		if visited[body] {
			continue
		}
		visited[body] = true
		if c.selectsFuncChans() {
			c.receives(body, func(f *types.Var, _ bool) { chanOff[f] = true })
		}
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit, *ast.GoStmt:
				return false // created, not called; go statements are roots
			case *ast.CallExpr:
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
					if s := c.pass.TypesInfo.Selections[sel]; s != nil && s.Kind() == types.MethodVal && types.IsInterface(s.Recv()) {
						where.NoteInvoked(invoked, s.Obj().(*types.Func), c.declName(body))
					}
				}
				if fld := c.calledFuncField(n); fld != nil && fields[fld] == "" {
					fields[fld] = c.declName(body)
				}
				enqueue(n.Fun)
				if !slices.ContainsFunc(n.Args, c.isFuncExpr) {
					return true // nothing handed to run here
				}
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
	called           map[*types.Var]string // and a caller of each
	chanOff, chanHop map[*types.Var]bool
	invoked          map[*types.Func]string // interface methods called off the owner, and a caller of each
}

func (f *syntaxFields) equal(g *syntaxFields) bool {
	return maps.Equal(f.called, g.called) && maps.Equal(f.chanOff, g.chanOff) && maps.Equal(f.chanHop, g.chanHop)
}

// chanHops lists the channel fields whose funcs code that is not off the
// owner (visited) receives in a loop, unless code off the owner receives
// them too.
func (c *syntaxPass) chanHops(visited map[*ast.BlockStmt]bool, chanOff map[*types.Var]bool) map[*types.Var]bool {
	out := make(map[*types.Var]bool)
	if !c.selectsFuncChans() {
		return out // most packages: no receive to look for
	}
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
// selectsFuncChans reports whether the package selects any field holding
// a channel of funcs, without which funcChanField finds nothing. It is
// computed on first use.
func (c *syntaxPass) selectsFuncChans() bool {
	if c.funcChans == nil {
		found := false
		for _, sel := range c.pass.TypesInfo.Selections {
			if t, ok := sel.Type().Underlying().(*types.Chan); ok && sel.Kind() == types.FieldVal && names.IsFuncTyped(t.Elem()) {
				found = true
				break
			}
		}
		c.funcChans = &found
	}
	return *c.funcChans
}

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
		for fn, fd := range names.DeclaredFuncs(c.pass) {
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if lit, ok := n.(*ast.FuncLit); ok {
					c.bodyDecls[lit.Body] = fn
				}
				return true
			})
			c.bodyDecls[fd.Body] = fn
		}
	}
	if fn := c.bodyDecls[body]; fn != nil {
		return names.FuncName(fn)
	}
	return ""
}
