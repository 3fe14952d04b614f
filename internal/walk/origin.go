package walk

// This file implements "ownership follows the value": for every SSA value it
// finds where the value came from, relative to the function it lives in. A
// confined value that a function allocates itself (and so an off-owner
// goroutine that builds and drives its own actor) is fresh; values reached
// through parameters, captured variables or package-level variables are not.

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/ssa"
)

// An originTracker finds where the values of one function come from.
type originTracker struct {
	c           *Package
	fn          *ssa.Function
	memo        map[ssa.Value]summary.Origin
	allocStores map[*ssa.Alloc]summary.Origin
	// The stores into each local allocation, built on first use.
	storesByAlloc map[*ssa.Alloc][]*ssa.Store
}

func newOriginTracker(c *Package, fn *ssa.Function) *originTracker {
	return &originTracker{c: c, fn: fn, memo: make(map[ssa.Value]summary.Origin), allocStores: make(map[*ssa.Alloc]summary.Origin)}
}

// of returns where v comes from, relative to the function.
func (ot *originTracker) of(v ssa.Value) summary.Origin {
	return flow.Memoized(ot.memo, v, ot.compute)
}

func (ot *originTracker) compute(v ssa.Value) summary.Origin {
	switch v := v.(type) {
	case *ssa.Parameter:
		for i, p := range ot.fn.Params {
			if p == v {
				return summary.OriginOf(summary.ParamSource(i))
			}
		}
	case *ssa.FreeVar:
		for i, fv := range ot.fn.FreeVars {
			if fv == v {
				return summary.OriginOf(summary.FreeSource(i))
			}
		}
	case *ssa.Global:
		return summary.OriginOf(summary.Ambient)
	case *ssa.MakeSlice:
		return ot.copiedInto(v)
	case *ssa.Const, *ssa.Function, *ssa.Builtin,
		*ssa.Alloc, *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeClosure:
		return summary.Origin{}
	case *ssa.UnOp:
		switch v.Op {
		case token.MUL: // a load
			if alloc := flow.AllocRoot(v.X); alloc != nil {
				if field := topField(v.X, alloc); field >= 0 {
					return ot.storedIntoField(alloc, field)
				}
				return ot.storedInto(alloc)
			}
		case token.ARROW:
			if ot.c.SharedReply(v.X) {
				return summary.OriginOf(summary.Ambient) // the loop's own state, still its
			}
			if o := ot.sentByLiterals(v.X); !o.Fresh() {
				return o // what a literal the function made sends back: the owner's state it read
			}
			return summary.OriginOf(summary.Handed) // a transfer of ownership
		}
	case *ssa.Select:
		return summary.OriginOf(summary.Handed) // likewise for the values a select receives
	case *ssa.Slice:
		if alloc, ok := v.X.(*ssa.Alloc); ok {
			// A slice of an array the function allocated (the arguments
			// of a variadic call): its elements are what was stored there.
			return ot.storedInto(alloc)
		}
	case *ssa.Call:
		if flow.IsBuiltin(v, "append") && !names.SharesMemory(v.Type().Underlying().(*types.Slice).Elem()) {
			// Plain elements are copied in: the result's memory is its
			// first argument's or new.
			return ot.of(v.Call.Args[0])
		}
		if flow.NewCopy(flow.StaticFunc(v)) && names.PlainElements(v.Type()) {
			return summary.Origin{} // slices.Clone(rows): new memory, copies in it
		}
		return ot.callResultOrigin(v.Common())
	case *ssa.Lookup:
		// An element is the container's: the key or index picks it and
		// lends it nothing (groups[name], name parsed from the input).
		return ot.of(v.X)
	case *ssa.Index:
		return ot.of(v.X)
	case *ssa.IndexAddr:
		return ot.of(v.X)
	case *ssa.Extract:
		if sel, ok := v.Tuple.(*ssa.Select); ok {
			// case r := <-reply: what the literals sending there send.
			k := v.Index - 2 // after the case chosen and recvOk
			for _, st := range sel.States {
				if st.Dir != types.RecvOnly {
					continue
				}
				if k == 0 {
					if o := ot.sentByLiterals(st.Chan); !o.Fresh() {
						return o
					}
					break
				}
				k--
			}
		}
		return ot.of(v.Tuple)
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
			o = o.Union(ot.of(*op))
		}
	}
	return o
}

// copiedInto is what a slice the function made holds of what it copies
// into it: copy(sorted, lanes) copies lanes' pointers, shared with lanes;
// plain elements are copies.
func (ot *originTracker) copiedInto(s *ssa.MakeSlice) summary.Origin {
	var o summary.Origin
	if !names.SharesMemory(s.Type().Underlying().(*types.Slice).Elem()) {
		return o
	}
	dsts := []ssa.Value{s}
	for _, cell := range flow.CellsHolding(s) { // sorted, captured by sort.Slice's less
		for _, ref := range flow.Referrers(cell) {
			if load, ok := ref.(*ssa.UnOp); ok && load.Op == token.MUL {
				dsts = append(dsts, load)
			}
		}
	}
	for _, dst := range dsts {
		for _, ref := range flow.Referrers(dst) {
			if call, ok := ref.(*ssa.Call); ok && flow.IsBuiltin(call, "copy") && call.Call.Args[0] == dst {
				o = o.Union(ot.of(call.Call.Args[1]))
			}
		}
	}
	return o
}

// storedInto is the union of what was stored into a local allocation: a
// variable cell, or any field or element of a struct, array or slice the
// function allocated (h := &hub{srv: s} holds s, however fresh h is).
func (ot *originTracker) storedInto(alloc *ssa.Alloc) summary.Origin {
	return flow.Memoized(ot.allocStores, alloc, ot.computeStoredInto)
}

func (ot *originTracker) computeStoredInto(alloc *ssa.Alloc) summary.Origin {
	return ot.storedIntoField(alloc, -1)
}

// storedIntoField is what a load from the field of a struct the function
// allocated may hold: what was stored into that field, or into the whole
// struct (s := &Server{fleet: reg}; s.loop = loop.New(): s.loop holds no
// part of reg); field -1 is the whole allocation, whatever was stored in it.
func (ot *originTracker) storedIntoField(alloc *ssa.Alloc, field int) summary.Origin {
	var o summary.Origin
	for _, st := range ot.storesInto(alloc) {
		if f := topField(st.Addr, alloc); field < 0 || f < 0 || f == field {
			o = o.Union(ot.of(st.Val))
		}
	}
	return o
}

// storesInto are the stores into a local allocation, found with one scan
// of the body for every allocation. A plain value stored into an element
// or field is a copy (rows[0] = *st): the allocation holds no part of
// where it came from.
func (ot *originTracker) storesInto(alloc *ssa.Alloc) []*ssa.Store {
	if ot.storesByAlloc == nil {
		ot.storesByAlloc = make(map[*ssa.Alloc][]*ssa.Store)
		for _, b := range ot.fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					if root := flow.AllocRoot(st.Addr); root != nil && (st.Addr == root || names.SharesMemory(st.Val.Type())) {
						ot.storesByAlloc[root] = append(ot.storesByAlloc[root], st)
					}
				}
			}
		}
	}
	return ot.storesByAlloc[alloc]
}

// topField is the index of the field of the struct alloc that addr, an
// address within it, lies in (s.loop, s.cfg.Client); -1 for the struct
// itself, or an address through an element.
func topField(addr ssa.Value, alloc *ssa.Alloc) int {
	for {
		switch a := addr.(type) {
		case *ssa.FieldAddr:
			if a.X == alloc {
				return a.Field
			}
			addr = a.X
		default:
			return -1
		}
	}
}

// freshResults are the library functions whose results are the caller's
// own, whatever their arguments, with the reason; by package path first,
// since every call asks.
var freshResults = map[string]map[string]string{
	"sync": {"(*sync.Pool).Get": "a pooled value is the getter's alone until it puts it back"},
}

// callResultOrigin maps the callee's result origin onto the call's
// arguments. Without a summary, the result is assumed to derive from the
// arguments (getters do; constructors of confined values carry summaries),
// and, for a func value nothing resolves, from what the value holds (a
// getter handed in, a method value bound to its receiver).
func (ot *originTracker) callResultOrigin(call *ssa.CallCommon) summary.Origin {
	args := flow.CallArgs(call)
	if call.IsInvoke() {
		return ot.unionOf(args)
	}
	targets := flow.FuncTargets(call.Value)
	for _, target := range targets {
		if obj := flow.DeclaredFunc(target.Fn); obj != nil && obj.Pkg() != nil && freshResults[obj.Pkg().Path()][names.FuncName(obj)] != "" {
			return summary.Origin{}
		}
		if sum := ot.c.SummaryOf(target.Fn); sum != nil {
			result := summary.TypedResult(genericSignature(target.Fn), sum.Result)
			var o summary.Origin
			for _, src := range result.Sources() {
				if i := int(src); src < summary.FreeBase && i < len(args) && names.IsFuncTyped(args[i].Type()) && len(flow.FuncTargets(args[i])) > 0 {
					// A result made of what a func argument returns (a
					// round trip returning fn's result): what it returns.
					o = o.Union(ot.returnedBy(args[i]))
					continue
				}
				o = o.Union(ot.mapSource(src, args, target.Bindings))
			}
			return o
		}
	}
	if len(targets) == 0 {
		return ot.unionOf(args).Union(ot.of(call.Value))
	}
	return ot.unionOf(args)
}

// genericSignature is the signature fn's declaration has, type
// parameters and all, for an instance of a generic function too.
func genericSignature(fn *ssa.Function) *types.Signature {
	if obj := flow.DeclaredFunc(fn); obj != nil {
		return obj.Signature()
	}
	return fn.Signature
}

// returnedBy is where what the func value f returns comes from, in this
// function's terms: its targets' results, through what they captured.
func (ot *originTracker) returnedBy(f ssa.Value) summary.Origin {
	var o summary.Origin
	for _, t := range flow.FuncTargets(f) {
		if sum := ot.c.SummaryOf(t.Fn); sum != nil {
			o = o.Union(ot.mapOrigin(sum.Result, nil, t.Bindings))
		}
	}
	return o
}

// sentByLiterals is where what literals the function made send on ch, a
// channel it made and handed them, comes from, in this function's terms
// (reply <- res{fn()} in the func a round trip hands its owner's loop).
func (ot *originTracker) sentByLiterals(ch ssa.Value) summary.Origin {
	if ot.c.suggesting {
		// No evidence of an owner for the code that receives it: the
		// loop that answered keeps it.
		return summary.Origin{}
	}
	// The channel, or the variable holding it that the literals capture.
	held := ch
	if load, ok := ch.(*ssa.UnOp); ok && load.Op == token.MUL {
		cell, ok := load.X.(*ssa.Alloc)
		if !ok || !slices.ContainsFunc(flow.StoredValues(cell), func(v ssa.Value) bool { _, made := v.(*ssa.MakeChan); return made }) {
			return summary.Origin{}
		}
		held = cell
	} else if _, made := ch.(*ssa.MakeChan); !made {
		return summary.Origin{}
	}
	var o summary.Origin
	for _, ref := range flow.Referrers(held) {
		if mc, ok := ref.(*ssa.MakeClosure); ok {
			o = o.Union(ot.sentByClosure(mc, held, maxSendNesting))
		}
	}
	return o
}

// maxSendNesting bounds how deep sentByClosure follows literals nested in
// the literals it follows.
const maxSendNesting = 3

// sentByClosure is where what the literal mc makes sends on held, a
// channel (or variable) of this function that it captures, comes from, in
// this function's terms: its own sends, and those of the literals it
// makes in turn that capture the channel (l.Post(func() { defer func() {
// reply <- v }(); v = fn() })).
func (ot *originTracker) sentByClosure(mc *ssa.MakeClosure, held ssa.Value, depth int) summary.Origin {
	lit := mc.Fn.(*ssa.Function)
	inner := newOriginTracker(ot.c, lit)
	var o summary.Origin
	for i, b := range mc.Bindings {
		if b != held || i >= len(lit.FreeVars) {
			continue
		}
		fv := lit.FreeVars[i]
		for _, b := range lit.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.Send:
					if load, isLoad := in.Chan.(*ssa.UnOp); (in.Chan == fv || isLoad && load.Op == token.MUL && load.X == fv) && names.SharesMemory(in.X.Type()) && !replacedIn(lit, in.X) {
						o = o.Union(ot.mapOrigin(inner.of(in.X), nil, flow.Captures{Values: mc.Bindings, Cells: true}))
					}
				case *ssa.MakeClosure:
					if depth > 1 && slices.Contains(in.Bindings, ssa.Value(fv)) {
						o = o.Union(ot.mapOrigin(inner.sentByClosure(in, fv, depth-1), nil, flow.Captures{Values: mc.Bindings, Cells: true}))
					}
				}
			}
		}
	}
	return o
}

// replacedIn reports whether v is a load of a field that fn also stores
// to (reply <- t.expired; t.expired = nil): the owner hands the value
// over and keeps another.
func replacedIn(fn *ssa.Function, v ssa.Value) bool {
	f := flow.LoadedField(v)
	if f == nil {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok && flow.FieldOf(st.Addr) == f {
				return true
			}
		}
	}
	return false
}

func (ot *originTracker) unionOf(vs []ssa.Value) summary.Origin {
	var o summary.Origin
	for _, v := range vs {
		o = o.Union(ot.of(v))
	}
	return o
}

// mapOrigin translates a callee-relative origin into the caller's terms.
func (ot *originTracker) mapOrigin(o summary.Origin, args []ssa.Value, bindings flow.Captures) summary.Origin {
	var out summary.Origin
	for _, s := range o.Sources() {
		out = out.Union(ot.mapSource(s, args, bindings))
	}
	return out
}

func (ot *originTracker) mapSource(s summary.Source, args []ssa.Value, bindings flow.Captures) summary.Origin {
	switch {
	case s == summary.Ambient:
		return summary.OriginOf(summary.Ambient)
	case s >= summary.FreeBase:
		if i := int(s - summary.FreeBase); i < len(bindings.Values) {
			if cell, ok := bindings.Values[i].(*ssa.Alloc); ok && bindings.Cells {
				// A variable captured by reference: what the closure
				// reaches through it is what was stored in it.
				return ot.storedInto(cell)
			}
			return ot.of(bindings.Values[i])
		}
		return summary.OriginOf(summary.Ambient)
	default:
		if i := int(s); i < len(args) {
			return ot.of(args[i])
		}
		return summary.Origin{} // supplied by whoever calls the func value: not ours to track
	}
}
