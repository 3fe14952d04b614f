package walk

// This file is how the walk reads what it knows of frameworks beyond what
// their packs say (package known): the programs of frameworks whose run
// loop the caller enters (Bubble Tea) and the test harnesses running them
// on goroutines, and the waits for an actor runtime to stop an actor.
//
// A program made from a model runs the model's turns on the goroutine
// that calls its Run, until the program is over. Run in a go statement,
// it starts those turns beside the code that goes on, as spawning an
// actor does.

import (
	"go/token"
	"go/types"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/known"
	"golang.org/x/tools/go/ssa"
)

// maxProgramDepth bounds how many fields and captures deep programModel
// follows a program back to the call that made it (h.p.Run() in a
// literal capturing h, with h.p = tea.NewProgram(m)).
const maxProgramDepth = 4

// A programStart is a go statement running a program made from a model.
type programStart struct {
	model ssa.Value       // a value of the function with the go statement
	run   ssa.Instruction // the call of the run method: the go statement, or a call in lit
	lit   *ssa.Function   // the literal the go statement starts, or nil
}

// programStarted returns the model whose turns the go statement starts:
// it runs a program's run method, itself (go p.Run()) or in the literal
// it starts (go func() { m, err := h.p.Run(); h.done <- result{m, err} }()),
// on a program made from that model here. The model is a value of the
// function the go statement is in; a program the goroutine makes of a
// model it made itself starts nothing beside this function. It is asked
// by the walk, the loop starts and the waits alike: found once.
func (c *Package) programStarted(g *ssa.Go) *programStart {
	return flow.Memoized(c.programs, g, findProgramStart)
}

func findProgramStart(g *ssa.Go) *programStart {
	if m := programRun(&g.Call, flow.FuncValue{}); m != nil {
		return &programStart{model: m, run: g}
	}
	for _, t := range flow.FuncTargets(g.Call.Value) {
		if !flow.IsFuncLit(t.Fn) {
			continue
		}
		for call := range flow.StaticCalls(t.Fn) {
			m := programRun(call.Common(), t)
			if outer := outerValue(m, t); outer != nil {
				m = outer // go func() { tea.NewProgram(b).Run() }()
			}
			if m != nil && m.Parent() != t.Fn {
				return &programStart{model: m, run: call, lit: t.Fn}
			}
		}
	}
	return nil
}

// ends returns the fields of captured values that the goroutine signals
// on once the program is over: it sends on one, closes it or calls Done
// on it after the run method returned (h.done <- result{m, err}), or in a
// deferred call (defer close(h.done)), which runs once the literal returns.
func (ps *programStart) ends() map[*types.Var]bool {
	out := make(map[*types.Var]bool)
	if ps.lit == nil {
		return out
	}
	for _, sig := range endSignals(ps.lit, func(instr ssa.Instruction) bool { return flow.Dominates(ps.run, instr) }) {
		if f := capturedField(sig.v); f != nil {
			out[f] = true
		}
	}
	return out
}

// capturedField returns the field v is loaded from or is the address of,
// of a value the function captured (h.done, &h.wg in a literal capturing
// h), or nil.
func capturedField(v ssa.Value) *types.Var {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X // a channel's value; a WaitGroup is its address
	}
	fa, ok := v.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	if _, captured := heldValue(fa.X).(*ssa.FreeVar); !captured {
		return nil
	}
	return flow.FieldOf(fa)
}

// outerValue returns the value of the function making the literal lit
// that v, a free variable of lit or a load of one captured as a variable,
// stands for (see spawnerValue); nil if v is none, lit is none, or it
// cannot tell.
func outerValue(v ssa.Value, lit flow.FuncValue) ssa.Value {
	if lit.Fn == nil {
		return nil
	}
	outer := spawnerValue(v, lit, nil)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if cell, ok := outer.(*ssa.Alloc); ok {
			if stored := flow.StoredValues(cell); len(stored) == 1 {
				return stored[0] // h := &harness{...}, captured as a variable
			}
		}
		return nil
	}
	return outer
}

// aliases are v and its loads from the variables it is stored in, in
// its function (h := &harness{}, captured by a closure, is a cell that
// h.p = ... loads).
func aliases(v ssa.Value) []ssa.Value {
	out := []ssa.Value{v}
	for _, cell := range flow.CellsHolding(v) {
		for _, use := range flow.Referrers(cell) {
			if load, ok := use.(*ssa.UnOp); ok && load.Op == token.MUL {
				out = append(out, load)
			}
		}
	}
	return out
}

// programRun returns the model whose program call runs, when call is a
// program's run method; lit is the literal holding the call (none: it is
// in the function itself), out of which the model is traced through what
// it captured.
func programRun(call *ssa.CallCommon, lit flow.FuncValue) ssa.Value {
	callee := call.StaticCallee()
	if callee == nil || len(call.Args) == 0 || callee.Signature.Recv() == nil || !known.IsProgramRun(callee.Name()) {
		return nil // asked of every call a go statement's literal makes: most run no program
	}
	return programModel(call.Args[0], callee.Name(), lit, maxProgramDepth)
}

// programModel traces the program p back to the call that made it (see
// known.ProgramMade), through loads of fields it was stored in and what
// the literal lit captured, and returns the model handed to it; run is
// the method the program is run with.
func programModel(p ssa.Value, run string, lit flow.FuncValue, depth int) ssa.Value {
	if depth == 0 {
		return nil
	}
	if outer := outerValue(p, lit); outer != nil {
		return programModel(outer, run, flow.FuncValue{}, depth-1)
	}
	switch p := p.(type) {
	case *ssa.Call:
		if pm, ok := known.ProgramMade(flow.StaticFunc(p)); ok && pm.Run == run && pm.Model < len(p.Call.Args) {
			return flow.Unboxed(p.Call.Args[pm.Model])
		}
	case *ssa.UnOp:
		addr, ok := p.X.(*ssa.FieldAddr)
		if !ok || p.Op != token.MUL {
			return nil
		}
		holder := addr.X
		if outer := outerValue(holder, lit); outer != nil {
			holder = outer
		}
		// What was stored in the field of the holder, itself or loaded
		// from the variable holding it: h.p = tea.NewProgram(m).
		for _, h := range aliases(holder) {
			for _, ref := range flow.Referrers(h) {
				fa, ok := ref.(*ssa.FieldAddr)
				if !ok || fa.Field != addr.Field {
					continue
				}
				for _, use := range flow.Referrers(fa) {
					if st, ok := use.(*ssa.Store); ok && st.Addr == fa {
						if m := programModel(st.Val, run, flow.FuncValue{}, depth-1); m != nil {
							return m
						}
					}
				}
			}
		}
	}
	return nil
}

// awaitsStop reports whether instr waits for the end of the actor the
// call start spawned: it receives from the Done channel of what a stop
// (known.StopsActor) returns for the handle start returned (pid :=
// e.Spawn(...); ...; <-e.Poison(pid).Done()).
func awaitsStop(instr ssa.Instruction, start ssa.Instruction) bool {
	recv, ok := instr.(*ssa.UnOp)
	if !ok || recv.Op != token.ARROW {
		return false
	}
	done, ok := recv.X.(*ssa.Call)
	if !ok || !done.Call.IsInvoke() || done.Call.Method.Name() != "Done" {
		return false
	}
	stop, ok := done.Call.Value.(*ssa.Call)
	if !ok || len(stop.Call.Args) < 2 {
		return false
	}
	if !known.StopsActor(flow.StaticFunc(stop)) {
		return false
	}
	return returnedBy(stop.Call.Args[1], start)
}

// harnessStarted returns the model whose program a call of a test
// harness runs on a goroutine of its own (tm :=
// teatest.NewTestModel(t, m), see known.HarnessMade), or nil.
func harnessStarted(call ssa.CallInstruction) ssa.Value {
	h, ok := known.HarnessMade(flow.StaticFunc(call))
	if args := call.Common().Args; ok && h.Model < len(args) {
		return flow.Unboxed(args[h.Model])
	}
	return nil
}

// awaitsHarness reports whether instr calls a method of the harness's
// handle the call start returned that returns only once the program is
// over (tm.FinalModel(t)); start may be the harness or a helper calling
// it.
func awaitsHarness(instr ssa.Instruction, start ssa.Instruction) bool {
	call, ok := instr.(*ssa.Call)
	return ok && len(call.Call.Args) > 0 && returnedBy(call.Call.Args[0], start) && known.WaitsForProgram(flow.StaticFunc(call))
}
