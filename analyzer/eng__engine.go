package analyzer

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// A Engine holds what one pass knows. It lives only as long as the pass,
// so the analyzer keeps no state between packages.
type Engine struct {
	pass         *analysis.Pass
	cfg          *config
	dirs         *directiveSet
	declared     Declared
	packageFacts []analysis.PackageFact // see importedPackageFacts
	factCache    map[types.Object]*directiveFact
	contracts    map[*types.Func]*directiveFact
	importedSums map[*types.Func]*Summary
	walks        map[*ssa.Function]*Walk
	prog         *ssa.Program
	impls        map[*types.Func][]*ssa.Function
	refs         map[*ssa.Function][]*ssa.Function
	// Func-typed fields and the calls that run their funcs off the owner
	// (see callbackfields.go).
	callbackFields *callbackFields
}

// exportDirectives publishes directives for other packages: on every type
// (values of unexported types still travel), and on the fields, functions
// and methods they can name.
func (c *Engine) exportDirectives() {
	for obj, fact := range c.dirs.objects {
		if _, isType := obj.(*types.TypeName); isType || obj.Exported() {
			c.pass.ExportObjectFact(obj, fact)
		}
	}
	if c.pass.Pkg.Name() != "main" { // nothing imports a command: its package facts would go nowhere
		c.exportDeclarations()
		c.exportHopSinks()
	}
}

// exportHopSinks publishes the package's exported package-level hop sinks,
// and those it learnt from its imports, as a package fact (see
// hopSinksFact). Only a directive or a declaration makes one, so most
// packages, unannotated, skip the scan.
func (c *Engine) exportHopSinks() {
	sinks := c.importedHopSinks()
	if len(c.dirs.objects) > 0 || len(c.declared.objects) > 0 {
		scope := c.pass.Pkg.Scope()
		for _, name := range scope.Names() {
			fn, ok := scope.Lookup(name).(*types.Func)
			if !ok || !fn.Exported() {
				continue
			}
			if hop := c.contract(fn).Hop; len(hop) > 0 {
				sinks = append(sinks, c.describeHop(funcName(fn), fn, hop))
			}
		}
	}
	slices.SortFunc(sinks, func(a, b hopSinkName) int { return strings.Compare(a.Name, b.Name) })
	sinks = slices.CompactFunc(sinks, func(a, b hopSinkName) bool { return a.Name == b.Name })
	if len(sinks) > 0 {
		c.pass.ExportPackageFact(&hopSinksFact{Sinks: sinks})
	}
}

// importedHopSinks are the hop sinks the package's imports publish.
func (c *Engine) importedHopSinks() []hopSinkName {
	var sinks []hopSinkName
	for _, pf := range c.packageFacts {
		if f, ok := pf.Fact.(*hopSinksFact); ok {
			sinks = append(sinks, f.Sinks...)
		}
	}
	return sinks
}

// importedPackageFacts are the package facts of the packages this one
// depends on, by path. The go vet driver passes on only those of direct
// imports, so hopSinksFact and declarationsFact carry along what they
// received: what a package declares reaches every package above it.
func (c *Engine) importedPackageFacts() []analysis.PackageFact {
	facts := slices.DeleteFunc(c.pass.AllPackageFacts(), func(pf analysis.PackageFact) bool { return pf.Package == c.pass.Pkg })
	slices.SortFunc(facts, func(a, b analysis.PackageFact) int { return strings.Compare(a.Package.Path(), b.Package.Path()) })
	return facts
}
