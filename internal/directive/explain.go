package directive

// This file is what -explain says of directives and declarations.

import (
	"cmp"
	"fmt"
	"go/types"
	"maps"
	"slices"

	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/analysis"
)

// Explanations are -explain's reports of each object of the package a doc
// comment directive is on, at the object, in source order.
func (s *Set) Explanations() []analysis.Diagnostic {
	objs := make([]types.Object, 0, len(s.Objects))
	for obj := range s.Objects {
		objs = append(objs, obj)
	}
	slices.SortFunc(objs, func(a, b types.Object) int { return cmp.Compare(a.Pos(), b.Pos()) })
	var out []analysis.Diagnostic
	for _, obj := range objs {
		out = append(out, analysis.Diagnostic{Pos: obj.Pos(), Message: fmt.Sprintf("explain: %s is %s, by its doc comment", names.ObjectName(obj), s.Objects[obj])})
	}
	for _, pos := range slices.Sorted(maps.Keys(s.loopLiterals)) {
		out = append(out, analysis.Diagnostic{Pos: pos, Message: "explain: this goroutine literal is the loop of " + names.DomainName(s.loopLiterals[pos]) + ", by the //confined:loop above its go statement"})
	}
	return out
}

// Explanations are -explain's reports of each declaration in view and what
// it resolved to: at its line when it is the package's own, else at no
// position, saying where it was written.
func (c *Declared) Explanations() []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, d := range c.sources {
		if d.pack != "" {
			continue // one line a pack (see PackExplanations)
		}
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
			msg = fmt.Sprintf("explain: declaration %s (%s) resolves to %s, which is now %s", d.text(), from, names.ObjectName(d.member.obj), c.Objects[d.member.obj])
		case d.report:
			msg = fmt.Sprintf("explain: declaration %s (%s) applies to nothing here: this package does not depend on its package", d.text(), from)
		default:
			continue
		}
		out = append(out, analysis.Diagnostic{Pos: d.pos, Message: msg})
	}
	return out
}

// Named are the objects the declarations in view name, in their order.
func (c *Declared) Named() []types.Object {
	var out []types.Object
	for _, d := range c.sources {
		out = append(out, d.member.obj)
	}
	return out
}
