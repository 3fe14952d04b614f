package fix

// This file reads, before a hop, what the hopped statements must not do on
// the owner or after the off-owner code has moved on: a call that may
// block (d.add(fetchName(url)) fetches before it hops) and a read of a
// value valid only during the call (d.add(r.FormValue("msg")) reads the
// request before it hops). Each such expression that touches nothing
// confined becomes a variable defined just before the hop, which the hop
// uses instead.

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A hoist is an expression of the first statement of a group read into a
// variable before the hop.
type hoist struct {
	expr ast.Expr
	name string
}

// mustStayOff reports whether n does what a hop must not: it may block, or
// uses a value valid only during the call.
func (c *hopFixer) mustStayOff(n ast.Node) bool {
	return c.blocking.mayBlock(n) || c.usesCallScoped(n)
}

// hoists returns what must be read out of stmt before the hop for the rest
// of it to run on the owner, or reports that the rest would still do what
// a hop must not (a finding inside a blocking call, the request itself
// handed to confined code, a read the statement makes only on a condition).
// What is read is as little as can be: the blocking call, the value read
// from the request (r.FormValue("msg"), r.URL.Path; not r.URL, which still
// points into the request).
func (c *hopFixer) hoists(lit *ast.FuncLit, stmt ast.Stmt, positions []token.Pos) ([]hoist, bool) {
	if !c.mustStayOff(stmt) {
		return nil, true
	}
	switch stmt.(type) {
	case *ast.ExprStmt, *ast.AssignStmt, *ast.IncDecStmt:
	default:
		return nil, false // a read out of a branch or loop would run unconditionally
	}
	var chosen []ast.Expr
	ok := true
	var stack []ast.Node
	ast.Inspect(stmt, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if !ok {
			return false
		}
		stack = append(stack, n)
		if lit, isLit := n.(*ast.FuncLit); isLit && c.mustStayOff(lit) {
			ok = false // made here, run later
		}
		if leaf, scoped := c.offending(n); leaf {
			e, found := c.hoistFor(stmt, stack, positions, scoped)
			if !found {
				ok = false
			} else if !slices.Contains(chosen, e) {
				chosen = append(chosen, e)
			}
		}
		return ok
	})
	if !ok {
		return nil, false
	}
	// The outermost of nested reads; in source order.
	chosen = slices.DeleteFunc(chosen, func(e ast.Expr) bool {
		return slices.ContainsFunc(chosen, func(o ast.Expr) bool { return o != e && o.Pos() <= e.Pos() && e.End() <= o.End() })
	})
	slices.SortFunc(chosen, func(a, b ast.Expr) int { return cmp.Compare(a.Pos(), b.Pos()) })
	var out []hoist
	taken := make(map[string]bool) // the names inside lit, and those chosen
	ast.Inspect(lit, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			taken[id.Name] = true
		}
		return true
	})
	for _, e := range chosen {
		name := c.freeName(lit, nameFor(e), taken)
		taken[name] = true
		out = append(out, hoist{e, name})
	}
	return out, true
}

// offending reports whether n is what a hop must not do itself: a call
// that may block, a receive, or (scoped) a variable valid only during the
// call.
func (c *hopFixer) offending(n ast.Node) (leaf, scoped bool) {
	switch n := n.(type) {
	case *ast.CallExpr:
		return c.blocking.call(n), false
	case *ast.UnaryExpr:
		return n.Op == token.ARROW, false
	case *ast.Ident:
		v, isVar := c.pass.TypesInfo.Uses[n].(*types.Var)
		scoped = isVar && isCallScoped(v.Type())
		return scoped, scoped
	}
	return false, false
}

// hoistFor finds, on the stack from stmt down to an offending node, the
// innermost expression that can be read before the hop: one that holds no
// finding, is no assignment's target, and is evaluated whenever stmt is
// (not the right side of && or ||); for a variable valid only during the
// call, one that does not still point into what it refers to.
func (c *hopFixer) hoistFor(stmt ast.Stmt, stack []ast.Node, positions []token.Pos, scoped bool) (ast.Expr, bool) {
	holdsFinding := func(n ast.Node) bool {
		return slices.ContainsFunc(positions, func(p token.Pos) bool { return n.Pos() <= p && p < n.End() })
	}
	for i := len(stack) - 1; i > 0; i-- {
		e, isExpr := stack[i].(ast.Expr)
		if !isExpr || holdsFinding(e) || c.assigned(stmt, e) {
			return nil, false
		}
		if b, isBinary := stack[i-1].(*ast.BinaryExpr); isBinary && (b.Op == token.LAND || b.Op == token.LOR) && b.Y == e {
			return nil, false
		}
		if !c.hoistable(e) {
			continue
		}
		if t := c.pass.TypesInfo.TypeOf(e); scoped && pointsInto(t) {
			continue
		}
		return e, true
	}
	return nil, false
}

// assigned reports whether e is a target stmt assigns.
func (c *hopFixer) assigned(stmt ast.Stmt, e ast.Expr) bool {
	switch s := stmt.(type) {
	case *ast.AssignStmt:
		return slices.ContainsFunc(s.Lhs, func(l ast.Expr) bool { return ast.Unparen(l) == e })
	case *ast.IncDecStmt:
		return ast.Unparen(s.X) == e
	}
	return false
}

// pointsInto reports whether a value of type t may refer to memory of the
// value it was read from: a pointer, map, slice, channel or interface.
func pointsInto(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Slice, *types.Chan, *types.Interface:
		return true
	}
	return false
}

// hoistable reports whether e can be read into a variable: one value, not
// a func (a method value of the request would still read it), not a type,
// and not itself valid only during the call.
func (c *hopFixer) hoistable(e ast.Expr) bool {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || !tv.IsValue() || tv.Type == nil {
		return false
	}
	switch tv.Type.(type) {
	case *types.Tuple:
		return false
	}
	if _, isFunc := tv.Type.Underlying().(*types.Signature); isFunc {
		return false
	}
	if b, isBasic := tv.Type.(*types.Basic); isBasic && b.Kind() == types.UntypedNil {
		return false
	}
	return !isCallScoped(tv.Type)
}

// nameFor names the variable that holds e: after the function or method
// called, less a leading verb, or the field selected (r.FormValue("msg")
// gives formValue, fetchCount(url) count, r.URL.Path path), else v.
func nameFor(e ast.Expr) string {
	if call, ok := e.(*ast.CallExpr); ok {
		e = call.Fun
	}
	var name string
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		name = e.Sel.Name
	case *ast.Ident:
		name = e.Name
	}
	for _, verb := range []string{"Get", "Fetch", "Load", "Read", "Lookup", "Compute", "Make", "New", "get", "fetch", "load", "read", "lookup", "compute", "make", "new"} {
		if rest, ok := strings.CutPrefix(name, verb); ok && rest != "" && unicode.IsUpper([]rune(rest)[0]) {
			name = rest // fetchCount gives count
			break
		}
	}
	r, size := utf8.DecodeRuneInString(name)
	if name == "" || r == '_' {
		return "v"
	}
	return string(unicode.ToLower(r)) + name[size:]
}

// freeName returns base, or base with a number after it, that names
// nothing in scope at lit, no keyword and no predeclared identifier, and
// is not taken (the names inside lit are).
func (c *hopFixer) freeName(lit *ast.FuncLit, base string, taken map[string]bool) string {
	scope := c.pass.Pkg.Scope().Innermost(lit.Body.Pos())
	free := func(name string) bool {
		if taken[name] || token.IsKeyword(name) {
			return false
		}
		_, obj := scope.LookupParent(name, lit.Body.Pos())
		return obj == nil && types.Universe.Lookup(name) == nil
	}
	if free(base) {
		return base
	}
	for i := 2; ; i++ {
		if name := base + strconv.Itoa(i); free(name) {
			return name
		}
	}
}
