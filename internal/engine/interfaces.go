package engine

// This file resolves calls through interface methods. Real code hides
// confined state behind an interface with an unexported implementation (a
// Node interface implemented only by *node), so a call through an interface
// method stands for the implementations declared in the interface's own
// package; its package exports their merged summary on the interface method.
// Implementations elsewhere are not considered unless -strict, so that
// widely implemented interfaces (io.Writer, fmt.Stringer) never drag
// unrelated confined types into every call. A touch through the receiver
// carries the implementation's type, so that callers passing values of
// other types drop it (bindRecv): the call stands for the implementations
// whose values reach it.

import (
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/ssa"
)

// Implementations returns the methods of this package's types that a call
// of the interface method m may reach: for interfaces of this package, or
// for any interface under -strict.
func (c *Engine) Implementations(m *types.Func) []*ssa.Function {
	if impls, ok := c.impls[m]; ok {
		return impls
	}
	var impls []*ssa.Function
	iface, _ := m.Signature().Recv().Type().Underlying().(*types.Interface)
	if iface != nil && (m.Pkg() == c.pass.Pkg || c.cfg.Strict) {
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
func (c *Engine) interfaceSummary(m *types.Func) *Summary {
	var sums []*Summary
	if m.Pkg() != c.pass.Pkg {
		var fact SummaryFact
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
	merged := sums[0].clone()
	for _, s := range sums[1:] {
		merged.merge(s)
	}
	return &merged
}

// implSummary is what calling impl through an interface may do. What it
// touches through its receiver happens only when the interface value holds
// impl's receiver type: the touches say so (witness.Recv).
func (c *Engine) implSummary(impl *ssa.Function) *Summary {
	if c.m.isAny(impl) {
		return new(Summary)
	}
	name := flow.Name(impl)
	recv := flow.TypeKey(impl.Signature.Recv().Type())
	sum := c.SummaryOf(impl)
	whole := c.callTouch(impl, impl.Pos())
	if whole != nil {
		whole.Recv = recv
	}
	if whole != nil && sum == nil {
		s := new(Summary)
		s.addTouch(ParamSource(0), *whole)
		return s
	}
	if sum == nil {
		return new(Summary)
	}
	out := *sum // callers merge into a copy (see interfaceSummary)
	out.Touches = nil
	for _, t := range sum.Touches {
		wit := t.Witness.through(name, c.m.Position(impl.Pos()))
		if whole != nil {
			wit = *whole
		}
		if t.Source == ParamSource(0) {
			wit.Recv = recv
		}
		out.Touches = append(out.Touches, touch{Source: t.Source, Witness: wit})
	}
	return &out
}

// bindRecv settles the dynamic type a touch requires (witness.Recv) against
// v, the caller's value for the touch's source. The touch is dropped (ok is
// false) when v cannot hold that type, and holds whatever v's sources are
// when it can. When nothing can be told, the requirement passes on to the
// caller's caller if v is the caller's own parameter or capture, and is
// dropped (the touch holds) otherwise.
func (c *Engine) bindRecv(wit witness, v ssa.Value) (_ witness, ok bool) {
	if wit.Recv == "" || v == nil {
		return wit, true
	}
	keys, known := flow.DynamicTypes(v, c.fieldTypes)
	switch {
	case known && !slices.Contains(keys, wit.Recv):
		return wit, false
	case known:
		wit.Recv = ""
	default:
		switch v.(type) {
		case *ssa.Parameter, *ssa.FreeVar:
		default:
			wit.Recv = ""
		}
	}
	return wit, true
}

// exportInterfaceSummaries publishes, on each interface method of this
// package, the merged summary of its implementations here.
func (c *Engine) exportInterfaceSummaries() {
	for _, m := range names.InterfaceMethods(c.pass.Pkg) {
		if sum := c.interfaceSummary(m); sum != nil && !sum.sameShape(new(Summary)) {
			c.pass.ExportObjectFact(m, &SummaryFact{Summary: *sum})
		}
	}
}

// ifaceFields are the interface-typed fields of the package's types and
// the values the package stores in them.
type ifaceFields struct {
	stored map[*types.Var][]ssa.Value
	open   map[*types.Var]bool // its address is taken other than to load or store
	held   map[*types.Var]*heldTypes
}

// heldTypes are the dynamic types a field may hold, once worked out.
type heldTypes struct {
	keys  []string
	known bool
}

// fieldTypes returns the dynamic types (flow.TypeKeys) that the interface
// field f may hold: the union of what the package stores in it, when only
// the package can (an unexported field, or any field of package main) and
// every store is told. known is false otherwise.
func (c *Engine) fieldTypes(f *types.Var) (keys []string, known bool) {
	if f.Pkg() != c.pass.Pkg || (f.Exported() && c.pass.Pkg.Name() != "main") {
		return nil, false
	}
	if c.ifaceFields == nil {
		c.ifaceFields = c.indexIfaceFields()
	}
	idx := c.ifaceFields
	if ft, done := idx.held[f]; done {
		return ft.keys, ft.known
	}
	if idx.open[f] {
		return nil, false
	}
	idx.held[f] = &heldTypes{} // a field stored from itself tells nothing more
	ft := &heldTypes{known: true}
	for _, v := range idx.stored[f] {
		vk, ok := flow.DynamicTypes(v, c.fieldTypes)
		if !ok {
			ft = &heldTypes{}
			break
		}
		ft.keys = append(ft.keys, vk...)
	}
	idx.held[f] = ft
	return ft.keys, ft.known
}

func (c *Engine) indexIfaceFields() *ifaceFields {
	idx := &ifaceFields{stored: make(map[*types.Var][]ssa.Value), open: make(map[*types.Var]bool), held: make(map[*types.Var]*heldTypes)}
	for _, fn := range c.fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				fa, ok := instr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				f := flow.FieldOf(fa)
				if f == nil || !types.IsInterface(f.Type()) {
					continue
				}
				for _, ref := range flow.Referrers(fa) {
					switch ref := ref.(type) {
					case *ssa.Store:
						if ref.Addr != fa {
							idx.open[f] = true // the field's address is stored
							continue
						}
						idx.stored[f] = append(idx.stored[f], ref.Val)
					case *ssa.UnOp, *ssa.DebugRef:
					default:
						idx.open[f] = true
					}
				}
			}
		}
	}
	return idx
}
