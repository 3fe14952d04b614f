package sheet

import (
	"fmt"

	"example.com/corpus/trial-nl23r/internal/fanout"
)

// Issue is a suspicious formula found by Lint.
type Issue struct {
	Cell    Ref
	Message string
}

// Lint checks every formula concurrently for references to empty cells,
// division by a literal zero and unknown functions.
func (wb *Workbook) Lint() []Issue {
	refs := make([]Ref, 0, len(wb.exprs))
	for r := range wb.exprs {
		refs = append(refs, r)
	}
	sortRefs(refs)
	found := make([][]Issue, len(refs))
	fanout.Each(refs, func(i int, r Ref) {
		found[i] = wb.lintCell(r, wb.exprs[r])
	})()
	var out []Issue
	for _, is := range found {
		out = append(out, is...)
	}
	return out
}

// Linted reports how many cells Lint has examined.
func (wb *Workbook) Linted() int { return wb.linted }

func (wb *Workbook) lintCell(r Ref, e Expr) []Issue {
	wb.noteLinted()
	var out []Issue
	for _, d := range Dependencies(e) {
		if _, ok := wb.exprs[d]; !ok {
			out = append(out, Issue{r, fmt.Sprintf("references empty cell %s", d)})
		}
	}
	walk(e, func(x Expr) {
		switch x := x.(type) {
		case binExpr:
			if n, ok := x.r.(numExpr); ok && x.op == '/' && n.v == 0 {
				out = append(out, Issue{r, "divides by zero"})
			}
		case callExpr:
			_, custom := wb.opts.funcs[x.name]
			if _, ok := builtins[x.name]; !ok && !custom {
				out = append(out, Issue{r, "unknown function " + x.name})
			}
		}
	})
	return out
}

func (wb *Workbook) noteLinted() {
	wb.linted++ // RACY
}

func walk(e Expr, fn func(Expr)) {
	fn(e)
	switch e := e.(type) {
	case unaryExpr:
		walk(e.x, fn)
	case binExpr:
		walk(e.l, fn)
		walk(e.r, fn)
	case callExpr:
		for _, a := range e.args {
			walk(a, fn)
		}
	}
}
