package walk

// This file is the hand-off rule (docs/directives.md, "Handing a value to
// off-owner code"): a confined value that the owner gives to code it starts
// off the owner (an argument of a go statement, a capture of the code a go
// statement or an async sink starts) and can no longer reach afterwards is
// that code's own. It can no longer reach it when the function made it and
// keeps it nowhere else, or loaded it from a place it overwrote before the
// hand-off (b := w.cur; w.cur = NewBatch(); go flush(b)). Touching it off
// the owner is then not a finding. It is shared, not handed off, when
// the function can still reach it after the start: it touches the value
// again after it, the start runs again with the same value (a go
// statement in a loop, the value made before the loop), or other code
// running elsewhere has it too (another go statement, a method that starts
// code on its receiver, a constructor that started the value's loop before
// returning it: the summaries' Started).

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/ssa"
)

// handedOff lists the confined values among args and captures, of the
// code that at starts, that the function gives away at at.
func (w *walker) handedOff(at ssa.Instruction, args []ssa.Value, captures flow.Captures) []ssa.Value {
	var out []ssa.Value
	for i, v := range slices.Concat(args, captures.Values) {
		if v == nil || slices.Contains(out, v) {
			continue
		}
		if i >= len(args) && flow.MadeFor(v, w.fn) {
			out = append(out, v) // a factory's closure's own
			continue
		}
		value, cell := v, (*ssa.Alloc)(nil)
		if alloc, isCell := v.(*ssa.Alloc); isCell && i >= len(args) && captures.Cells {
			// A variable the code captures: what it holds, if it is
			// assigned once.
			if value, cell = flow.HeldValue(v); cell == nil {
				if w.grownVariable(alloc, at) {
					out = append(out, v)
				}
				continue
			}
		}
		if cell == nil {
			cell = loadedVariable(value) // a method value bound to what a variable holds
		}
		if !w.c.M.HoldsConfined(value.Type()) && !w.copiesConfined(value.Type()) || w.shared(value, at, cell) {
			continue
		}
		if w.origins.of(value).Owned() || overwrittenBefore(value, at) || plainCopy(value) {
			out = append(out, v)
		}
	}
	return out
}

// plainCopy reports whether v is a struct value (snap := *j) that shares no
// memory with what it was copied from: a copy the starter made, which it
// hands over whole.
func plainCopy(v ssa.Value) bool {
	_, isStruct := v.Type().Underlying().(*types.Struct)
	return isStruct && !names.SharesMemory(v.Type())
}

// grownVariable reports whether cell, a captured variable assigned more
// than once, holds only what the function made and is handed off at: a
// snapshot made and grown by append before the start (snap :=
// make([]Row, 0, n); for ... { snap = append(snap, *r) }; go func() {
// ... snap ... }()), which the function reaches no more. Rows of
// pointers are shared (append copies pointers, see origin.go).
func (w *walker) grownVariable(cell *ssa.Alloc, at ssa.Instruction) bool {
	held := cell.Type().(*types.Pointer).Elem()
	if !w.c.M.HoldsConfined(held) && !w.copiesConfined(held) {
		return false
	}
	return w.origins.storedInto(cell).Owned() && !w.shared(cell, at, cell)
}

// copiesConfined reports whether t is a slice or array of plain values of
// a confined struct type (rows of a []Stat): its elements are copies, so
// handing a fresh one hands all it holds.
func (w *walker) copiesConfined(t types.Type) bool {
	elem := names.HeldStruct(t)
	return elem != nil && w.c.M.ConfinedNamed(elem) != nil && !names.SharesMemory(elem)
}

// shared reports whether code other than what at starts may reach value
// (held in the variable cell, if not nil) once at started it.
func (w *walker) shared(value ssa.Value, at ssa.Instruction, cell *ssa.Alloc) bool {
	return w.escapes(value, at, cell) || cell != nil && w.escapes(cell, at, nil) || startsAgainWith(at, value, cell) ||
		w.startedResult(value) || touchedAfter(at, value, cell)
}

// startedResult reports whether v is a result of a call that handed it
// to code it started (summary.StartedResults).
func (w *walker) startedResult(v ssa.Value) bool {
	call, index := resultOf(v)
	if call == nil {
		return false
	}
	for _, t := range flow.FuncTargets(call.Call.Value) {
		if sum := w.c.SummaryOf(t.Fn); sum != nil && sum.StartedResults.Has(index) {
			return true
		}
	}
	return false
}

// startedFields names the fields of the struct r points to that hold what
// the function started (a fixture returning the actors it spawned), when
// it starts a loop: a value started and stored there (o.Inv = inv),
// loaded from there to be started (n.Spawn(name, opts, o.Inv)), or, for a
// callee's result returned as it is, what its summary says
// (summary.StartedFields).
func (w *walker) startedFields(r ssa.Value) []string {
	var out []string
	if call, index := resultOf(r); call != nil {
		for _, t := range flow.FuncTargets(call.Call.Value) {
			if sum := w.c.SummaryOf(t.Fn); sum != nil {
				for _, f := range sum.StartedFields {
					if f.Result == index {
						out = append(out, f.Field)
					}
				}
			}
		}
		return out
	}
	if len(w.started) == 0 && len(w.spawned) == 0 || !w.c.startsLoop(w.fn, maxStarterDepth) {
		return nil // most functions start nothing, and code that is no loop is no loop's start
	}
	if load, ok := r.(*ssa.UnOp); ok && load.Op == token.MUL {
		if cell, ok := load.X.(*ssa.Alloc); ok {
			r = cell // a struct returned by value: the variable it was built in
		}
	}
	for _, ref := range flow.Referrers(r) {
		addr, ok := ref.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		if field := flow.FieldOf(addr); field == nil || slices.Contains(out, field.Name()) {
			continue
		}
		if slices.ContainsFunc(flow.Referrers(addr), func(use ssa.Instruction) bool {
			switch use := use.(type) {
			case *ssa.Store:
				return use.Addr == addr && w.startedValue(use.Val)
			case *ssa.UnOp:
				return use.Op == token.MUL && w.startedValue(use)
			}
			return false
		}) {
			out = append(out, flow.FieldOf(addr).Name())
		}
	}
	return out
}

// resultOf returns the call v is a result of, and which: the call itself
// (its only result), or one of its results extracted (_, r, err :=
// start()); else nil.
func resultOf(v ssa.Value) (*ssa.Call, int) {
	switch v := v.(type) {
	case *ssa.Call:
		if _, tuple := v.Type().(*types.Tuple); !tuple {
			return v, 0
		}
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok {
			return call, v.Index
		}
	}
	return nil, 0
}

// touchedAfter reports whether the function uses value (or the variable
// cell holding it) again after at, before making it anew.
func touchedAfter(at ssa.Instruction, value ssa.Value, cell *ssa.Alloc) bool {
	var made ssa.Value = value
	if cell != nil {
		made = cell
	}
	def, _ := made.(ssa.Instruction)
	after := flow.RunsAfter(at, func(i ssa.Instruction) bool { return i == def })
	var used func(v ssa.Value) bool
	used = func(v ssa.Value) bool {
		for _, ref := range flow.Referrers(v) {
			if _, debug := ref.(*ssa.DebugRef); debug || ref == at {
				continue
			}
			if after[ref] {
				return true
			}
			if derived, ok := ref.(ssa.Value); ok && derivesPlace(ref) && used(derived) {
				return true
			}
		}
		return false
	}
	return used(made)
}

// derivesPlace reports whether instr computes a place within its operand
// (a field, an element, what a variable holds), through which the
// operand is used in turn.
func derivesPlace(instr ssa.Instruction) bool {
	switch i := instr.(type) {
	case *ssa.FieldAddr, *ssa.Field, *ssa.IndexAddr:
		return true
	case *ssa.UnOp:
		return i.Op == token.MUL
	}
	return false
}

// startsAgainWith reports whether at can run again after it hands over
// value (or the variable cell holding it) without the function making the
// value again: at is in a loop that the value's making is outside of.
func startsAgainWith(at ssa.Instruction, value ssa.Value, cell *ssa.Alloc) bool {
	var made *ssa.BasicBlock
	if cell != nil {
		made = cell.Block()
	} else if instr, ok := value.(ssa.Instruction); ok {
		made = instr.Block()
	}
	from := at.Block()
	if made == from {
		return false // made before at, each time at's block runs
	}
	seen := make(map[*ssa.BasicBlock]bool)
	queue := slices.Clone(from.Succs)
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		switch {
		case b == from:
			return true
		case b == made || seen[b]:
			continue
		}
		seen[b] = true
		queue = append(queue, b.Succs...)
	}
	return false
}

// loadedVariable is the variable (a cell other closures may capture too)
// v was loaded from, or nil.
func loadedVariable(v ssa.Value) *ssa.Alloc {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		cell, _ := load.X.(*ssa.Alloc)
		return cell
	}
	return nil
}

// escapes reports whether the function may keep v somewhere other than in
// the code at starts: stores it (but in cell, the variable captured),
// sends it, converts it, captures it in another closure, starts other code
// with it, or passes it to a call but as the receiver of a method that
// starts nothing with it. A slice grown by append (rows = append(rows,
// r)) escapes where what append returns does.
func (w *walker) escapes(v ssa.Value, at ssa.Instruction, cell *ssa.Alloc) bool {
	return w.escapesFrom(v, at, cell, map[ssa.Value]bool{v: true})
}

func (w *walker) escapesFrom(v ssa.Value, at ssa.Instruction, cell *ssa.Alloc, grown map[ssa.Value]bool) bool {
	for _, ref := range flow.Referrers(v) {
		switch r := ref.(type) {
		case *ssa.FieldAddr, *ssa.Field, *ssa.IndexAddr, *ssa.DebugRef:
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return true
			}
			if held, isCell := v.(*ssa.Alloc); isCell && w.escapes(r, at, held) {
				return true // what the variable holds, loaded, goes elsewhere (but back into it: snap = append(snap, r))
			}
		case *ssa.Store:
			if r.Val == v && r.Addr != cell {
				return true
			}
		case *ssa.MakeClosure:
			if !slices.Contains(flow.Referrers(r), at) {
				return true
			}
		case *ssa.Phi:
			if !grown[r] {
				return true // but the loop variable an append grows (below)
			}
		case ssa.CallInstruction:
			if ref == at {
				continue
			}
			if call, ok := r.(*ssa.Call); ok && flow.IsBuiltin(call, "append") && call.Call.Args[0] == v {
				if !grown[call] && w.growsInto(call, at, cell, grown) {
					return true
				}
				continue
			}
			if _, starts := r.(*ssa.Go); starts {
				return true
			}
			if b, ok := r.Common().Value.(*ssa.Builtin); ok && (b.Name() == "len" || b.Name() == "cap") {
				continue // if len(batch) > 0 { go flush(batch) }: a count keeps nothing
			}
			args := flow.CallArgs(r.Common())
			if r.Common().Signature().Recv() == nil || len(args) == 0 || args[0] != v || slices.Contains(args[1:], v) || w.startsWithReceiver(r.Common()) {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// growsInto reports whether the slice append returns escapes, through the
// loop variable it is assigned to (the phi that holds it) and further
// appends.
func (w *walker) growsInto(call *ssa.Call, at ssa.Instruction, cell *ssa.Alloc, grown map[ssa.Value]bool) bool {
	grown[call] = true
	for _, ref := range flow.Referrers(call) {
		if phi, ok := ref.(*ssa.Phi); ok && !grown[phi] {
			grown[phi] = true
			if w.escapesFrom(phi, at, cell, grown) {
				return true
			}
		}
	}
	return w.escapesFrom(call, at, cell, grown)
}

// startsWithReceiver reports whether the method call starts code that
// keeps its receiver (summary.Started): a Start that runs the value's loop.
func (w *walker) startsWithReceiver(call *ssa.CallCommon) bool {
	for _, t := range flow.FuncTargets(call.Value) {
		if sum := w.c.SummaryOf(t.Fn); sum != nil && sum.Started.Has(summary.ParamSource(0)) {
			return true
		}
	}
	return false
}

// overwrittenBefore reports whether v was loaded from a place that the
// function overwrites, on every path, after the load and before at, or
// looked up in a map it deletes v's key from (see deletedBefore).
func overwrittenBefore(v ssa.Value, at ssa.Instruction) bool {
	return deletedBefore(v, at) || storedOver(v, func(load *ssa.UnOp, st *ssa.Store) bool {
		return flow.Dominates(load, st) && flow.Dominates(st, at)
	})
}

// StopsHolding reports whether the function loading v, a field's map or
// slice it hands to code started at at, stops holding it there: it
// overwrites the field before at (see overwrittenBefore), or stores a
// value other than a re-slice of it there after at (go ship(b.buf); b.buf
// = nil). A re-slice keeps the entries (b.buf = b.buf[:0] refills them).
func StopsHolding(v ssa.Value, at ssa.Instruction) bool {
	return overwrittenBefore(v, at) || storedOver(v, func(_ *ssa.UnOp, st *ssa.Store) bool { return flow.Dominates(at, st) })
}

// storedOver reports whether v loads a place that its function stores
// something other than a re-slice of it into, at a store that at accepts.
func storedOver(v ssa.Value, at func(load *ssa.UnOp, st *ssa.Store) bool) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	place := flow.PathOf(load.X)
	for _, b := range load.Parent().Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok && flow.PathOf(st.Addr) == place && !resliced(st.Val, place) && at(load, st) {
				return true
			}
		}
	}
	return false
}

// deletedBefore reports whether v was looked up in a map that the
// function then deletes the key from, on every way to at (m :=
// r.members[k]; delete(r.members, k); go r.archive(m)): the map no
// longer reaches it.
func deletedBefore(v ssa.Value, at ssa.Instruction) bool {
	if ex, ok := v.(*ssa.Extract); ok && ex.Index == 0 {
		v = ex.Tuple // m, ok := r.members[k]
	}
	lookup, ok := v.(*ssa.Lookup)
	if !ok {
		return false
	}
	mapLoad, ok := lookup.X.(*ssa.UnOp)
	if !ok || mapLoad.Op != token.MUL {
		return false
	}
	place := flow.PathOf(mapLoad.X)
	for _, b := range lookup.Parent().Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !flow.IsBuiltin(call, "delete") || call.Call.Args[1] != lookup.Index {
				continue
			}
			if load, ok := call.Call.Args[0].(*ssa.UnOp); ok && load.Op == token.MUL && flow.PathOf(load.X) == place &&
				flow.Dominates(lookup, call) && flow.Dominates(call, at) {
				return true
			}
		}
	}
	return false
}

// resliced reports whether v is the slice at place cut again (s.buf =
// s.buf[:0]), which keeps its array: nothing new is stored.
func resliced(v ssa.Value, place flow.ValuePath) bool {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return false
	}
	load, ok := sl.X.(*ssa.UnOp)
	return ok && load.Op == token.MUL && flow.PathOf(load.X) == place
}

// HandedByCallers reports whether source s of target t, code that the
// function making it at sp binds to one of its parameters, is what every
// caller of that function hands off (see handedOff): a command factory
// (exportLines(rows) returning a func trimming rows) whose callers all
// pass a copy made for it (slices.Clone(s.lines)). Only a function no
// other package calls and none uses as a value has all its calls in view.
func (c *Package) HandedByCallers(sp Entry, t flow.FuncValue, s summary.Source) bool {
	if sp.Call == nil || s < summary.FreeBase || s == summary.Ambient || s == summary.Handed {
		return false
	}
	i := int(s - summary.FreeBase)
	if i >= len(t.Bindings.Values) {
		return false
	}
	held, _ := flow.HeldValue(t.Bindings.Values[i]) // a captured parameter is a cell holding it
	param, ok := held.(*ssa.Parameter)
	fn := sp.Call.Parent()
	if !ok || param.Parent() != fn || fn.Signature.Recv() != nil || fn.TypeParams() != nil || !c.OnlyCalled(fn) {
		return false
	}
	if obj := flow.DeclaredFunc(fn); obj == nil || obj.Exported() && fn.Pkg.Pkg.Name() != "main" {
		return false
	}
	// Asked for every place the literal touches through it: found once.
	return flow.Memoized(c.handedParams, param, func(param *ssa.Parameter) bool {
		at := slices.Index(fn.Params, param)
		calls := c.callSites().byCallee[fn]
		return len(calls) > 0 && !slices.ContainsFunc(calls, func(call *ssa.Call) bool {
			arg := call.Call.Args[at]
			return !slices.Contains(newWalker(c, call.Parent()).handedOff(call, []ssa.Value{arg}, flow.Captures{}), arg)
		})
	})
}

// HandedSource reports whether source s of target t, the code at sp
// starts, is a value the function handed off to it.
func (sp Entry) HandedSource(t flow.FuncValue, s summary.Source) bool {
	if len(sp.Handed) == 0 {
		return false
	}
	var v ssa.Value
	switch {
	case s >= summary.FreeBase && s != summary.Ambient && s != summary.Handed:
		if i := int(s - summary.FreeBase); i < len(t.Bindings.Values) {
			v = t.Bindings.Values[i]
		}
	case s < summary.FreeBase:
		if i := int(s); i < len(sp.Args) {
			v = sp.Args[i]
		}
	}
	return v != nil && slices.Contains(sp.Handed, v)
}
