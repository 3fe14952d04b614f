package walk

// This file recognizes fan-outs: a loop that starts one goroutine per
// iteration, doing nothing else, and waits for all of them right after
// the loop (for i := range xs { g.Go(func() error { r[i] = f(xs[i]) }) };
// g.Wait()). The goroutines run while their starter waits, as a lone
// joined goroutine does, but beside each other: they are safe where each
// writes only the element its own iteration's index picks and reads no
// element another writes, and calls nothing that touches state. Then
// their code runs where the starter runs; any other fan-out runs off it.
// Under -suggest nothing is confined yet, so "touches state" means
// nothing: there a fan-out stays a set of goroutines, and -suggest's own
// slot rule tells what they share.

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/ssa"
)

// funcsBesideSiblings reports whether every func among args, the work a
// fan-out's start hands over, is safe beside its siblings.
func (c *Package) funcsBesideSiblings(args []ssa.Value) bool {
	for _, a := range args {
		if !names.IsFuncTyped(a.Type()) {
			continue
		}
		targets := flow.FuncTargets(a)
		if len(targets) == 0 {
			return false
		}
		for _, t := range targets {
			if !c.besideSiblings(t, nil) {
				return false
			}
		}
	}
	return true
}

// waitsAfterLoop reports whether start, in a loop, is all that loop does
// but set up its iteration's variables (stores to local cells) and add to
// group (wg.Add(1)), and every way out of it blocks in wait, doing nothing
// else before.
func waitsAfterLoop(start ssa.Instruction, group ssa.Value, wait func(ssa.Instruction) bool) bool {
	if !flow.InLoop(start.Block()) {
		return false
	}
	type from struct {
		b *ssa.BasicBlock
		i int
	}
	seen := make(map[*ssa.BasicBlock]bool)
	queue := []from{{start.Block(), slices.Index(start.Block().Instrs, start) + 1}}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		stopped := false
		for _, instr := range at.b.Instrs[at.i:] {
			if instr == start || wait(instr) {
				stopped = true // round the loop again, or out of it and waiting
				break
			}
			switch in := instr.(type) {
			case *ssa.Return, *ssa.Panic:
				return false
			case *ssa.Store:
				if _, local := in.Addr.(*ssa.Alloc); local {
					continue // the next iteration's variable
				}
			case ssa.CallInstruction:
				if callsOn(in, group, "Add") {
					continue
				}
			}
			if isWork(instr) {
				return false
			}
		}
		if stopped {
			continue
		}
		for _, s := range at.b.Succs {
			if !seen[s] {
				seen[s] = true
				queue = append(queue, from{s, 0})
			}
		}
	}
	return true
}

// besideSiblings reports whether t, started once per iteration of the
// loop around it (see waitsAfterLoop), is safe beside the goroutines of
// the other iterations as far as its own body shows: every field whose
// element it writes it selects only to pick the element an index of its
// iteration picks (a captured variable made in the loop, or a parameter
// the start passes one), and it calls nothing that touches state. A field
// it writes otherwise (a count, an append) is written by every sibling.
func (c *Package) besideSiblings(t flow.FuncValue, args []ssa.Value) bool {
	if c.suggesting {
		return false
	}
	perIteration := func(v ssa.Value) bool {
		spawner := spawnerValue(v, t, args)
		def, ok := spawner.(ssa.Instruction)
		return ok && def.Block() != nil && flow.InLoop(def.Block())
	}
	type field struct {
		of    types.Type // the pointer to the struct
		index int
	}
	written := make(map[field]bool)
	var addrs []*ssa.FieldAddr
	for _, b := range t.Fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.FieldAddr:
				addrs = append(addrs, in)
				if accessKind(in, nil) == summary.ActionWrites {
					written[field{in.X.Type(), in.Field}] = true
				}
			case ssa.CallInstruction:
				if c.callTouches(in.Common(), in.Pos()) && !c.touchesOnlyOwn(in.Common(), t, args, perIteration) {
					return false
				}
			}
		}
	}
	// The element's own fields (f.Sum = sum, for f the iteration's entry)
	// are its goroutine's alone.
	ownElement := func(x ssa.Value) bool { return perIteration(x) && iterationElement(spawnerValue(x, t, args)) }
	for _, fa := range addrs {
		if written[field{fa.X.Type(), fa.Field}] && !Slotted(fa, perIteration) && !ownElement(fa.X) {
			return false
		}
	}
	return true
}

// touchesOnlyOwn reports whether call, in the spawned t, touches state
// only through values its own iteration picked (for _, m := range
// managers { wg.Go(func() { m.Fetch(ctx) }) }): each goroutine works on
// its element, as on its slot.
func (c *Package) touchesOnlyOwn(call *ssa.CallCommon, t flow.FuncValue, args []ssa.Value, mine func(ssa.Value) bool) bool {
	callee := call.StaticCallee()
	if call.IsInvoke() || callee == nil {
		return false
	}
	own := func(v ssa.Value) bool { return v != nil && mine(v) && iterationElement(spawnerValue(v, t, args)) }
	sum := c.SummaryOf(callee)
	if sum == nil {
		return false
	}
	// A method of the package whose body says what it touches (w.hash(f),
	// touching f's fields and :any members of w) is judged by those
	// touches below; one owner-only by contract is a touch of its receiver.
	obj := flow.DeclaredFunc(callee)
	bodySays := obj != nil && obj.Pkg() == c.pass.Pkg && !c.M.OwnerOnly(obj)
	if !bodySays && c.CallTouch(callee, token.NoPos) != nil && (callee.Signature.Recv() == nil || len(call.Args) == 0 || !own(call.Args[0])) {
		return false // a method of a confined type, on a value not its own
	}
	for _, tc := range sum.Touches {
		v := SourceValue(tc.Source, call.Args, flow.Captures{})
		if !own(v) {
			return false
		}
		// Only the element's own fields: what it points to (m.reg.count)
		// may be every sibling's.
		if named := names.DerefNamed(v.Type()); named == nil || tc.Witness.Member != names.TypeName(named) && !strings.HasPrefix(tc.Witness.Member, names.TypeName(named)+".") {
			return false
		}
	}
	return true
}

// iterationElement reports whether v, the starter's value or the variable
// holding it, is an element of a slice or array its loop ranges over, at
// the iteration's index: distinct per goroutine, where a value a loop only
// copies (s := srv) is the same for all.
func iterationElement(v ssa.Value) bool {
	vals := []ssa.Value{v}
	if cell, ok := v.(*ssa.Alloc); ok {
		vals = flow.StoredValues(cell)
	}
	for _, x := range vals {
		if mapEntry(x) {
			continue
		}
		load, ok := x.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			return false
		}
		ia, ok := load.X.(*ssa.IndexAddr)
		if !ok {
			return false
		}
		if !iterationIndex(ia.Index) {
			return false
		}
	}
	return len(vals) > 0
}

// mapEntry reports whether v is the value a range over a map yields for
// its iteration (for _, f := range w.files): keys are distinct, so no two
// iterations share one entry.
func mapEntry(v ssa.Value) bool {
	x, ok := v.(*ssa.Extract)
	if !ok || x.Index != 2 {
		return false
	}
	next, ok := x.Tuple.(*ssa.Next)
	if !ok || next.IsString {
		return false
	}
	_, isRange := next.Iter.(*ssa.Range)
	return isRange
}

// iterationIndex reports whether i is a loop's own index: the counter of a
// loop (a phi in it), or the index a range over a slice computes from its
// counter (t1 + 1), which no two iterations share. ms[i/2] is not.
func iterationIndex(i ssa.Value) bool {
	if next, ok := i.(*ssa.BinOp); ok && next.Op == token.ADD {
		phi, ok := next.X.(*ssa.Phi)
		return ok && phi.Comment == "rangeindex"
	}
	phi, ok := i.(*ssa.Phi)
	return ok && flow.InLoop(phi.Block())
}

// Slotted reports whether the field address fa is used only to pick an
// element of the slice or array it holds at an index mine accepts (x.f[i],
// with i the iteration's, or handed in): a slot of the code's own.
func Slotted(fa *ssa.FieldAddr, mine func(ssa.Value) bool) bool {
	refs := flow.Referrers(fa)
	if len(refs) == 0 {
		return false
	}
	for _, ref := range refs {
		var index ssa.Value
		switch r := ref.(type) {
		case *ssa.UnOp: // the slice the field holds
			if r.Op != token.MUL || len(flow.Referrers(r)) == 0 {
				return false
			}
			for _, use := range flow.Referrers(r) {
				ia, ok := use.(*ssa.IndexAddr)
				if !ok || !mine(ia.Index) {
					return false
				}
			}
			continue
		case *ssa.IndexAddr: // an array field
			index = r.Index
		default:
			return false
		}
		if !mine(index) {
			return false
		}
	}
	return true
}

// callTouches reports whether the call may touch confined state: its
// callee's summary, or the interface's, has touches, or it calls a
// confined method or an owner-only function.
func (c *Package) callTouches(call *ssa.CallCommon, pos token.Pos) bool {
	if call.IsInvoke() {
		if _, touches := c.M.InterfaceCallTouches(call.Method, call.Value.Type()); touches {
			return true
		}
		sum := c.interfaceSummary(call.Method)
		return sum != nil && len(sum.Touches) > 0
	}
	if _, builtin := call.Value.(*ssa.Builtin); builtin {
		return false
	}
	callee := call.StaticCallee()
	if callee == nil {
		return true // a func value: what it does is not known here
	}
	if c.CallTouch(callee, pos) != nil {
		return true
	}
	sum := c.SummaryOf(callee)
	return sum != nil && len(sum.Touches) > 0
}
