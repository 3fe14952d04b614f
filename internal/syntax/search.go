package syntax

// This file gives the package's code, as its syntax shows it, to the
// off-owner search (where.Search): every body of code (a declared
// function's, a literal's) with its calls, the roots of the search and
// the funcs stored in fields and received from channels.

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/where"
	"golang.org/x/tools/go/types/typeutil"
)

// search runs the off-owner search over the package's code.
func (p *sinkPass) search() *where.Fields {
	code := where.Code[*ast.BlockStmt]{
		Stored: make(map[*types.Var][]*ast.BlockStmt),
		Calls:  p.offOwnerCalls,
		Name:   p.declName,
		RunsOn: p.runsOn,
	}
	for fn, fd := range names.DeclaredFuncs(p.pass) {
		if _, _, ok := p.m.Entries.EntryFunc(fn); ok {
			code.Roots = append(code.Roots, fd.Body)
		}
	}
	for _, body := range p.bodies() {
		p.index(&code, body)
	}
	return &where.Search(code).Fields
}

// bodies lists the package's bodies of code: its declared functions' and
// every literal's, in source order, and the initializers of its
// package-level variables, as one body (what SSA makes the package's init).
func (p *sinkPass) bodies() []*ast.BlockStmt {
	if p.all != nil {
		return p.all
	}
	initializers := new(ast.BlockStmt)
	out := []*ast.BlockStmt{initializers}
	for _, f := range p.pass.Files {
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
				for _, spec := range gd.Specs {
					for _, v := range spec.(*ast.ValueSpec).Values {
						initializers.List = append(initializers.List, &ast.ExprStmt{X: v})
					}
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					out = append(out, n.Body)
				}
			case *ast.FuncLit:
				out = append(out, n.Body)
			}
			return true
		})
	}
	p.all = out
	return out
}

// index adds what body starts off the owner to the roots, the go
// statements that call a field's func, the funcs it stores in this
// package's fields, and its receives of funcs from channel fields.
func (p *sinkPass) index(code *where.Code[*ast.BlockStmt], body *ast.BlockStmt) {
	for _, ev := range p.events(body, false) {
		switch ev.kind {
		case goEvent:
			if ev.field != nil {
				code.Goes = append(code.Goes, where.FieldCall[*ast.BlockStmt]{Field: ev.field, By: body, Pos: ev.pos, Goes: true})
			}
			code.Roots = append(code.Roots, p.code(ev.fun)...)
			p.funcArgs(ev, func(callee where.Callee, i int, a ast.Expr) {
				if p.rules.StartArg(callee, paramOf(ev.callee, i)).Off {
					code.Roots = append(code.Roots, p.code(a)...)
				}
			})
		case callEvent:
			p.funcArgs(ev, func(callee where.Callee, i int, a ast.Expr) {
				if p.rules.Arg(callee, paramOf(ev.callee, i), true).Off {
					code.Roots = append(code.Roots, p.code(a)...)
				}
			})
		case storeEvent:
			switch pl := p.rules.Store(ev.field); {
			case pl.Off && !pl.AtCall: // another package calls it off the owner
				code.Roots = append(code.Roots, p.code(ev.value)...)
			case ev.field.Pkg() == p.pass.Pkg:
				code.Stored[ev.field] = append(code.Stored[ev.field], p.code(ev.value)...)
			}
		case sendEvent:
			if p.rules.Send(ev.field, "").Off {
				code.Roots = append(code.Roots, p.code(ev.value)...)
			}
		case convertEvent:
			if p.rules.Convert(ev.to).Off {
				code.Roots = append(code.Roots, p.code(ev.value)...)
			}
		}
	}
	if p.selectsFuncChans() {
		p.receives(body, func(f *types.Var, inLoop bool) {
			code.Receivers = append(code.Receivers, where.Receiver[*ast.BlockStmt]{Field: f, By: body, InLoop: inLoop})
		})
	}
}

// offOwnerCalls lists the calls of body as the off-owner search follows
// them: what each runs on the same goroutine (the code it calls, and the
// func values it hands its callee that run here), the field it calls, the
// interface method.
func (p *sinkPass) offOwnerCalls(body *ast.BlockStmt) ([]where.Call[*ast.BlockStmt], bool) {
	if _, ok := p.runsOn(body); ok {
		return nil, false // the owner's loop: nothing it runs is off the owner
	}
	var calls []where.Call[*ast.BlockStmt]
	for _, ev := range p.events(body, false) {
		if ev.kind != callEvent {
			continue
		}
		call := where.Call[*ast.BlockStmt]{Pos: ev.pos, Method: ev.method, Runs: p.code(ev.fun)}
		if ev.field != nil {
			call.Fields = []*types.Var{ev.field}
		}
		p.funcArgs(ev, func(callee where.Callee, i int, a ast.Expr) {
			if p.rules.Arg(callee, paramOf(ev.callee, i), true).RunsHere() {
				call.Runs = append(call.Runs, p.code(a)...)
			}
		})
		calls = append(calls, call)
	}
	return calls, true
}

// runsOn tells the owner body is known to run on: a declared function
// declared a loop or owner-only.
func (p *sinkPass) runsOn(body *ast.BlockStmt) (string, bool) {
	if fn := p.enclosingDecl(body); fn != nil && p.declOf(fn).Body == body {
		return p.m.FuncRunsOn(fn)
	}
	return "", false // a literal marked a loop has a directive: the package takes SSA
}

// receives calls found for each receive of funcs from a channel field in
// body, outside the func literals in it, saying whether it is in a loop.
func (p *sinkPass) receives(body *ast.BlockStmt, found func(f *types.Var, inLoop bool)) {
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
					if f := p.receivedChanField(n.X); f != nil {
						found(f, true)
					}
					walk(n.Body, true)
					return false
				}
			case *ast.UnaryExpr:
				if f := p.receivedChanField(n.X); f != nil && n.Op == token.ARROW {
					found(f, inLoop)
				}
			}
			return true
		})
	}
	walk(body, false)
}

// receivedChanField is the channel field of funcs e is: one it selects,
// or one a call returns (r.Ops(), see summary.ResultChan).
func (p *sinkPass) receivedChanField(e ast.Expr) *types.Var {
	if f := p.funcChanField(e); f != nil {
		return f
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn, _ := typeutil.Callee(p.info, call).(*types.Func)
	if sum := p.callee(fn).Summary; sum != nil && sum.ResultChan != (summary.FieldRef{}) {
		return p.m.FieldOf(sum.ResultChan)
	}
	return nil
}

// funcArgs calls do for each func argument of the go or call event ev,
// with what the rules know of its callee: most calls hand no func, and
// need no look at their callee.
func (p *sinkPass) funcArgs(ev event, do func(callee where.Callee, i int, a ast.Expr)) {
	var callee *where.Callee
	for i, a := range ev.args {
		if !p.isFunc(a) {
			continue
		}
		if callee == nil {
			c := p.callee(ev.callee)
			callee = &c
		}
		do(*callee, i, a)
	}
}
