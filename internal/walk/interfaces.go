package walk

// This file resolves calls through interface methods. Real code hides
// confined state behind an interface with an unexported implementation (a
// Node interface implemented only by *node), so a call through an interface
// method stands for the implementations declared in the interface's own
// package; its package exports their merged summary on the interface method.
// Implementations elsewhere are not considered unless -strict, so that
// widely implemented interfaces (io.Writer, fmt.Stringer) never drag
// unrelated confined types into every call. A touch through the receiver
// carries the implementation's type, so that callers passing values of
// other types drop it (BindRecv): the call stands for the implementations
// whose values reach it.

import (
	"go/types"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/ssa"
)

// Implementations returns the methods of this package's types that a call
// of the interface method m may reach: for interfaces of this package, or
// for any interface under -strict.
func (c *Package) Implementations(m *types.Func) []*ssa.Function {
	if impls, ok := c.impls[m]; ok {
		return impls
	}
	var impls []*ssa.Function
	iface, _ := m.Signature().Recv().Type().Underlying().(*types.Interface)
	if iface != nil && (m.Pkg() == c.pass.Pkg || c.M.Config().Strict) {
		scope := c.pass.Pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
				continue
			}
			if named, ok := tn.Type().(*types.Named); ok && named.TypeParams().Len() > 0 {
				continue // only instantiations implement anything
			}
			ptr := types.NewPointer(tn.Type())
			if !types.Implements(ptr, iface) {
				continue
			}
			obj, _, _ := types.LookupFieldOrMethod(ptr, true, m.Pkg(), m.Name())
			if method, ok := obj.(*types.Func); ok {
				if fn := c.prog.FuncValue(method); fn != nil {
					impls = append(impls, fn)
				}
			}
		}
	}
	c.impls[m] = impls
	return impls
}

// interfaceSummary merges what the implementations of m may do, naming
// each implementation in its witnesses; for interfaces of other packages it
// adds the fact their package exported. It returns nil when nothing is known.
func (c *Package) interfaceSummary(m *types.Func) *summary.Summary {
	var sums []*summary.Summary
	if m.Pkg() != c.pass.Pkg {
		var fact summary.SummaryFact
		if c.pass.ImportObjectFact(m, &fact) {
			sums = append(sums, &fact.Summary)
		}
	}
	for _, impl := range c.Implementations(m) {
		sums = append(sums, c.implSummary(impl))
	}
	if len(sums) == 0 {
		return nil
	}
	// Summaries from facts are shared with other passes: change a copy.
	merged := sums[0].Clone()
	for _, s := range sums[1:] {
		merged.Merge(s)
	}
	return &merged
}

// implSummary is what calling impl through an interface may do. What it
// touches through its receiver happens only when the interface value holds
// impl's receiver type: the touches say so (witness.Recv).
func (c *Package) implSummary(impl *ssa.Function) *summary.Summary {
	if c.M.IsAny(impl) {
		return new(summary.Summary)
	}
	name := flow.Name(impl)
	recv := flow.TypeKey(impl.Signature.Recv().Type())
	sum := c.SummaryOf(impl)
	whole := c.CallTouch(impl, impl.Pos())
	if whole != nil {
		whole.Recv = recv
	}
	if whole != nil && sum == nil {
		s := new(summary.Summary)
		s.AddTouch(summary.ParamSource(0), *whole)
		return s
	}
	if sum == nil {
		return new(summary.Summary)
	}
	out := *sum // callers merge into a copy (see interfaceSummary)
	out.Touches = nil
	for _, t := range sum.Touches {
		wit := t.Witness.Through(name, c.M.Position(impl.Pos()))
		if whole != nil {
			wit = *whole
		}
		if t.Source == summary.ParamSource(0) {
			wit.Recv = recv
		}
		out.Touches = append(out.Touches, summary.Touch{Source: t.Source, Witness: wit})
	}
	return &out
}

// exportInterfaceSummaries publishes, on each interface method of this
// package, the merged summary of its implementations here.
func (c *Package) exportInterfaceSummaries() {
	for _, m := range names.InterfaceMethods(c.pass.Pkg) {
		if sum := c.interfaceSummary(m); sum != nil && !sum.SameShape(new(summary.Summary)) {
			c.pass.ExportObjectFact(m, &summary.SummaryFact{Summary: *sum})
		}
	}
}
