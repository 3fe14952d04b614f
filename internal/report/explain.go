package report

// This file is -explain: it reports what the analyzer took from the
// package's directives, from the declarations in view and from the
// package's function bodies, so that a user can see why code is or is
// not reported. Each report starts with "explain:".

import (
	"cmp"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/ssa"
)

// explain reports, for -explain, the package's directives, the declarations in view and,
// at each function of the package, the func parameters its body hands off
// the owner or to it, and where: the sinks inferred.
func (r *reporter) explain() {
	c := r.c
	for _, d := range slices.Concat(c.M.Dirs.Explanations(), c.M.Declared.Explanations()) {
		c.Pass().Report(d)
	}
	var fns []*ssa.Function
	for fn, w := range c.Walks {
		if obj := flow.DeclaredFunc(fn); obj != nil && obj.Pkg() == c.Pass().Pkg && fn.Synthetic == "" && len(w.Evidence) > 0 {
			fns = append(fns, fn)
		}
	}
	slices.SortFunc(fns, func(a, b *ssa.Function) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, fn := range fns {
		for _, h := range c.Walks[fn].Evidence {
			kind := "async"
			switch {
			case h.Hop && h.To != "":
				kind = "hop (to @" + h.To + ")"
			case h.Hop:
				kind = "hop"
			}
			var params []string
			for _, s := range h.Sources.Sources() {
				if int(s) < len(fn.Params) && names.IsFuncTyped(fn.Params[s].Type()) {
					params = append(params, fn.Params[s].Name())
				}
			}
			if len(params) == 0 {
				continue // only captured funcs: nothing for callers to declare
			}
			c.Pass().Reportf(fn.Pos(), "explain: %s is an inferred %s sink of %s: it hands %s to %s (%s)",
				names.FuncName(flow.DeclaredFunc(fn)), kind, strings.Join(params, ", "), names.Pronoun(len(params)), h.Sink, c.M.Position(h.Pos))
		}
	}
}
