package report

// This file is -explain: it reports what the analyzer took from the
// package's directives, from the declarations in view and from the
// package's function bodies, so that a user can see why code is or is
// not reported. Each report starts with "explain:".

import (
	"cmp"
	"fmt"
	"go/ast"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/where"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// ExplainModel reports, for -explain, what the model took from the
// package's directives, the declarations in view and the built-in packs
// that apply.
func ExplainModel(m *model.Model) {
	for _, d := range slices.Concat(m.Dirs.Explanations(), m.Declared.Explanations(), packExplanations(m)) {
		m.Pass().Report(d)
	}
}

// packExplanations say which built-in packs apply, the version each was
// checked against, and the version the build uses when it is another.
func packExplanations(m *model.Model) []analysis.Diagnostic {
	// At the package clause of its first file the user wrote: a package
	// of generated files only (go test's main package, in the build
	// cache) gets none.
	i := slices.IndexFunc(m.Pass().Files, func(f *ast.File) bool { return !ast.IsGenerated(f) })
	if i < 0 {
		return nil
	}
	pos := m.Pass().Files[i].Package
	var out []analysis.Diagnostic
	for _, p := range m.Declared.Packs {
		msg := fmt.Sprintf("explain: the built-in pack %s applies (%d declarations, checked against %s %s)", p.Name, len(p.Declarations), p.Module, p.Version)
		if v := m.View.ModuleVersion(p.Module); v != "" && v != p.Version {
			msg += fmt.Sprintf("; this build uses %s %s, which it was not checked against", p.Module, v)
		}
		out = append(out, analysis.Diagnostic{Pos: pos, Message: msg})
	}
	return out
}

// explain reports, for -explain, what the model says and, at each
// function of the package, the func parameters its body hands off the
// owner or to it, and where: the sinks inferred.
func (r *reporter) explain() {
	c := r.c
	ExplainModel(c.M)
	var fns []*ssa.Function
	for fn, w := range c.Walks {
		if obj := flow.DeclaredFunc(fn); obj != nil && obj.Pkg() == c.Pass().Pkg && fn.Synthetic == "" && len(w.Evidence) > 0 {
			fns = append(fns, fn)
		}
	}
	slices.SortFunc(fns, func(a, b *ssa.Function) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, fn := range fns {
		where.Explain(c.M, flow.DeclaredFunc(fn), c.Walks[fn].Evidence)
	}
}
