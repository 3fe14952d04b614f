package fix

// This file finds the statements a hop fix moves: for the findings in an
// off-owner literal, the runs of statements of one block that hold them,
// split around what must stay off the owner, and the checks that moving a
// run into a func literal keeps its meaning.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/astutil"
)

// A statementGroup is a run of statements of one block that hold findings.
type statementGroup struct {
	block     *ast.BlockStmt
	stmts     []ast.Stmt
	positions []token.Pos // of its findings, the first first
}

// statementGroups finds, for each finding, the innermost statement of a
// block inside lit that holds it, and joins those of one block into the
// run from the first to the last.
func statementGroups(file *ast.File, lit *ast.FuncLit, positions []token.Pos) []statementGroup {
	var groups []statementGroup
	for _, pos := range positions {
		path, _ := astutil.PathEnclosingInterval(file, pos, pos)
		for i := 0; i+1 < len(path) && path[i] != lit; i++ {
			block, ok := path[i+1].(*ast.BlockStmt)
			stmt, isStmt := path[i].(ast.Stmt)
			if !ok || !isStmt {
				continue
			}
			at := slices.Index(block.List, stmt)
			j := slices.IndexFunc(groups, func(g statementGroup) bool { return g.block == block })
			if j < 0 {
				groups = append(groups, statementGroup{block: block, stmts: block.List[at : at+1], positions: []token.Pos{pos}})
				break
			}
			g := &groups[j]
			g.positions = append(g.positions, pos)
			lo := min(slices.Index(block.List, g.stmts[0]), at)
			hi := max(slices.Index(block.List, g.stmts[len(g.stmts)-1]), at)
			g.stmts = block.List[lo : hi+1]
			break
		}
	}
	return groups
}

// splitAtStaying splits each group around its statements that must stay
// off the owner (they may block, or use a value valid only during the
// call; see mustStayOff) and hold no finding: they stay where they are,
// and the statements before and after them hop on their own. A statement
// with a finding that must read something before its hop (hoists) starts
// a piece of its own, so that what it reads is read where it was.
func (c *hopFixer) splitAtStaying(groups []statementGroup) []statementGroup {
	var out []statementGroup
	for _, g := range groups {
		start := 0
		flush := func(end int) {
			if piece := c.piece(g, start, end); len(piece.positions) > 0 {
				out = append(out, piece)
			}
		}
		for i, stmt := range g.stmts {
			if !c.mustStayOff(stmt) {
				continue
			}
			flush(i)
			start = i
			if !slices.ContainsFunc(g.positions, func(p token.Pos) bool { return stmt.Pos() <= p && p < stmt.End() }) {
				start = i + 1
			}
		}
		flush(len(g.stmts))
	}
	return out
}

// holds reports whether pos is inside g's statements.
func (g statementGroup) holds(pos token.Pos) bool {
	return g.stmts[0].Pos() <= pos && pos < g.stmts[len(g.stmts)-1].End()
}

// piece is the statements [start, end) of g, with the findings in them.
func (c *hopFixer) piece(g statementGroup, start, end int) statementGroup {
	p := statementGroup{block: g.block, stmts: g.stmts[start:end]}
	if len(p.stmts) == 0 {
		return p
	}
	for _, pos := range g.positions {
		if p.holds(pos) {
			p.positions = append(p.positions, pos)
		}
	}
	return p
}

// leavesNothing reports whether control stays inside g's statements and
// nothing they define is used after them: no return, goto or defer, no
// labeled break or continue, and no break or continue of a loop, switch or
// select around them.
func (c *hopFixer) leavesNothing(g statementGroup) bool {
	defined := make(map[types.Object]bool)
	ok := true
	for _, stmt := range g.stmts {
		var stack []ast.Node
		ast.Inspect(stmt, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			switch n := n.(type) {
			case *ast.FuncLit:
				stack = stack[:len(stack)-1]
				return false // its returns are its own
			case *ast.ReturnStmt, *ast.DeferStmt:
				ok = false
			case *ast.BranchStmt:
				if n.Label != nil || n.Tok == token.GOTO || !insideBreakable(stack, n.Tok) {
					ok = false
				}
			case *ast.Ident:
				if obj := c.pass.TypesInfo.Defs[n]; obj != nil {
					defined[obj] = true
				}
			}
			return true
		})
	}
	if !ok {
		return false
	}
	at := slices.Index(g.block.List, g.stmts[len(g.stmts)-1])
	for _, stmt := range g.block.List[at+1:] {
		used := false
		ast.Inspect(stmt, func(n ast.Node) bool {
			if id, isIdent := n.(*ast.Ident); isIdent && defined[c.pass.TypesInfo.Uses[id]] {
				used = true
			}
			return !used
		})
		if used {
			return false
		}
	}
	return true
}

// insideBreakable reports whether a break or continue (tok) at the top of
// stack targets a statement on the stack: a loop, or for break a switch or
// select.
func insideBreakable(stack []ast.Node, tok token.Token) bool {
	for _, n := range stack[:len(stack)-1] {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return true
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			if tok == token.BREAK {
				return true
			}
		}
	}
	return false
}

// readsSettled reports whether no variable that g's statements read is
// assigned elsewhere in lit: the hop runs them later, and must see the
// values they saw.
func (c *hopFixer) readsSettled(lit *ast.FuncLit, g statementGroup) bool {
	read := make(map[types.Object]bool)
	for _, stmt := range g.stmts {
		ast.Inspect(stmt, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, isVar := c.pass.TypesInfo.Uses[id].(*types.Var); isVar {
					read[v] = true
				}
			}
			return true
		})
	}
	lo, hi := g.stmts[0].Pos(), g.stmts[len(g.stmts)-1].End()
	settled := true
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if n == nil || (lo <= n.Pos() && n.End() <= hi) {
			return false
		}
		var targets []ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				targets = n.Lhs
			}
		case *ast.IncDecStmt:
			targets = []ast.Expr{n.X}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				targets = []ast.Expr{n.X}
			}
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				targets = []ast.Expr{n.Key, n.Value}
			}
		}
		for _, t := range targets {
			if id, ok := ast.Unparen(t).(*ast.Ident); ok && read[c.pass.TypesInfo.Uses[id]] {
				settled = false
			}
		}
		return settled
	})
	return settled
}
