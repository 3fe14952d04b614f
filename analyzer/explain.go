package analyzer

// This file is -explain: it reports what the analyzer took from the
// package's directives, from the declarations in view and from the
// package's function bodies, so that a user can see why code is or is
// not reported. Each report starts with "explain:".

import (
	"cmp"
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// explain reports directives, declarations and inferred sinks.
func (c *Engine) explain() {
	c.explainDirectives()
	c.explainDeclarations()
	c.explainInferredSinks()
}

// explainDirectives reports each object of the package a doc comment
// directive is on, at the object.
func (c *Engine) explainDirectives() {
	objs := make([]types.Object, 0, len(c.dirs.objects))
	for obj := range c.dirs.objects {
		objs = append(objs, obj)
	}
	slices.SortFunc(objs, func(a, b types.Object) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, obj := range objs {
		c.pass.Reportf(obj.Pos(), "explain: %s is %s, by its doc comment", objectName(obj), c.dirs.objects[obj])
	}
}

// explainDeclarations reports each declaration in view and what it
// resolved to: at its line when it is the package's own, else at no
// position, saying where it was written.
func (c *Engine) explainDeclarations() {
	for _, d := range c.declared.sources {
		from := "here"
		if !d.pos.IsValid() {
			from = "from " + d.source
		}
		var msg string
		switch {
		case d.err != nil && d.report:
			msg = fmt.Sprintf("explain: declaration %s (%s) does not apply: %v", d.text(), from, d.err)
		case d.err != nil:
			continue // its own package reports it
		case d.member.obj != nil:
			msg = fmt.Sprintf("explain: declaration %s (%s) resolves to %s, which is now %s", d.text(), from, objectName(d.member.obj), c.declared.objects[d.member.obj])
		case d.report:
			msg = fmt.Sprintf("explain: declaration %s (%s) applies to nothing here: this package does not depend on its package", d.text(), from)
		default:
			continue
		}
		c.pass.Report(analysis.Diagnostic{Pos: d.pos, Message: msg})
	}
}

// explainInferredSinks reports, at each function of the package, the func
// parameters its body hands off the owner or to it, and where.
func (c *Engine) explainInferredSinks() {
	var fns []*ssa.Function
	for fn, w := range c.walks {
		if obj := declaredFunc(fn); obj != nil && obj.Pkg() == c.pass.Pkg && fn.Synthetic == "" && len(w.evidence) > 0 {
			fns = append(fns, fn)
		}
	}
	slices.SortFunc(fns, func(a, b *ssa.Function) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, fn := range fns {
		for _, h := range c.walks[fn].evidence {
			kind := "async"
			switch {
			case h.hop && h.to != "":
				kind = "hop (to @" + h.to + ")"
			case h.hop:
				kind = "hop"
			}
			var params []string
			for _, s := range h.sources.sources() {
				if int(s) < len(fn.Params) && isFuncTyped(fn.Params[s].Type()) {
					params = append(params, fn.Params[s].Name())
				}
			}
			if len(params) == 0 {
				continue // only captured funcs: nothing for callers to declare
			}
			c.pass.Reportf(fn.Pos(), "explain: %s is an inferred %s sink of %s: it hands %s to %s (%s)",
				funcName(declaredFunc(fn)), kind, strings.Join(params, ", "), pronoun(len(params)), h.sink, c.position(h.pos))
		}
	}
}

func pronoun(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

// objectName renders a declared object for messages.
func objectName(obj types.Object) string {
	switch obj := obj.(type) {
	case *types.Func:
		return funcName(obj)
	case *types.TypeName:
		if named, ok := obj.Type().(*types.Named); ok {
			return typeName(named)
		}
	case *types.Var:
		return "field " + obj.Name()
	}
	return obj.Name()
}
