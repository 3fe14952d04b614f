package walk

// This file finds where a function starts a value's loop. From there on
// the loop runs beside the rest of the function: what the function goes
// on to touch of that value's confined state, itself or through what it
// calls, it touches off the owner. A test polling a cache's hit counter
// after New started the cache's loop, and a Start setting a field after
// its go statement, race with the loop.

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/ssa"
)

// A loopStart is where the function starts the loop of a value.
type loopStart struct {
	value ssa.Value       // the value, or the variable holding it
	at    ssa.Instruction // the go statement, or the call that starts it
	loop  string          // the loop's name, for messages
}

// loopStarts lists the function's loop starts, found on first use: a go
// statement running a //confined:loop method of a value, and a call of a
// function of the package whose own go statement runs one, returning the
// value (a constructor, summary.StartedResult) or on its receiver (a
// Start). Code a call starts that is no loop (a retry's goroutine) is no
// loop's start.
func (w *walker) loopStarts() []loopStart {
	if w.starts != nil {
		return *w.starts
	}
	var out []loopStart
	for _, b := range w.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if _, deferred := instr.(*ssa.Defer); !ok || deferred || call.Common().IsInvoke() {
				continue // a deferred start runs after all the function does
			}
			callee := call.Common().StaticCallee()
			args := call.Common().Args
			if callee == nil {
				continue
			}
			// Cheap tests first: most calls start nothing, and whether
			// a callee starts a loop is read from its body (startsLoop).
			var value ssa.Value
			sum := w.c.SummaryOf(callee)
			_, isGo := instr.(*ssa.Go)
			switch {
			case isGo:
				if w.c.M.IsLoop(callee) && callee.Signature.Recv() != nil && len(args) > 0 {
					value = args[0]
				}
			case sum == nil:
			case sum.StartedResult:
				if c, ok := call.(*ssa.Call); ok {
					value = firstResult(c)
				}
			case callee.Signature.Recv() != nil && len(args) > 0 && sum.Started.Has(summary.ParamSource(0)):
				value = args[0]
			}
			if value != nil && !isGo && !w.c.startsLoop(callee, maxStarterDepth) {
				value = nil
			}
			if value == nil {
				continue
			}
			if loop := w.loopOf(value.Type()); loop != "" {
				value = variableOf(value)
				if cells := flow.CellsHolding(value); len(cells) == 1 {
					value = cells[0] // c := New(); go func() { c.Get(k) }(): a variable closures share
				}
				out = append(out, loopStart{value: value, at: instr, loop: loop})
			}
		}
	}
	w.starts = &out
	return out
}

// firstResult is the first result of call: the call itself, or where it
// returns several, their first extracted (r, err := New()), or nil.
func firstResult(call *ssa.Call) ssa.Value {
	if _, tuple := call.Type().(*types.Tuple); !tuple {
		return call
	}
	for _, ref := range flow.Referrers(call) {
		if e, ok := ref.(*ssa.Extract); ok && e.Index == 0 {
			return e
		}
	}
	return nil
}

// maxStarterDepth bounds how many calls deep startsLoop looks for the go
// statement: a test's helper calling New, or a Start.
const maxStarterDepth = 2

// startsLoop reports whether fn's go statements run a //confined:loop
// function, themselves or in the literal they start (go func() {
// once.Do(setUp); r.loop() }()), or a function of the package it calls
// does (depth calls deep: a test's startReloader calling r.Start). Asked
// of the constructors every test calls, it is found once per function
// (depth only ever starts at maxStarterDepth).
func (c *Package) startsLoop(fn *ssa.Function, depth int) bool {
	if depth == maxStarterDepth {
		return flow.Memoized(c.loopStarters, fn, func(fn *ssa.Function) bool { return c.findsLoopStart(fn, depth) })
	}
	return c.findsLoopStart(fn, depth)
}

func (c *Package) findsLoopStart(fn *ssa.Function, depth int) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			g, ok := instr.(*ssa.Go)
			if !ok {
				if call, isCall := instr.(*ssa.Call); isCall && depth > 0 {
					if callee := call.Call.StaticCallee(); callee != nil && callee.Pkg == fn.Pkg && callee != fn && c.startsLoop(callee, depth-1) {
						return true
					}
				}
				continue
			}
			for _, t := range flow.FuncTargets(g.Call.Value) {
				if c.M.IsLoop(t.Fn) {
					return true
				}
				if !flow.IsFuncLit(t.Fn) {
					continue
				}
				for _, callee := range flow.StaticCalls(t.Fn) {
					if c.M.IsLoop(callee) {
						return true
					}
				}
			}
		}
	}
	return false
}

// loopOf names the //confined:loop method of the type t points to, or "".
func (w *walker) loopOf(t types.Type) string {
	named := names.DerefNamed(t)
	if named == nil {
		return ""
	}
	ms := types.NewMethodSet(types.NewPointer(named))
	for i := range ms.Len() {
		if m, ok := ms.At(i).Obj().(*types.Func); ok {
			if d := w.c.M.Directives(m); d != nil && d.Loop {
				return names.FuncName(m)
			}
		}
	}
	return ""
}

// startedBefore returns the start of the loop of v, the value the
// instruction being walked touches through, when it comes before: the
// start dominates the touch, and no wait for the loop (a receive on one of
// the value's channels, a method of it that receives: Close) lies between.
func (w *walker) startedBefore(v ssa.Value) *loopStart {
	if v == nil {
		return nil
	}
	starts := w.loopStarts()
	if len(starts) == 0 {
		return nil
	}
	v = variableOf(v)
	for i := range starts {
		st := &starts[i]
		if st.value == v && st.at != w.at && flow.Dominates(st.at, w.at) && !w.waitsBetween(st, w.at) && !w.handshakes(st.value) {
			return st
		}
	}
	return nil
}

// handshakes reports whether the function gives the value a channel of
// its own, stored in a field, and receives from it: the loop signals each
// step it finishes there (f.step = wait; ...; <-wait), and what the
// function touches between steps, the loop is done with.
func (w *walker) handshakes(x ssa.Value) bool {
	var given []ssa.Value
	for _, b := range w.fn.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok {
				if fa, ok := st.Addr.(*ssa.FieldAddr); ok && variableOf(fa.X) == x {
					if _, isChan := st.Val.Type().Underlying().(*types.Chan); isChan {
						given = append(given, variableOf(st.Val))
					}
				}
			}
		}
	}
	if len(given) == 0 {
		return false
	}
	for _, b := range w.fn.Blocks {
		for _, instr := range b.Instrs {
			for _, ch := range flow.ReceivedChannels(instr) {
				if slices.Contains(given, variableOf(ch)) {
					return true
				}
			}
		}
	}
	return false
}

// waitsBetween reports whether the function, between the start and at,
// may wait for the loop to end: it receives from a channel field of the
// value (<-c.done) or waits on a WaitGroup field of it (c.wg.Wait()), or
// calls a method of it that does (Close). Waiting
// for a reply on a channel of the call's own (a Stats request), or a
// select that gives up a send once the loop is done (case <-c.done:), is
// no such wait: the loop goes on.
func (w *walker) waitsBetween(st *loopStart, at ssa.Instruction) bool {
	for _, b := range w.fn.Blocks {
		for _, instr := range b.Instrs {
			if !flow.Dominates(st.at, instr) || !flow.Dominates(instr, at) {
				continue
			}
			if waitsOnField(instr, st.value) {
				return true
			}
			call, ok := instr.(*ssa.Call)
			if !ok || len(call.Call.Args) == 0 || variableOf(call.Call.Args[0]) != st.value {
				continue
			}
			if callee := call.Call.StaticCallee(); callee != nil && len(callee.Params) > 0 && slices.ContainsFunc(callee.Blocks, func(b *ssa.BasicBlock) bool {
				return slices.ContainsFunc(b.Instrs, func(i ssa.Instruction) bool { return waitsOnField(i, callee.Params[0]) })
			}) {
				return true
			}
		}
	}
	return false
}

// waitsOnField reports whether instr is a receive (no select) from a
// channel held in a field of the value x (or the variable holding it), or
// a call of Wait on a sync.WaitGroup field of it.
func waitsOnField(instr ssa.Instruction, x ssa.Value) bool {
	var field ssa.Value
	switch in := instr.(type) {
	case *ssa.UnOp:
		if load, ok := in.X.(*ssa.UnOp); ok && in.Op == token.ARROW && load.Op == token.MUL {
			field = load.X
		}
	case *ssa.Call:
		if callee := in.Call.StaticCallee(); callee != nil && callee.Object() != nil && names.FuncName(callee.Object().(*types.Func)) == "(*sync.WaitGroup).Wait" && len(in.Call.Args) == 1 {
			field = in.Call.Args[0]
		}
	}
	fa, ok := field.(*ssa.FieldAddr)
	return ok && variableOf(fa.X) == x
}

// besideLoop records the touch wit of the value v as made off the owner
// when the function started v's loop before it (see startedBefore).
func (w *walker) besideLoop(v ssa.Value, wit summary.Witness) {
	st := w.startedBefore(v)
	if st == nil {
		return
	}
	direct := wit
	w.Spawns = append(w.Spawns, Entry{Pos: st.at.Pos(), Sink: "the code that started the loop " + st.loop + ", which goes on beside it", Direct: &direct, Starter: true})
}
