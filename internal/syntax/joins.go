package syntax

// This file tells, from syntax, the starts a function waits for before it
// returns (Summary.Joined), as the SSA path's joinedBeforeReturn does: a
// group's Go (or a go statement whose literal calls the group's Done) in
// one statement of the body, and a later statement of the body calling
// the group's Wait, with no return before it. And those whose result its
// callers join them by (Summary.Handle), as the SSA path's
// awaitedByCallers does: a go statement whose literal closes or sends on
// a channel once, right before the function returns that channel, or a
// literal receiving from it; a start on a group right before it returns
// the group's Wait.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// joinedBeforeReturn reports whether body, a function's, waits for what
// ev, one of its go or call events, starts before every return.
func (x *extractor) joinedBeforeReturn(body *ast.BlockStmt, ev event) bool {
	group := x.startedGroup(ev)
	if group == nil {
		return false
	}
	start := -1
	for i, stmt := range body.List {
		if stmt.Pos() <= ev.pos && ev.pos < stmt.End() {
			start = i
			break
		}
	}
	if start < 0 || x.inLiteral(body.List[start], ev) || returns(body.List[start]) {
		return false
	}
	for _, stmt := range body.List[start+1:] {
		if x.callsOnGroup(stmt, group, "Wait") {
			return true
		}
		if returns(stmt) {
			return false
		}
	}
	return false
}

// startedGroup is the variable of the group ev starts its work on: the
// receiver of g.Go(f) or g.TryGo(f), or the group whose Done a go
// statement's literal calls; nil for none.
func (x *extractor) startedGroup(ev event) types.Object {
	switch ev.kind {
	case callEvent:
		if ev.callee == nil || len(ev.args) == 0 || ev.callee.Name() != "Go" && ev.callee.Name() != "TryGo" {
			return nil
		}
		if id, ok := ast.Unparen(ev.args[0]).(*ast.Ident); ok {
			return x.info.Uses[id]
		}
	case goEvent:
		lit, ok := ast.Unparen(ev.fun).(*ast.FuncLit)
		if !ok {
			return nil
		}
		var group types.Object
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && group == nil {
				group = x.receiverOf(call, "Done")
			}
			return group == nil
		})
		return group
	}
	return nil
}

// receiverOf is the variable v of a call v.name(), or nil.
func (x *extractor) receiverOf(call *ast.CallExpr, name string) types.Object {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return nil
	}
	if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
		return x.info.Uses[id]
	}
	return nil
}

// callsOnGroup reports whether stmt, outside the literals in it, calls
// the method name on group.
func (x *extractor) callsOnGroup(stmt ast.Stmt, group types.Object, name string) bool {
	return outsideLiterals(stmt, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		return ok && x.receiverOf(call, name) == group
	})
}

// inLiteral reports whether ev is inside a function literal of stmt: the
// literal's own start, which its own body waits for or not.
func (x *extractor) inLiteral(stmt ast.Stmt, ev event) bool {
	in := false
	ast.Inspect(stmt, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && lit.Pos() <= ev.pos && ev.pos < lit.End() {
			in = true
		}
		return !in
	})
	return in
}

// returns reports whether stmt, outside the literals in it, may return.
func returns(stmt ast.Stmt) bool {
	return outsideLiterals(stmt, func(n ast.Node) bool { _, ok := n.(*ast.ReturnStmt); return ok })
}

// outsideLiterals reports whether found holds for a node of root, not
// looking into the function literals in it: another function's code.
func outsideLiterals(root ast.Node, found func(ast.Node) bool) bool {
	hit := false
	ast.Inspect(root, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || hit {
			return false
		}
		hit = found(n)
		return !hit
	})
	return hit
}

// joinedByResult reports whether ev, a start in a statement of body, is
// joined by what the statement right after it returns: a go statement's
// literal that signals a channel variable once (close(done), or done <-
// v, outside any loop of the literal), returning that channel or a
// literal receiving from it first; or a start on a group (g.Go(f), or a
// go statement's literal calling g.Done), returning the group's Wait or a
// literal calling it first.
func (x *extractor) joinedByResult(body *ast.BlockStmt, ev event) bool {
	for i, stmt := range body.List[:max(len(body.List)-1, 0)] {
		if stmt.Pos() > ev.pos || ev.pos >= stmt.End() {
			continue
		}
		ret, ok := body.List[i+1].(*ast.ReturnStmt)
		if !ok || x.inLiteral(stmt, ev) {
			return false
		}
		switch stmt.(type) {
		case *ast.GoStmt, *ast.ExprStmt:
		default:
			return false // a start in a loop, a branch: not followed by the return alone
		}
		if group := x.startedGroup(ev); group != nil && slices.ContainsFunc(ret.Results, func(r ast.Expr) bool {
			if sel, ok := ast.Unparen(r).(*ast.SelectorExpr); ok && sel.Sel.Name == "Wait" {
				id, ok := ast.Unparen(sel.X).(*ast.Ident)
				return ok && x.info.Uses[id] == group
			}
			waiter, ok := ast.Unparen(r).(*ast.FuncLit)
			return ok && len(waiter.Body.List) > 0 && x.callsOnGroup(waiter.Body.List[0], group, "Wait")
		}) {
			return true
		}
		lit, ok := ast.Unparen(ev.fun).(*ast.FuncLit)
		if _, isGo := stmt.(*ast.GoStmt); !isGo || !ok {
			return false
		}
		ch := x.signalled(lit)
		return ch != nil && slices.ContainsFunc(ret.Results, func(r ast.Expr) bool {
			if id, ok := ast.Unparen(r).(*ast.Ident); ok {
				return x.info.Uses[id] == ch
			}
			waiter, ok := ast.Unparen(r).(*ast.FuncLit)
			return ok && len(waiter.Body.List) > 0 && x.receives(waiter.Body.List[0], ch)
		})
	}
	return false
}

// signalled is the variable of the one channel lit closes or sends on,
// outside its loops and literals, or nil.
func (x *extractor) signalled(lit *ast.FuncLit) types.Object {
	var ch types.Object
	count := 0
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		var target ast.Expr
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false
		case *ast.SendStmt:
			target = n.Chan
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && id.Name == "close" && len(n.Args) == 1 {
				if _, builtin := x.info.Uses[id].(*types.Builtin); builtin {
					target = n.Args[0]
				}
			}
		}
		if id, ok := ast.Unparen(target).(*ast.Ident); ok && target != nil {
			ch, count = x.info.Uses[id], count+1
		}
		return true
	})
	if count != 1 {
		return nil
	}
	return ch
}

// receives reports whether stmt, the first of a waiter (see
// joinedByResult), receives from ch outside its literals: one stopping
// the goroutine first (cancel(); <-done) is a stop, not a wait.
func (x *extractor) receives(stmt ast.Stmt, ch types.Object) bool {
	return outsideLiterals(stmt, func(n ast.Node) bool {
		recv, ok := n.(*ast.UnaryExpr)
		if !ok || recv.Op != token.ARROW {
			return false
		}
		id, ok := ast.Unparen(recv.X).(*ast.Ident)
		return ok && x.info.Uses[id] == ch
	})
}
