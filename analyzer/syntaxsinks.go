package analyzer

// This file is the cheap path for packages with nothing confined in reach:
// no directive of their own and none in their dependencies. They cannot
// touch confined state, so they need no SSA; all their callers need from
// them is which func parameters their functions send off the owner (a
// util.Go(f) wrapper around a go statement) or to it (a wrapper around a
// -hop function), which a walk over the syntax finds.

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// confinedInReach reports whether the package or a dependency declares any
// directive, so that SSA is worth building.
func (c *checker) confinedInReach() bool {
	if len(c.dirs.objects) > 0 {
		return true
	}
	for _, of := range c.pass.AllObjectFacts() {
		if _, ok := of.Fact.(*directiveFact); ok {
			return true
		}
	}
	return false
}

// exportSyntaxSinks finds the functions that pass a func parameter to a go
// statement, an async sink or a hop sink, within the package to a fixed
// point, and exports what it found for the exported ones.
func (c *checker) exportSyntaxSinks() {
	var decls []*ast.FuncDecl
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
			}
		}
	}
	found := make(map[*types.Func]*summary)
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			s := c.syntaxSinks(fn, fd, found)
			if old := found[fn]; (old == nil && !s.sameShape(new(summary))) || (old != nil && !old.sameShape(s)) {
				found[fn] = s
				changed = true
			}
		}
	}
	for fn, s := range found {
		if fn.Exported() {
			c.pass.ExportObjectFact(fn, &summaryFact{Summary: *s})
		}
	}
}

// syntaxSinks returns which of fn's func parameters its body sends off the
// owner or to it. It errs towards async: a parameter mentioned anywhere in
// a go statement is taken to run on the new goroutine.
func (c *checker) syntaxSinks(fn *types.Func, fd *ast.FuncDecl, found map[*types.Func]*summary) *summary {
	params := make(map[*types.Var]source)
	sig := fn.Signature()
	offset := 0
	if sig.Recv() != nil {
		offset = 1
	}
	for i := range sig.Params().Len() {
		if p := sig.Params().At(i); isFuncTyped(p.Type()) {
			params[p] = paramSource(i + offset)
		}
	}
	s := new(summary)
	if len(params) == 0 {
		return s
	}
	mentioned := func(n ast.Node) origin {
		var o origin
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
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			s.Async = s.Async.union(mentioned(n.Call))
			return false
		case *ast.CallExpr:
			callee, _ := typeutil.Callee(c.pass.TypesInfo, n).(*types.Func)
			if callee == nil {
				return true
			}
			callee = callee.Origin()
			k := c.contract(callee)
			async, hop := k.Async, k.Hop
			if sum := found[callee]; sum != nil {
				async, hop = appendSources(async, sum.Async), appendSources(hop, sum.Hop)
			} else if sum := c.importedSummary(callee); sum != nil {
				async, hop = appendSources(async, sum.Async), appendSources(hop, sum.Hop)
			}
			args := n.Args
			if callee.Signature().Recv() != nil {
				args = append([]ast.Expr{nil}, args...) // receiver-inclusive, like the indices
			}
			for i, arg := range args {
				switch {
				case arg == nil, contains(k.Sync, i): // a declared sync wins over an inferred async
				case contains(async, i):
					s.Async = s.Async.union(mentioned(arg))
				case contains(hop, i):
					s.Hop = s.Hop.union(mentioned(arg))
				}
			}
		}
		return true
	})
	return s
}

// appendSources adds the parameter sources in o to indices.
func appendSources(indices []int, o origin) []int {
	for _, s := range o.sources() {
		if s < freeBase {
			indices = append(indices, int(s))
		}
	}
	return indices
}
