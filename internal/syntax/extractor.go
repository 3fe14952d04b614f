package syntax

// This file reads what the syntax tells of func values: the code a func
// expression denotes, the funcs local variables hold, and which declared
// function a body is in.

import (
	"go/ast"
	"go/types"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// An extractor reads the syntax of one package: the events of its bodies
// of code (events.go), and the code func expressions denote.
type extractor struct {
	pass *analysis.Pass
	info *types.Info
	// Built on first use.
	decls     map[*types.Func]*ast.FuncDecl // the package's declared functions with bodies
	locals    map[*types.Var][]ast.Expr     // see localValues
	copied    map[*types.Var]ast.Expr       // see localValues: copy(local, x.subs)
	ranged    map[*types.Var]*types.Var     // see fieldFuncVars
	bodyDecls map[*ast.BlockStmt]*types.Func
	funcChans *bool // see selectsFuncChans
	// The events of each body, without and with its literals'.
	flat, nested map[*ast.BlockStmt][]event
}

func newExtractor(pass *analysis.Pass) *extractor {
	return &extractor{pass: pass, info: pass.TypesInfo}
}

// declOf returns the declaration of fn, a function of the package, or nil.
func (x *extractor) declOf(fn *types.Func) *ast.FuncDecl {
	if x.decls == nil {
		x.decls = make(map[*types.Func]*ast.FuncDecl)
		for fn, fd := range names.DeclaredFuncs(x.pass) {
			x.decls[fn] = fd
		}
	}
	return x.decls[fn.Origin()]
}

// code lists the bodies of the code a func-valued expression denotes: a
// literal's, a declared function's (called by name, or as a method value),
// the literals a local variable is assigned, the funcs a call returns
// (s.wrap(h)), or, for append(x.fs, h), the funcs appended.
func (x *extractor) code(e ast.Expr) []*ast.BlockStmt {
	var out []*ast.BlockStmt
	seen := make(map[ast.Node]bool)
	var visit func(e ast.Expr)
	visit = func(e ast.Expr) {
		e = ast.Unparen(e)
		if e == nil || seen[e] {
			return
		}
		seen[e] = true
		switch e := e.(type) {
		case *ast.FuncLit:
			out = append(out, e.Body)
		case *ast.CallExpr:
			x.callCode(e, visit)
		case *ast.Ident, *ast.SelectorExpr:
			id, _ := e.(*ast.Ident)
			if sel, ok := e.(*ast.SelectorExpr); ok {
				id = sel.Sel
			}
			switch obj := x.info.Uses[id].(type) {
			case *types.Func:
				if fd := x.declOf(obj); fd != nil && !seen[fd] {
					seen[fd] = true
					out = append(out, fd.Body)
				}
			case *types.Var: // f := func() {...}; go f()
				for _, v := range x.localValues()[obj] {
					visit(v)
				}
			}
		}
	}
	visit(e)
	return out
}

// callCode visits what a call returns that is code: the funcs a function
// of the package returns, or those append adds.
func (x *extractor) callCode(call *ast.CallExpr, visit func(ast.Expr)) {
	if b, ok := x.info.Uses[identOf(call.Fun)].(*types.Builtin); ok && b.Name() == "append" {
		for _, a := range call.Args[1:] {
			visit(a)
		}
		return
	}
	fn, _ := x.resolve(call)
	if fn == nil {
		return
	}
	if fd := x.declOf(fn); fd != nil {
		for _, r := range returnedValues(fd.Body) {
			visit(r)
		}
	}
}

// identOf is the identifier e names, or nil.
func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
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

// localValues maps the local variables assigned func values (f :=
// func() {...}, var f = x.M, g = helper), or collections of them (subs :=
// slices.Clone(x.subs)), to the values assigned.
func (x *extractor) localValues() map[*types.Var][]ast.Expr {
	if x.locals != nil {
		return x.locals
	}
	x.locals, x.copied = make(map[*types.Var][]ast.Expr), make(map[*types.Var]ast.Expr)
	add := func(id *ast.Ident, value ast.Expr) {
		obj := x.info.Defs[id]
		if obj == nil {
			obj = x.info.Uses[id]
		}
		if v, ok := obj.(*types.Var); ok && !v.IsField() && v.Parent() != x.pass.Pkg.Scope() && flow.HoldsFuncs(v.Type()) {
			x.locals[v] = append(x.locals[v], value)
		}
	}
	for _, f := range x.pass.Files {
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
			case *ast.CallExpr: // copy(local, x.subs): what the local holds then
				if b, ok := x.info.Uses[identOf(n.Fun)].(*types.Builtin); ok && b.Name() == "copy" && len(n.Args) == 2 {
					if id, ok := ast.Unparen(n.Args[0]).(*ast.Ident); ok {
						if v, ok := x.info.Uses[id].(*types.Var); ok {
							x.copied[v] = n.Args[1]
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
	return x.locals
}

// fieldFuncVars maps the variables that hold a field's funcs to the
// field: those that range over a field holding funcs (for _, h := range
// x.handlers), and those assigned what a getter of the package returns
// of one on every path (onBuffer, onMeta := c.handlers()), as
// flow.ReturnedField finds on the SSA path.
func (x *extractor) fieldFuncVars() map[*types.Var]*types.Var {
	if x.ranged != nil {
		return x.ranged
	}
	x.ranged = make(map[*types.Var]*types.Var)
	for _, f := range x.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.RangeStmt:
				value, isIdent := n.Value.(*ast.Ident)
				field := x.collectionField(n.X)
				if v, ok := x.info.Defs[value].(*types.Var); ok && isIdent && field != nil && flow.HoldsFuncs(field.Type()) {
					x.ranged[v] = field
				}
			case *ast.AssignStmt:
				call, ok := n.Rhs[0].(*ast.CallExpr)
				if len(n.Rhs) != 1 || !ok {
					break
				}
				for i, lhs := range n.Lhs {
					id, _ := lhs.(*ast.Ident)
					v, ok := x.info.ObjectOf(id).(*types.Var)
					if field := x.getterFuncField(call, i); ok && field != nil {
						x.ranged[v] = field
					}
				}
			}
			return true
		})
	}
	return x.ranged
}

// returnedField is the field whose value, or an entry of whose map or
// slice, fd returns as its result i on every return, or nil.
func (x *extractor) returnedField(fd *ast.FuncDecl, i int) *types.Var {
	if fd == nil {
		return nil
	}
	var field *types.Var
	found := true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			var f *types.Var
			if i < len(n.Results) && len(n.Results) > 1 || i == 0 && len(n.Results) == 1 {
				f = x.selectedField(n.Results[i])
				if idx, ok := ast.Unparen(n.Results[i]).(*ast.IndexExpr); ok && f == nil {
					f = x.collectionField(idx.X) // return r.watchers[id]
				}
			}
			if f == nil || field != nil && f != field {
				found = false
			}
			field = f
		}
		return found
	})
	if !found {
		return nil
	}
	return field
}

// enclosingDecl is the declared function whose body, or a literal's body
// in which, body is.
func (x *extractor) enclosingDecl(body *ast.BlockStmt) *types.Func {
	if x.bodyDecls == nil {
		x.bodyDecls = make(map[*ast.BlockStmt]*types.Func)
		for fn, fd := range names.DeclaredFuncs(x.pass) {
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if lit, ok := n.(*ast.FuncLit); ok {
					x.bodyDecls[lit.Body] = fn
				}
				return true
			})
			x.bodyDecls[fd.Body] = fn
		}
	}
	return x.bodyDecls[body]
}

// declName names the declared function body is, or is in, as flow.Name
// names SSA functions.
func (x *extractor) declName(body *ast.BlockStmt) string {
	if fn := x.enclosingDecl(body); fn != nil {
		return names.FuncName(fn)
	}
	return ""
}

// selectsFuncChans reports whether the package selects any field holding
// a channel of funcs, or a method returning one (a mailbox's Ops()),
// without which no body receives funcs from one.
func (x *extractor) selectsFuncChans() bool {
	if x.funcChans == nil {
		found := false
		for _, sel := range x.info.Selections {
			t := sel.Type()
			if sig, ok := t.(*types.Signature); ok && sel.Kind() == types.MethodVal && sig.Results().Len() == 1 {
				t = sig.Results().At(0).Type()
			} else if sel.Kind() != types.FieldVal {
				continue
			}
			if names.IsFuncChan(t) {
				found = true
				break
			}
		}
		x.funcChans = &found
	}
	return *x.funcChans
}

// getterFuncField is the func field of the package whose func, or one of
// whose funcs, result i of call, a call of a function of the package,
// returns (s.handler(), r.watcher(id)), if any.
func (x *extractor) getterFuncField(call *ast.CallExpr, i int) *types.Var {
	callee, _ := typeutil.Callee(x.info, call).(*types.Func)
	if callee == nil || callee.Pkg() != x.pass.Pkg {
		return nil
	}
	if results := callee.Signature().Results(); i >= results.Len() || !names.IsFuncTyped(results.At(i).Type()) {
		return nil
	}
	if field := x.returnedField(x.declOf(callee), i); field != nil {
		return field
	}
	return nil
}
