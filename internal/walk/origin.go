package walk

// This file implements "ownership follows the value": for every SSA value it
// finds where the value came from, relative to the function it lives in. A
// confined value that a function allocates itself (and so an off-owner
// goroutine that builds and drives its own actor) is fresh; values reached
// through parameters, captured variables or package-level variables are not.

import (
	"go/token"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/ssa"
)

// An originTracker finds where the values of one function come from.
type OriginTracker struct {
	C           *Engine
	Fn          *ssa.Function
	Memo        map[ssa.Value]summary.Origin
	AllocStores map[*ssa.Alloc]summary.Origin
	// What is stored into each local allocation, built on first use.
	StoresByAlloc map[*ssa.Alloc][]ssa.Value
}

func NewOriginTracker(c *Engine, fn *ssa.Function) *OriginTracker {
	return &OriginTracker{C: c, Fn: fn, Memo: make(map[ssa.Value]summary.Origin), AllocStores: make(map[*ssa.Alloc]summary.Origin)}
}

// of returns where v comes from, relative to the function.
func (ot *OriginTracker) Of(v ssa.Value) summary.Origin {
	return flow.Memoized(ot.Memo, v, ot.Compute)
}

func (ot *OriginTracker) Compute(v ssa.Value) summary.Origin {
	switch v := v.(type) {
	case *ssa.Parameter:
		for i, p := range ot.Fn.Params {
			if p == v {
				return summary.OriginOf(summary.ParamSource(i))
			}
		}
	case *ssa.FreeVar:
		for i, fv := range ot.Fn.FreeVars {
			if fv == v {
				return summary.OriginOf(summary.FreeSource(i))
			}
		}
	case *ssa.Global:
		return summary.OriginOf(summary.Ambient)
	case *ssa.Const, *ssa.Function, *ssa.Builtin,
		*ssa.Alloc, *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeSlice, *ssa.MakeClosure:
		return summary.Origin{}
	case *ssa.UnOp:
		switch v.Op {
		case token.MUL: // a load
			if alloc := flow.AllocRoot(v.X); alloc != nil {
				return ot.StoredInto(alloc)
			}
		case token.ARROW:
			return summary.OriginOf(summary.Handed) // a transfer of ownership
		}
	case *ssa.Select:
		return summary.OriginOf(summary.Handed) // likewise for the values a select receives
	case *ssa.Call:
		return ot.CallResultOrigin(v.Common())
	case *ssa.Extract:
		return ot.Of(v.Tuple)
	}
	// Field and element selections, conversions, phis, type assertions and
	// the like: the union of the operands.
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return summary.Origin{}
	}
	var o summary.Origin
	var ops [8]*ssa.Value
	for _, op := range instr.Operands(ops[:0]) {
		if *op != nil {
			o = o.Union(ot.Of(*op))
		}
	}
	return o
}

// storedInto is the union of what was stored into a local allocation: a
// variable cell, or any field or element of a struct, array or slice the
// function allocated (h := &hub{srv: s} holds s, however fresh h is).
func (ot *OriginTracker) StoredInto(alloc *ssa.Alloc) summary.Origin {
	return flow.Memoized(ot.AllocStores, alloc, ot.ComputeStoredInto)
}

func (ot *OriginTracker) ComputeStoredInto(alloc *ssa.Alloc) summary.Origin {
	if ot.StoresByAlloc == nil {
		// One scan of the body serves every allocation.
		ot.StoresByAlloc = make(map[*ssa.Alloc][]ssa.Value)
		for _, b := range ot.Fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					if root := flow.AllocRoot(st.Addr); root != nil {
						ot.StoresByAlloc[root] = append(ot.StoresByAlloc[root], st.Val)
					}
				}
			}
		}
	}
	return ot.UnionOf(ot.StoresByAlloc[alloc])
}

// callResultOrigin maps the callee's result origin onto the call's
// arguments. Without a summary, the result is assumed to derive from the
// arguments (getters do; constructors of confined values carry summaries).
func (ot *OriginTracker) CallResultOrigin(call *ssa.CallCommon) summary.Origin {
	args := flow.CallArgs(call)
	if call.IsInvoke() {
		return ot.UnionOf(args)
	}
	for _, target := range flow.FuncTargets(call.Value) {
		if sum := ot.C.SummaryOf(target.Fn); sum != nil {
			return ot.MapOrigin(sum.Result, args, target.Bindings)
		}
	}
	return ot.UnionOf(args)
}

func (ot *OriginTracker) UnionOf(vs []ssa.Value) summary.Origin {
	var o summary.Origin
	for _, v := range vs {
		o = o.Union(ot.Of(v))
	}
	return o
}

// mapOrigin translates a callee-relative origin into the caller's terms.
func (ot *OriginTracker) MapOrigin(o summary.Origin, args []ssa.Value, bindings flow.Captures) summary.Origin {
	var out summary.Origin
	for _, s := range o.Sources() {
		out = out.Union(ot.MapSource(s, args, bindings))
	}
	return out
}

func (ot *OriginTracker) MapSource(s summary.Source, args []ssa.Value, bindings flow.Captures) summary.Origin {
	switch {
	case s == summary.Ambient:
		return summary.OriginOf(summary.Ambient)
	case s >= summary.FreeBase:
		if i := int(s - summary.FreeBase); i < len(bindings.Values) {
			if cell, ok := bindings.Values[i].(*ssa.Alloc); ok && bindings.Cells {
				// A variable captured by reference: what the closure
				// reaches through it is what was stored in it.
				return ot.StoredInto(cell)
			}
			return ot.Of(bindings.Values[i])
		}
		return summary.OriginOf(summary.Ambient)
	default:
		if i := int(s); i < len(args) {
			return ot.Of(args[i])
		}
		return summary.Origin{} // supplied by whoever calls the func value: not ours to track
	}
}
