package analyzer

import (
	"cmp"
	"fmt"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
)

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
