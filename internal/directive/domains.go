package directive

import (
	"fmt"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/analysis"
)

// LoopDomains lists the domains of the loops the set declares, functions
// and goroutine literals marked //confined:loop ("" for the default
// owner's), once each, in no order.
func (s *Set) LoopDomains() []string {
	var out []string
	for _, d := range s.loopLiterals {
		out = append(out, d)
	}
	for _, f := range s.Objects {
		if f.Loop {
			out = append(out, f.Domain)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// UnnamedOwners reports the unnamed //confined:owner directives of a
// program whose every loop in view (this package's and the exported ones
// of its imports) names its domain: the default owner has no loop there,
// so every touch of that state would be reported, even on its real owner's
// loop. The message names the domain to write. declared is what the
// declarations and packs in view say (a framework's turns, declared loops
// of the default owner); imported lists the object facts of the other
// packages in view.
func UnnamedOwners(set *Set, declared *Declared, imported func() []analysis.ObjectFact) []analysis.Diagnostic {
	var unnamed []types.Object
	domains := make(map[string]bool)
	for obj, f := range set.Objects {
		switch {
		case f.Loop:
			domains[f.Domain] = true
		case f.Owner && f.Domain == "" && !ownerOfNamedReceiver(obj, set):
			unnamed = append(unnamed, obj)
		}
	}
	for _, d := range set.loopLiterals {
		domains[d] = true
	}
	for _, f := range declared.Objects {
		if f.Loop {
			domains[f.Domain] = true
		}
	}
	if len(unnamed) == 0 || domains[""] {
		return nil
	}
	for _, of := range imported() {
		if f, ok := of.Fact.(*Fact); ok && f.Loop {
			domains[f.Domain] = true
		}
	}
	if len(domains) == 0 || domains[""] {
		return nil
	}
	named := slices.Sorted(maps.Keys(domains))
	write := "@" + named[0]
	if len(named) > 1 {
		write = "one of @" + strings.Join(named, ", @")
	}
	slices.SortFunc(unnamed, func(a, b types.Object) int { return int(a.Pos() - b.Pos()) })
	var diags []analysis.Diagnostic
	for _, obj := range unnamed {
		diags = append(diags, analysis.Diagnostic{Pos: obj.Pos(), Message: fmt.Sprintf(
			"//confined:owner on %s names no owner, but every loop of the program is named (%s): no loop runs the default owner, "+
				"so every touch of this state would be reported; write //confined:owner %s",
			obj.Name(), "@"+strings.Join(named, ", @"), write)})
	}
	return diags
}

// ownerOfNamedReceiver reports whether obj is an owner-only method whose
// receiver type names its domain: the method runs on that domain.
func ownerOfNamedReceiver(obj types.Object, set *Set) bool {
	fn, ok := obj.(*types.Func)
	if !ok || fn.Signature().Recv() == nil {
		return false
	}
	named := names.DerefNamed(fn.Signature().Recv().Type())
	if named == nil {
		return false
	}
	f := set.Objects[named.Obj()]
	return f != nil && f.Owner && f.Domain != ""
}
