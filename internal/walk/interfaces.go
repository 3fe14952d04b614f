package walk

// This file resolves calls through interface methods. Real code hides
// confined state behind an interface with an unexported implementation (a
// Node interface implemented only by *node), so a call through an interface
// method stands for the implementations declared in the interface's own
// package; its package exports their merged summary on the interface method.
// An interface a package declares for what it consumes (a refresher that
// another package's *NAT implements) stands also for the types of other
// packages that the package itself converts to interface values: those are
// the values its calls can reach. Other implementations elsewhere are not
// considered unless -strict, so that
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

// Implementations returns the methods that a call of the interface method
// m may reach, for interfaces of this package (or any interface under
// -strict): of this package's types, and of the other packages' types this
// package converts to interface values.
func (c *Package) Implementations(m *types.Func) []*ssa.Function {
	if impls, ok := c.impls[m]; ok {
		return impls
	}
	var impls []*ssa.Function
	iface, _ := m.Signature().Recv().Type().Underlying().(*types.Interface)
	if iface != nil && (m.Pkg() == c.pass.Pkg || c.M.Config().Strict) {
		for _, ptr := range c.concreteTypes() {
			if !types.Implements(ptr, iface) || !c.Types.MayHold(ptr, iface) {
				continue
			}
			impls = c.appendImpl(impls, ptr, m)
		}
		for _, t := range c.Types.convertedForeign() {
			if types.Implements(t, iface) {
				impls = c.appendForeignImpl(impls, t, m)
			}
		}
	}
	c.impls[m] = impls
	return impls
}

// concreteTypes are pointers to the package's named types that may
// implement an interface, in scope order, listed once.
func (c *Package) concreteTypes() []types.Type {
	if c.concrete != nil {
		return *c.concrete
	}
	out := []types.Type{}
	scope := c.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		if named, ok := tn.Type().(*types.Named); ok && named.TypeParams().Len() > 0 {
			continue // only instantiations implement anything
		}
		out = append(out, types.NewPointer(tn.Type()))
	}
	c.concrete = &out
	return out
}

// TypeOfKey returns the package's named type whose flow.TypeKey is key
// (the dynamic type a touch through an interface requires, Witness.Recv),
// or nil.
func (c *Package) TypeOfKey(key string) *types.Named {
	for _, t := range c.concreteTypes() {
		if flow.TypeKey(t) == key {
			return names.DerefNamed(t)
		}
	}
	return nil
}

// appendImpl appends t's method for m to impls.
func (c *Package) appendImpl(impls []*ssa.Function, t types.Type, m *types.Func) []*ssa.Function {
	obj, _, _ := types.LookupFieldOrMethod(t, true, m.Pkg(), m.Name())
	if method, ok := obj.(*types.Func); ok {
		if fn := c.prog.FuncValue(method); fn != nil {
			impls = append(impls, fn)
		}
	}
	return impls
}

// appendForeignImpl appends the method for m of t, another package's type,
// to impls.
func (c *Package) appendForeignImpl(impls []*ssa.Function, t types.Type, m *types.Func) []*ssa.Function {
	if fn := c.ForeignMethod(t, m); fn != nil {
		impls = append(impls, fn)
	}
	return impls
}

// ForeignMethod is t's method for m, t another package's type, or nil.
// Only the members this package names were created for the package (see
// createLean): the method is made from the method set.
func (c *Package) ForeignMethod(t types.Type, m *types.Func) *ssa.Function {
	sel := c.prog.MethodSets.MethodSet(t).Lookup(m.Pkg(), m.Name())
	if sel == nil || c.prog.Package(sel.Obj().Pkg()) == nil {
		return nil // a package this one does not import
	}
	return c.prog.MethodValue(sel)
}

// EntryPoint reports whether the body of fn runs off the owner whoever
// calls it (model's EntryPoint, or a round trip to the owner's loop), and
// names it. A method is an entry point because another package calls its
// interface off the owner only if its values may reach that package
// (MayHold): every Close that implements net.Conn is not one because
// net's resolver closes its own conns.
func (c *Package) EntryPoint(fn *ssa.Function) (sink string, ok bool) {
	sink, inferred, ok := c.M.Entries.EntryPoint(fn)
	if ok && inferred != nil && !c.Types.MayHold(fn.Signature.Recv().Type(), inferred) {
		return "", false
	}
	if !ok {
		return c.roundTrip(fn, maxTripDepth)
	}
	return sink, ok
}

// OwnedSources are the parameters of fn, an entry point, whose values
// are its own: those every off-owner call of the interface method it
// implements passes a value the caller owns (model's OwnedArguments).
func (c *Package) OwnedSources(fn *ssa.Function) summary.Origin {
	var o summary.Origin
	if obj := flow.DeclaredFunc(fn); obj != nil {
		for _, i := range c.M.Entries.OwnedArguments(obj) {
			o = o.Union(summary.OriginOf(summary.ParamSource(i)))
		}
	}
	return o
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
		if sum := c.interfaceSummary(m); sum != nil {
			if out := c.forImporters(sum); !out.SameShape(new(summary.Summary)) {
				c.pass.ExportObjectFact(m, &summary.SummaryFact{Summary: out})
			}
		}
	}
}
