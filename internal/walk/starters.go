package walk

// This file finds where a function starts a value's loop. From there on
// the loop runs beside the rest of the function: what the function goes
// on to touch of that value's confined state, itself or through what it
// calls, it touches off the owner. A test polling a cache's hit counter
// after New started the cache's loop, and a Start setting a field after
// its go statement, race with the loop.

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/known"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/ssa"
)

// A loopStart is where the function starts the loop of a value.
type loopStart struct {
	value ssa.Value       // the value, or the variable holding it
	at    ssa.Instruction // the go statement, or the call that starts it
	loop  *types.Func     // the loop, or the turn
}

// loopStarts lists the function's loop starts, found on first use: a go
// statement running a //confined:loop method of a value, a value handed
// to the framework that runs its turns (see spawnedTurn), and a call of
// a function of the package that does either, returning the value (a
// constructor, summary.StartedResults) or on its receiver (a Start).
// Code a call starts that is no loop (a retry's goroutine) is no loop's
// start.
func (w *walker) loopStarts() []loopStart {
	if w.starts != nil {
		return *w.starts
	}
	var out []loopStart
	for _, b := range w.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if _, deferred := instr.(*ssa.Defer); !ok || deferred {
				continue // a deferred start runs after all the function does
			}
			for _, value := range w.startedBy(call) {
				if w.ownReceiver(value) {
					continue // the loop itself runs: its goroutine is the owner
				}
				loop := w.c.loopHeld(value.Type())
				if loop == nil {
					continue
				}
				// go s.Run(ctx), Run promoted from an embedded loop, starts
				// it on s.Loop: what s holds beside it is shared with that
				// loop as s is.
				for x := value; x != nil; x = embedder(x) {
					x = variableOf(x)
					if cells := flow.CellsHolding(x); len(cells) == 1 {
						x = cells[0] // c := New(); go func() { c.Get(k) }(): a variable closures share
					}
					out = append(out, loopStart{value: x, at: instr, loop: loop})
				}
			}
		}
	}
	w.starts = &out
	return out
}

// loopHeld returns the loop of the type ty is or points to, or, for a
// confined struct without one, the loop of the one field whose type has a
// loop of the struct's owner: a router keeping its state on a shared
// package's loop (r.loop.Start() in r.Start()) shares that state with it,
// as the loop runs the funcs the router hops to it.
func (c *Package) loopHeld(ty types.Type) *types.Func {
	if loop := c.M.Turns.LoopOf(ty); loop != nil {
		return loop
	}
	named := c.M.ConfinedNamed(ty)
	if named == nil {
		return nil
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var held *types.Func
	for f := range st.Fields() {
		loop := c.M.Turns.LoopOf(f.Type())
		if loop == nil {
			continue
		}
		if domain, _ := c.M.FuncRunsOn(loop); held != nil || domain != c.M.TypeDomain(named) {
			return nil
		}
		held = loop
	}
	return held
}

// embedder returns the struct whose embedded field v was loaded from
// (s for s.Loop), or nil.
func embedder(v ssa.Value) ssa.Value {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok || !flow.FieldOf(fa).Embedded() {
		return nil
	}
	return fa.X
}

// ownReceiver reports whether the function is a //confined:loop method
// and v its receiver: inside its loop, a call that seems to start the
// value's loop (a helper starting other loops, handed the receiver's
// method values) starts nothing beside it.
func (w *walker) ownReceiver(v ssa.Value) bool {
	return w.fn.Signature.Recv() != nil && len(w.fn.Params) > 0 && variableOf(v) == w.fn.Params[0] && w.c.M.IsLoop(w.fn)
}

// startedBy returns the values whose loops call starts.
func (w *walker) startedBy(call ssa.CallInstruction) []ssa.Value {
	if x := w.c.spawnedTurn(call); x != nil {
		return []ssa.Value{x}
	}
	if m := harnessStarted(call); m != nil {
		return []ssa.Value{m}
	}
	callee := call.Common().StaticCallee()
	if callee == nil {
		return nil
	}
	args := call.Common().Args
	if g, isGo := call.(*ssa.Go); isGo {
		if w.c.M.IsLoop(callee) && callee.Signature.Recv() != nil && len(args) > 0 {
			return args[:1]
		}
		if ps := w.c.programStarted(g); ps != nil {
			return []ssa.Value{ps.model}
		}
		return w.c.loopsRunIn(g)
	}
	// Cheap tests first: most calls start nothing, and whether a callee
	// starts a loop is read from its body (startsLoop).
	sum := w.c.SummaryOf(callee)
	var out []ssa.Value
	if sum != nil {
		if c, ok := call.(*ssa.Call); ok && sum.StartedResults != 0 {
			out = startedResults(c, sum.StartedResults)
		}
		// A Start on its receiver, a helper spawning the actor it is
		// handed (spawn(t, sys, c)), or one running a program of the
		// model it is handed and returning its harness (start(t, b)).
		for i, a := range args {
			if sum.Started.Has(summary.ParamSource(i)) {
				out = append(out, flow.Unboxed(a))
			}
		}
	}
	if len(out) > 0 && !w.c.startsLoop(callee, maxStarterDepth) {
		out = nil
	}
	if call, ok := call.(*ssa.Call); ok && sum != nil && len(sum.StartedFields) > 0 {
		// Only fields whose loop the callee started are in its summary,
		// which also tells it of another package's fixture.
		out = append(out, startedFieldLoads(call, sum.StartedFields)...)
	}
	return out
}

// loopsRunIn returns the values whose //confined:loop method the function
// g starts calls on them, a literal (go func() { defer close(done);
// w.Run(ctx) }()) or a function of the package handed them (go
// runWatcher(w)): that goroutine runs the loop as go w.Run(ctx) would.
func (c *Package) loopsRunIn(g *ssa.Go) []ssa.Value {
	var out []ssa.Value
	for _, t := range flow.FuncTargets(g.Call.Value) {
		for _, call := range c.loopCallsIn(t.Fn) {
			outer := outerValue(call.Call.Args[0], t)
			if outer == nil {
				outer = spawnerValue(call.Call.Args[0], t, g.Call.Args)
			}
			if outer != nil {
				out = append(out, outer)
			}
		}
	}
	return out
}

// loopCallsIn returns the calls of //confined:loop methods in fn, a
// function literal or function of the package, or nil.
func (c *Package) loopCallsIn(fn *ssa.Function) []*ssa.Call {
	if !flow.IsFuncLit(fn) && (flow.DeclaredFunc(fn) == nil || fn.Pkg == nil || fn.Pkg.Pkg != c.pass.Pkg || c.M.IsLoop(fn)) {
		return nil
	}
	var out []*ssa.Call
	for call, callee := range flow.StaticCalls(fn) {
		if c.M.IsLoop(callee) && callee.Signature.Recv() != nil && len(call.Call.Args) > 0 {
			out = append(out, call)
		}
	}
	return out
}

// awaitsLiteralEnd reports whether instr waits for what the function
// literal the go statement start runs signals once the loop it calls has
// returned (go func() { defer close(done); w.Run(ctx) }(); ...; <-done).
func (c *Package) awaitsLiteralEnd(instr ssa.Instruction, start ssa.Instruction) bool {
	g, ok := start.(*ssa.Go)
	return ok && slices.ContainsFunc(flow.Memoized(c.literalEnds, g, c.findLiteralEnds), func(sig signal) bool { return sig.waitFor(sig.v, true)(instr) })
}

// stopResults returns the results of fn that are funcs whose call returns
// only once a loop that a literal fn starts has returned: a test helper's
// stop (go func() { done <- d.Run(w) }(); return w, func() { w.Destroy();
// <-done }). See summary.StopResults and callsStop.
func (c *Package) stopResults(fn *ssa.Function, returns []*ssa.Return) summary.Indices {
	var ends []signal
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if g, ok := instr.(*ssa.Go); ok {
				ends = append(ends, flow.Memoized(c.literalEnds, g, c.findLiteralEnds)...)
			}
		}
	}
	if len(ends) == 0 || len(returns) == 0 {
		return 0
	}
	var out summary.Indices
	for i := range returns[0].Results {
		if !slices.ContainsFunc(returns, func(ret *ssa.Return) bool { return !waitsForSignal(ret.Results[i], ends, maxStopDepth) }) {
			out = out.With(i)
		}
	}
	return out
}

// maxStopDepth bounds how many closures deep waitsForSignal looks for the
// wait (stop's once.Do(func() { <-done })).
const maxStopDepth = 2

// waitsForSignal reports whether f is a closure that, on every way out,
// waits for one of sigs, given as the values of the function that made
// it: itself, or in a closure it calls in place (right away, or through
// sync.Once's Do), depth closures deep.
func waitsForSignal(f ssa.Value, sigs []signal, depth int) bool {
	mc, ok := f.(*ssa.MakeClosure)
	if !ok || depth < 0 {
		return false
	}
	lit := mc.Fn.(*ssa.Function)
	var inner []signal // sigs as the closure's free variables
	for _, sig := range sigs {
		for k, bound := range mc.Bindings {
			if bound == sig.v || slices.ContainsFunc(flow.CellsHolding(sig.v), func(cell *ssa.Alloc) bool { return bound == cell }) {
				inner = append(inner, signal{v: lit.FreeVars[k], done: sig.done})
			}
		}
	}
	if len(inner) == 0 {
		return false
	}
	var exits []ssa.Instruction
	for _, b := range lit.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			exits = append(exits, ret)
		}
	}
	for _, b := range lit.Blocks {
		for _, instr := range b.Instrs {
			if slices.ContainsFunc(exits, func(exit ssa.Instruction) bool { return !flow.Dominates(instr, exit) }) {
				continue
			}
			if slices.ContainsFunc(inner, func(sig signal) bool { return sig.waitFor(sig.v, false)(instr) }) {
				return true
			}
			if call, ok := instr.(*ssa.Call); ok && slices.ContainsFunc(calledInPlace(call), func(v ssa.Value) bool { return waitsForSignal(v, inner, depth-1) }) {
				return true
			}
		}
	}
	return false
}

// calledInPlace returns the func values call runs before it returns: its
// callee, or the func it hands sync.Once's Do.
func calledInPlace(call *ssa.Call) []ssa.Value {
	if known.RunsInPlace(flow.StaticFunc(call)) {
		return call.Call.Args
	}
	return []ssa.Value{call.Call.Value}
}

// callsStop reports whether instr calls a result of the call start that
// returns only once the loop start's callee started has returned (see
// stopResults): w, stop := run(t, d); ...; stop().
func (c *Package) callsStop(instr, start ssa.Instruction) bool {
	call, ok := instr.(*ssa.Call)
	starter, isCall := start.(*ssa.Call)
	if !ok || !isCall || starter.Call.StaticCallee() == nil {
		return false
	}
	sum := c.SummaryOf(starter.Call.StaticCallee())
	if sum == nil || sum.StopResults == 0 {
		return false
	}
	if x, ok := call.Call.Value.(*ssa.Extract); ok {
		return x.Tuple == starter && sum.StopResults.Has(x.Index)
	}
	return call.Call.Value == starter && sum.StopResults.Has(0)
}

// findLiteralEnds returns the signals, as the starter's values, that the
// literals g starts give once the loops they call have returned: deferred,
// or past the loop's call (see endSignals).
func (c *Package) findLiteralEnds(g *ssa.Go) []signal {
	var out []signal
	for _, t := range flow.FuncTargets(g.Call.Value) {
		calls := c.loopCallsIn(t.Fn)
		if len(calls) == 0 {
			continue
		}
		past := func(instr ssa.Instruction) bool {
			return slices.ContainsFunc(calls, func(call *ssa.Call) bool { return call != instr && flow.Dominates(call, instr) })
		}
		for _, sig := range endSignals(t.Fn, past) {
			if v := spawnerValue(sig.v, t, g.Call.Args); v != nil {
				out = append(out, signal{v: v, done: sig.done})
			}
		}
	}
	return out
}

// endSignals are the signals lit gives once its run is over: deferred
// ones, which run as lit returns, and those past reports as coming after
// the run (h.done <- result{m, err} once the program returned).
func endSignals(lit *ssa.Function, past func(ssa.Instruction) bool) []signal {
	var out []signal
	for _, b := range lit.Blocks {
		for _, instr := range b.Instrs {
			if _, deferred := instr.(*ssa.Defer); deferred || past(instr) {
				out = append(out, signalsOf(instr)...)
			}
		}
	}
	return out
}

// startedFieldLoads are the loads of the fields of call's results that
// hold what it started (o := openOffice(t); o.Inv.Shows).
func startedFieldLoads(call *ssa.Call, fields []summary.ResultField) []ssa.Value {
	var out []ssa.Value
	for _, f := range fields {
		for _, result := range heldResults(startedResults(call, summary.Indices(0).With(f.Result))) {
			for _, ref := range flow.Referrers(result) {
				switch ref := ref.(type) {
				case *ssa.FieldAddr:
					if field := flow.FieldOf(ref); field == nil || field.Name() != f.Field {
						continue
					}
					for _, use := range flow.Referrers(ref) {
						if load, ok := use.(*ssa.UnOp); ok && load.Op == token.MUL {
							out = append(out, load)
						}
					}
				case *ssa.Field: // a struct returned by value
					if field := flow.LoadedField(ref); field != nil && field.Name() == f.Field {
						out = append(out, ref)
					}
				}
			}
		}
	}
	return out
}

// heldResults are results, and the variables that hold only them (a
// struct returned by value) with their loads (a fixture a closure of the
// test captures too).
func heldResults(results []ssa.Value) []ssa.Value {
	out := results
	for _, r := range results {
		for _, cell := range flow.CellsHolding(r) {
			if len(flow.StoredValues(cell)) != 1 {
				continue
			}
			out = append(out, cell) // a struct returned by value, its fields selected in place
			for _, ref := range flow.Referrers(cell) {
				if load, ok := ref.(*ssa.UnOp); ok && load.Op == token.MUL {
					out = append(out, load)
				}
			}
		}
	}
	return out
}

// startedResults are the results of call at the indices: the call itself
// when it returns one, else those extracted (_, r, err := start()).
func startedResults(call *ssa.Call, at summary.Indices) []ssa.Value {
	if _, tuple := call.Type().(*types.Tuple); !tuple {
		if at.Has(0) {
			return []ssa.Value{call}
		}
		return nil
	}
	var out []ssa.Value
	for _, ref := range flow.Referrers(call) {
		if e, ok := ref.(*ssa.Extract); ok && at.Has(e.Index) {
			out = append(out, e)
		}
	}
	return out
}

// spawnedTurn returns the value whose turns call starts: a value of a
// type the framework runs turns of on goroutines of its own
// (model.Turns.Spawned), handed to another package as an interface of
// the turn's package (n.Spawn(name, opts, r), r a gen.ProcessBehavior),
// or captured by a func returning one (e.Spawn(func() actor.Receiver {
// return w }, "w")); else nil.
func (c *Package) spawnedTurn(call ssa.CallInstruction) ssa.Value {
	if _, isGo := call.(*ssa.Go); isGo || !c.M.Turns.Spawning() {
		return nil // asked of every call: most programs run no such framework
	}
	common := call.Common()
	var pkg *types.Package
	if common.IsInvoke() {
		pkg = common.Method.Pkg()
	} else if callee := common.StaticCallee(); callee != nil && callee.Object() != nil {
		pkg = callee.Object().Pkg()
	}
	if pkg == nil || pkg == c.pass.Pkg {
		return nil
	}
	for _, a := range common.Args {
		if conv, ok := a.(*ssa.ChangeType); ok {
			a = conv.X // a literal given as a named func type (actor.Producer)
		}
		var ifaces []types.Type
		var candidates []ssa.Value
		switch a := a.(type) {
		case *ssa.MakeInterface:
			ifaces, candidates = []types.Type{a.Type()}, []ssa.Value{a.X}
		case *ssa.MakeClosure:
			for v := range a.Fn.(*ssa.Function).Signature.Results().Variables() {
				ifaces = append(ifaces, v.Type())
			}
			candidates = a.Bindings
		default:
			if types.IsInterface(a.Type()) {
				ifaces, candidates = []types.Type{a.Type()}, []ssa.Value{a} // a helper's spawn(r actor.Receiver)
			}
		}
		for _, x := range candidates {
			if c.turnSpawned(x, ifaces) {
				return x
			}
		}
	}
	return nil
}

// turnSpawned reports whether x is a value of a type whose turns its
// framework runs on goroutines of its own, handed over as one of ifaces,
// an interface of that framework's package.
func (c *Package) turnSpawned(x ssa.Value, ifaces []types.Type) bool {
	t := x.Type()
	if cell, ok := x.(*ssa.Alloc); ok {
		t = cell.Type().(*types.Pointer).Elem() // a variable the func captures
	}
	named := names.DerefNamed(t)
	if named == nil {
		return false
	}
	method, ok := c.M.Turns.Spawned(named)

	if !ok {
		return false
	}
	return slices.ContainsFunc(ifaces, func(t types.Type) bool {
		n, ok := t.(*types.Named)
		return ok && types.IsInterface(n) && n.Obj().Pkg() == method.Pkg()
	})
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
	if _, harness := known.HarnessMade(flow.DeclaredFunc(fn)); harness {
		return true // a test library's, started with the model handed to it
	}
	if fn.Blocks == nil { // another package's: its summary tells
		sum := c.SummaryOf(fn)
		return sum != nil && sum.StartsLoop
	}
	if depth == maxStarterDepth {
		return flow.Memoized(c.loopStarters, fn, func(fn *ssa.Function) bool { return c.findsLoopStart(fn, depth) })
	}
	return c.findsLoopStart(fn, depth)
}

func (c *Package) findsLoopStart(fn *ssa.Function, depth int) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			g, ok := instr.(*ssa.Go)
			if ok {
				// A model handed in as the interface (start(t, m tea.Model))
				// is its caller's: the program runs whatever turns it has.
				if ps := c.programStarted(g); ps != nil && (types.IsInterface(ps.model.Type()) || c.M.Turns.LoopOf(ps.model.Type()) != nil) {
					return true
				}
			}
			if !ok {
				if call, isCall := instr.(*ssa.Call); isCall && c.spawnedTurn(call) != nil {
					return true
				}
				if call, isCall := instr.(*ssa.Call); isCall && known.RunsInPlace(flow.StaticFunc(call)) {
					// once.Do(func() { go l.run() }): the literal runs here.
					for _, arg := range call.Call.Args {
						for _, t := range flow.FuncTargets(arg) {
							if flow.IsFuncLit(t.Fn) && c.findsLoopStart(t.Fn, depth) {
								return true
							}
						}
					}
				}
				if call, isCall := instr.(*ssa.Call); isCall && depth > 0 {
					if callee := call.Call.StaticCallee(); callee != nil && (callee.Pkg == fn.Pkg || callee.Blocks == nil) && callee != fn && c.startsLoop(callee, depth-1) {
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

// TouchedByLoop reports whether the loop (or turn) fn touches what wit
// touches, one of them writing: what only the side that started it keeps
// (a count Serve takes for guest names) races with nothing. Without the
// loop's body in view, it says so, unless the package hops funcs to the
// loop's owner and wit touches only the package's own types: another
// package's mailbox loop touches those in the funcs the package hands it.
// Asked once every function is walked.
func (c *Package) TouchedByLoop(loop *types.Func, wit summary.Witness) bool {
	domain, _ := c.M.FuncRunsOn(loop)
	for _, fn := range c.loopBodies(loop) {
		if (fn == nil || len(fn.Blocks) == 0) && (len(c.hopTargets(domain)) == 0 || !c.ownMember(wit.Member) ||
			slices.ContainsFunc(wit.Reaches, func(r summary.Reach) bool { return !c.ownMember(r.Member) })) {
			return true
		}
		written := c.touchedBy(fn, domain)
		races := func(member string, write bool) bool {
			loopWrites, touched := written[fieldOf(member)]
			return touched && (write || loopWrites)
		}
		if races(wit.Member, wit.Action == summary.ActionWrites) || slices.ContainsFunc(wit.Reaches, func(r summary.Reach) bool { return races(r.Member, r.Write) }) {
			return true
		}
	}
	return false
}

// TurnsWrite reports whether the turns of actor, and the functions of the
// package they call, write a field of named.
func (c *Package) TurnsWrite(actor, named *types.Named) bool {
	loop := c.M.Turns.LoopOf(actor)
	if loop == nil || named.Obj().Pkg() == nil {
		return false
	}
	domain, _ := c.M.FuncRunsOn(loop)
	prefix := named.Obj().Pkg().Name() + "." + named.Obj().Name() + "."
	for _, fn := range c.loopBodies(loop) {
		if fn == nil {
			continue
		}
		for member, written := range c.touchedBy(fn, domain) {
			if written && strings.HasPrefix(member, prefix) {
				return true
			}
		}
	}
	return false
}

// loopBodies are the functions that run as loop: itself, or, for a turn,
// every turn of its receiver's type that its package declares (a
// gen.Server's HandleCall and HandleInfo).
func (c *Package) loopBodies(loop *types.Func) []*ssa.Function {
	if !c.isTurn(loop) {
		return []*ssa.Function{c.prog.FuncValue(loop)}
	}
	var out []*ssa.Function
	recv := loop.Signature().Recv().Type()
	if _, isPtr := recv.(*types.Pointer); !isPtr {
		recv = types.NewPointer(recv)
	}
	for sel := range types.NewMethodSet(recv).Methods() {
		// A framework's defaults a type inherits (gen.Server's) touch
		// none of its package's state.
		if m := sel.Obj().(*types.Func); m.Pkg() == loop.Pkg() && c.isTurn(m) {
			out = append(out, c.prog.FuncValue(m))
		}
	}
	return out
}

// isTurn reports whether m, a concrete method, runs as a turn of its
// type's owner.
func (c *Package) isTurn(m *types.Func) bool {
	_, ok := c.M.Turns.Of(m)
	return ok
}

// OwnerCodeWrites reports whether code known to run on an owner (a loop,
// a turn, an owner-only function) writes member, itself or in what it
// calls in the package: code elsewhere reading it races with that owner,
// whoever started it. Found once for all members, once every function is
// walked.
func (c *Package) OwnerCodeWrites(member string) bool {
	if c.ownerWrites == nil {
		c.ownerWrites = make(map[string]bool)
		for _, fn := range c.Fns {
			if domain, ok := c.M.RunsOn(fn); ok {
				for m, written := range c.touchedBy(fn, domain) {
					c.ownerWrites[m] = c.ownerWrites[m] || written
				}
			}
		}
	}
	return c.ownerWrites[fieldOf(member)]
}

// OnOwnerOnly reports whether fn runs only on the owner of domain: it is
// a loop or turn of it, a func the package hops there, or a function the
// package only calls, statically, from such code (a report a loop's
// request case builds). Code it starts and waits for runs while that
// owner waits.
func (c *Package) OnOwnerOnly(fn *ssa.Function, domain string) bool {
	return c.onOwnerOnly(fn, domain, maxOwnerCallDepth)
}

// maxOwnerCallDepth bounds how many callers up OnOwnerOnly looks.
const maxOwnerCallDepth = 4

func (c *Package) onOwnerOnly(fn *ssa.Function, domain string, depth int) bool {
	if d, ok := c.M.RunsOn(fn); ok {
		return d == domain
	}
	if slices.Contains(c.hopTargets(domain), fn) {
		return true
	}
	calls := c.Callers(fn)
	if depth == 0 || len(calls) == 0 || !c.OnlyCalled(fn) || c.exported(fn) {
		return false
	}
	return !slices.ContainsFunc(calls, func(call *ssa.Call) bool { return !c.onOwnerOnly(call.Parent(), domain, depth-1) })
}

// OwnerCodeTouches reports whether code known to run on an owner touches
// member at all (see OwnerCodeWrites): code elsewhere writing it races
// with that owner's reads too.
func (c *Package) OwnerCodeTouches(member string) bool {
	c.OwnerCodeWrites(member) // fills ownerWrites
	_, touched := c.ownerWrites[fieldOf(member)]
	return touched
}

// touchedBy returns the members fn, a loop of domain, and the functions
// of the package it calls touch, a field's entries as the field, each with
// whether one of them writes it; memoized. A mailbox loop (see
// callsReceived), and another package's loop (fn nil or without a body),
// also runs the funcs the package hops to domain.
func (c *Package) touchedBy(fn *ssa.Function, domain string) map[string]bool {
	key := loopKey{fn, domain}
	if done, ok := c.loopTouches[key]; ok {
		return done
	}
	written := make(map[string]bool)
	note := func(member string, write bool) { written[fieldOf(member)] = written[fieldOf(member)] || write }
	seen := make(map[*ssa.Function]bool)
	var queue []*ssa.Function
	visit := func(f *ssa.Function) {
		if f.Pkg != nil && f.Pkg.Pkg == c.pass.Pkg && !seen[f] {
			seen[f] = true
			queue = append(queue, f)
		}
	}
	posted := fn == nil || len(fn.Blocks) == 0
	if posted {
		for _, t := range c.hopTargets(domain) {
			visit(t)
		}
	} else {
		seen[fn] = true
		queue = append(queue, fn)
	}
	for ; len(queue) > 0; queue = queue[1:] {
		f := queue[0]
		if walk := c.Walks[f]; walk != nil {
			for _, site := range walk.Sites {
				note(site.Witness.Member, site.Witness.Action == summary.ActionWrites)
				for _, r := range site.Witness.Reaches {
					note(r.Member, r.Write)
				}
			}
		}
		for _, callee := range flow.StaticCalls(f) {
			visit(callee)
		}
		if !posted && callsReceived(f) {
			// A mailbox: the funcs the package hops to the loop's owner
			// run as the loop (d.post(func() { d.holds[id].Count++ })).
			posted = true
			for _, t := range c.hopTargets(domain) {
				visit(t)
			}
		}
	}
	c.loopTouches[key] = written
	return written
}

// ownMember reports whether member is of a type the package declares:
// another package's loop, which cannot name the type, touches it only in
// the funcs the package hands it.
func (c *Package) ownMember(member string) bool {
	pkg, _, _, ok := names.SplitMember(strings.TrimLeft(member, "(*"))
	return ok && pkg == c.pass.Pkg.Name()
}

// A loopKey names a loop for touchedBy.
type loopKey struct {
	fn     *ssa.Function
	domain string
}

// hopTargets are the funcs the package hops to the owner of domain, in
// source order; found once per domain, every function being walked.
func (c *Package) hopTargets(domain string) []*ssa.Function {
	return flow.Memoized(c.hopped, domain, func(domain string) []*ssa.Function {
		var out []*ssa.Function
		for _, fn := range c.Fns {
			if walk := c.Walks[fn]; walk != nil {
				for _, hop := range walk.Hops {
					if *hop.On == domain {
						for _, t := range hop.Targets {
							out = append(out, t.Fn)
						}
					}
				}
			}
		}
		return out
	})
}

// callsReceived reports whether fn calls a func value it received from a
// channel: the loop of a mailbox of funcs.
func callsReceived(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok && !call.Common().IsInvoke() && call.Common().StaticCallee() == nil && flow.ReceivedFrom(call.Common().Value) != nil {
				return true
			}
		}
	}
	return false
}

// fieldOf is the field member names, or whose entries it names.
func fieldOf(member string) string {
	if f, ok := summary.FieldOfContents(member); ok {
		return f
	}
	return member
}

// startedBefore returns the start of the loop of v, the value the
// instruction being walked touches through, when it comes before: the
// start dominates the touch, and no wait for the loop (a receive on one of
// the value's channels, a method of it that receives: Close) lies between.
func (w *walker) startedBefore(v ssa.Value) *loopStart {
	if v == nil {
		return nil
	}
	v = heldIn(v)
	var st *loopStart
	if fv, ok := v.(*ssa.FreeVar); ok {
		if st = w.capturedAfterStart(fv); st != nil && w.waitedBefore(fv) {
			return nil // a cleanup that closes the value, then reads it
		}
	} else {
		st = w.startOf(v)
		// What the value holds (r.Depot.bins["a"]) is shared with its
		// loop as the value is; TouchedByLoop keeps what the loop touches.
		for x, depth := v, 0; st == nil && depth < maxHeldDepth; depth++ {
			if x = w.holderOf(x); x == nil {
				break
			}
			st = w.startOf(variableOf(x))
		}
	}
	// A method that waits for the loop's end (Close: close(c.quit);
	// <-c.done; return c.stats()) touches what it does once the loop is
	// done with it; one that takes the value's lock first shares it under
	// that lock. Asked only past a start: most touches follow none.
	if st == nil || w.c.waitsForLoop(w.at, v) || w.c.sharedUnderLock(w.at, v) {
		return nil
	}
	return st
}

// maxHeldDepth bounds how many loads and lookups deep startedBefore looks
// for the started value a touched one is held in.
const maxHeldDepth = 4

// holderOf returns the value v was loaded or looked up from (see
// holder), or, for v a result of a call, the argument the callee returns
// it from: a getter that asks the value's loop for the records it keeps
// (d.Holds(), through a round trip) returns what the value holds, which
// the caller shares with the loop as it shares the value. A result the
// callee makes or copies comes from none of its arguments.
func (w *walker) holderOf(v ssa.Value) ssa.Value {
	if h := holder(v); h != nil {
		return h
	}
	v, _ = flow.HeldValue(v) // a variable a closure captures (pickers, _ := r.Pickers())
	if !names.SharesMemory(v.Type()) {
		return nil
	}
	call, _ := flow.ResultOf(v)
	if call == nil || call.Call.StaticCallee() == nil {
		return nil
	}
	callee := call.Call.StaticCallee()
	sum := w.c.SummaryOf(callee)
	if sum == nil {
		return nil
	}
	args := flow.CallArgs(&call.Call)
	for _, src := range summary.TypedResult(genericSignature(callee), sum.Result).Sources() {
		if i := int(src); src < summary.FreeBase && i < len(args) {
			return args[i]
		}
	}
	return nil
}

// holder returns the value v was loaded or looked up from: the struct,
// map or slice holding it. Else nil.
func holder(v ssa.Value) ssa.Value {
	switch v := v.(type) {
	case *ssa.UnOp:
		if addr, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return addr.X
		}
		if addr, ok := v.X.(*ssa.IndexAddr); ok && v.Op == token.MUL {
			return indexed(addr)
		}
	case *ssa.Extract:
		if lookup, ok := v.Tuple.(*ssa.Lookup); ok {
			return lookup.X
		}
	case *ssa.Field:
		return v.X
	case ssa.Instruction:
		return indexed(v) // a map's or slice's entry
	}
	return nil
}

// waitedBefore reports whether the function waits for the end of the
// loop of x before the instruction being walked.
func (w *walker) waitedBefore(x ssa.Value) bool {
	for _, b := range w.fn.Blocks {
		for _, instr := range b.Instrs {
			if instr != w.at && flow.Dominates(instr, w.at) && w.c.waitsThere(instr, x) {
				return true
			}
		}
	}
	return false
}

// startOf returns the start of the loop of v, the function's own value,
// that comes before the instruction being walked (see startedBefore).
func (w *walker) startOf(v ssa.Value) *loopStart {
	starts := w.loopStarts()
	for i := range starts {
		st := &starts[i]
		if st.value == v && st.at != w.at && flow.Dominates(st.at, w.at) && !w.waitsBetween(st, w.at) && !w.handshakes(st.value) {
			return st
		}
	}
	return nil
}

// capturedAfterStart returns the start of the loop of the value the
// closure captures as fv, when the enclosing function made the closure
// after it: wherever it is called (eventually(t, func() bool { return
// len(w.seen) > 0 })), it touches the value beside its loop.
func (w *walker) capturedAfterStart(fv *ssa.FreeVar) *loopStart {
	parent := w.fn.Parent()
	i := slices.Index(w.fn.FreeVars, fv)
	if parent == nil || i < 0 {
		return nil
	}
	if w.enclosing == nil {
		w.enclosing = newWalker(w.c, parent)
	}
	for _, ref := range flow.Referrers(w.fn) {
		if mc, ok := ref.(*ssa.MakeClosure); ok && mc.Fn == w.fn && calledHere(mc) {
			w.enclosing.at = mc
			if st := w.enclosing.startedBefore(mc.Bindings[i]); st != nil {
				return st
			}
		}
	}
	return nil
}

// calledHere reports whether the closure mc runs only where it was made:
// called there, handed to a function of the package that only calls it
// (eventually(t, cond)), or registered as a test's cleanup, which the
// test's goroutine runs at its end (before the cleanups registered
// earlier, such as the Close of the helper that started the loop; after
// those registered later, which may stop it first). A
// closure sent to the loop (a hop) runs there, and one started off the
// owner is reported as such.
func calledHere(mc *ssa.MakeClosure) bool {
	for _, ref := range flow.Referrers(mc) {
		call, ok := ref.(*ssa.Call)
		if !ok {
			return false
		}
		if call.Call.Value == mc || testCleanup(call.Common()) && !cleanedUpAfter(call) {
			continue
		}
		callee := call.Call.StaticCallee()
		i := slices.Index(call.Call.Args, ssa.Value(mc))
		if callee == nil || i < 0 || i >= len(callee.Params) || len(callee.Blocks) == 0 {
			return false
		}
		for _, use := range flow.Referrers(callee.Params[i]) {
			if c, ok := use.(*ssa.Call); !ok || c.Call.Value != callee.Params[i] {
				return false
			}
		}
	}
	return true
}

// cleanedUpAfter reports whether a test cleanup is registered after call
// in its function: it runs before call's (a Close stopping the loop).
func cleanedUpAfter(call *ssa.Call) bool {
	for _, b := range call.Parent().Blocks {
		for _, instr := range b.Instrs {
			if later, ok := instr.(*ssa.Call); ok && later != call && testCleanup(later.Common()) && flow.Dominates(call, later) {
				return true
			}
		}
	}
	return false
}

// testCleanup reports whether call registers a test's cleanup: Cleanup
// of testing's T, B or F, or of a testing.TB.
func testCleanup(call *ssa.CallCommon) bool {
	var m *types.Func
	if call.IsInvoke() {
		m = call.Method
	} else if callee := call.StaticCallee(); callee != nil {
		m = flow.DeclaredFunc(callee)
	}
	return m != nil && m.Name() == "Cleanup" && m.Pkg() != nil && m.Pkg().Path() == "testing"
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
// calls a method of it that does (Close), waits for its framework to
// stop the actor the start spawned (see awaitsStop), or for the program a
// harness runs to end (see waitsOnHandle, awaitsHarness). Waiting
// for a reply on a channel of the call's own (a Stats request), or a
// select that gives up a send once the loop is done (case <-c.done:), is
// no such wait: the loop goes on.
func (w *walker) waitsBetween(st *loopStart, at ssa.Instruction) bool {
	for _, b := range w.fn.Blocks {
		for _, instr := range b.Instrs {
			if flow.Dominates(st.at, instr) && flow.Dominates(instr, at) && (w.c.waitsThere(instr, st.value) || awaitsStop(instr, st.at) || w.c.callsStop(instr, st.at) || w.c.waitsOnHandle(instr, st.at) || awaitsHarness(instr, st.at) || w.c.awaitsLiteralEnd(instr, st.at)) {
				return true
			}
		}
	}
	return false
}

// waitsOnHandle reports whether instr calls a method, on what the call
// start returned, that waits on a field the goroutine start began
// signals on once the program it runs is over (see programStart.ends):
// a test harness whose quit waits for it (h := start(t, b); ...;
// h.quit() receiving from h.done).
func (c *Package) waitsOnHandle(instr ssa.Instruction, start ssa.Instruction) bool {
	call, ok := instr.(*ssa.Call)
	if !ok || len(call.Call.Args) == 0 || !returnedBy(call.Call.Args[0], start) {
		return false
	}
	method, starter := call.Call.StaticCallee(), start.(ssa.CallInstruction).Common().StaticCallee()
	if method == nil || starter == nil || method.Signature.Recv() == nil || len(method.Params) == 0 {
		return false
	}
	ends := flow.Memoized(c.programEnds, starter, c.startedProgramEnds)
	return len(ends) > 0 && slices.ContainsFunc(method.Blocks, func(b *ssa.BasicBlock) bool {
		return slices.ContainsFunc(b.Instrs, func(i ssa.Instruction) bool {
			f := waitedField(i, method.Params[0])
			return f != nil && ends[f]
		})
	})
}

// startedProgramEnds returns the fields the programs fn runs on
// goroutines signal on once they are over (see programStart.ends).
func (c *Package) startedProgramEnds(fn *ssa.Function) map[*types.Var]bool {
	ends := make(map[*types.Var]bool)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if g, ok := instr.(*ssa.Go); ok {
				if ps := c.programStarted(g); ps != nil {
					maps.Copy(ends, ps.ends())
				}
			}
		}
	}
	return ends
}

// returnedBy reports whether v is what the call start returned, or one of
// its results (pid, s := start(e)).
func returnedBy(v ssa.Value, start ssa.Instruction) bool {
	if x, ok := v.(*ssa.Extract); ok {
		v = x.Tuple
	}
	call, ok := start.(*ssa.Call)
	return ok && v == ssa.Value(call)
}

// afterLoopEnd reports whether at, touching the value v holds (or a
// value it holds), runs only past a receive from a channel field of v
// that v's loop closes as it ends (select { case <-l.done: return
// l.stats, nil; default: }, or a plain <-l.done): the loop is over.
func (c *Package) afterLoopEnd(at ssa.Instruction, v ssa.Value) bool {
	if at == nil || at.Block() == nil {
		return false
	}
	ends := flow.Memoized(c.endWaits, at.Parent(), c.findEndWaits)
	if len(ends) == 0 {
		return false // most functions wait for no loop's end
	}
	x := variableOf(v)
	for depth := 0; depth < maxHeldDepth; depth++ {
		h := holder(x)
		if h == nil {
			break
		}
		x = variableOf(h)
	}
	return slices.ContainsFunc(ends, func(e endWait) bool {
		return e.value == x && (e.recv != nil && flow.Dominates(e.recv, at) || e.body != nil && e.body.Dominates(at.Block()))
	})
}

// A loopRun is a call that runs a loop on the caller's goroutine until
// it ends, with the loop's domain.
type loopRun struct {
	call   ssa.Instruction
	domain string
}

// loopRuns lists the function's calls that run a loop to its end: of a
// //confined:loop function (not a turn), or of the run method of a framework's
// program, whose model's turns, its framework's, are the loop
// (app.program.Run()). Found on first use.
func (w *walker) loopRuns() []loopRun {
	if w.ran != nil {
		return *w.ran
	}
	var out []loopRun
	for _, b := range w.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			if callee := call.Call.StaticCallee(); callee != nil && callee != w.fn {
				// A turn is one step of its loop, which its framework
				// goes on running elsewhere.
				obj := flow.DeclaredFunc(callee)
				if domain, ok := w.c.M.LoopDomain(callee); ok && (obj == nil || !w.c.M.Turns.Is(obj)) {
					out = append(out, loopRun{call: call, domain: domain})
					continue
				}
			}
			if run := flow.StaticFunc(call); known.RunsProgram(run) {
				if domain, ok := w.c.M.Turns.DomainIn(run.Pkg()); ok {
					out = append(out, loopRun{call: call, domain: domain})
				}
			}
		}
	}
	w.ran = &out
	return out
}

// runsLoopHere reports whether the instruction walked runs a loop of
// domain (see loopRuns), or a call before it on every way to it ran one
// to its end. What the loop touches of its owner's state is its own, on
// whatever goroutine it runs (inside a //confined:loop, nothing is off the
// owner because of how it was started); past its end, what the function
// touches of that state races with none of its turns (a test's goroutine
// reading the model its program left, app.Run returning a.model).
func (w *walker) runsLoopHere(domain string) bool {
	if w.at == nil || w.at.Block() == nil || w.at.Parent() != w.fn {
		return false
	}
	return slices.ContainsFunc(w.loopRuns(), func(r loopRun) bool {
		return r.domain == domain && (r.call == w.at || flow.Dominates(r.call, w.at))
	})
}

// An endWait is where a function waits for the end of the loop of value:
// a receive, recv, or a select's case, whose body is body, from a channel
// field of the value that its loop closes as it ends (see closedAtEnd).
type endWait struct {
	value ssa.Value // the value, or the variable holding it
	recv  ssa.Instruction
	body  *ssa.BasicBlock
}

// findEndWaits lists fn's waits for the end of a value's loop.
func (c *Package) findEndWaits(fn *ssa.Function) []endWait {
	var out []endWait
	// ended returns the value whose loop closes ch as it ends, or nil.
	ended := func(ch ssa.Value) ssa.Value {
		load, ok := ch.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			return nil
		}
		fa, ok := load.X.(*ssa.FieldAddr)
		if !ok {
			return nil
		}
		x := variableOf(fa.X)
		t := x.Type()
		if cell, ok := x.(*ssa.Alloc); ok {
			t = cell.Type().(*types.Pointer).Elem() // a variable holding it, or the value made
		}
		loop := c.M.Turns.LoopOf(t)
		if loop == nil || !flow.Memoized(c.loopEnds, loop, c.closedAtEnd)[flow.FieldOf(fa)] {
			return nil
		}
		return x
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.UnOp:
				if x := ended(in.X); in.Op == token.ARROW && x != nil {
					out = append(out, endWait{value: x, recv: in})
				}
			case *ssa.Select:
				for k, st := range in.States {
					if st.Dir != types.RecvOnly {
						continue
					}
					if x := ended(st.Chan); x != nil {
						if branch := flow.SelectCase(in, k); branch != nil {
							out = append(out, endWait{value: x, body: branch.Block().Succs[0]})
						}
					}
				}
			}
		}
	}
	return out
}

// closedAtEnd returns the channel fields of its receiver that the loop
// closes as it ends: in a deferred close(l.done), or a close right before
// a return.
func (c *Package) closedAtEnd(loop *types.Func) map[*types.Var]bool {
	fn := c.prog.FuncValue(loop)
	if fn == nil || len(fn.Params) == 0 || fn.Signature.Recv() == nil {
		return nil
	}
	out := make(map[*types.Var]bool)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			common := call.Common()
			if builtin, ok := common.Value.(*ssa.Builtin); !ok || builtin.Name() != "close" || len(common.Args) != 1 {
				continue
			}
			if _, deferred := instr.(*ssa.Defer); !deferred && len(b.Succs) > 0 {
				continue
			}
			load, ok := common.Args[0].(*ssa.UnOp)
			if !ok || load.Op != token.MUL {
				continue
			}
			if fa, ok := load.X.(*ssa.FieldAddr); ok && fa.X == fn.Params[0] {
				out[flow.FieldOf(fa)] = true
			}
		}
	}
	return out
}

// waitsForLoop reports whether instr waits for the end of the loop of the
// value x: it waits on a field of x (see waitsOnField), or calls a method
// of x that does (Close).
func (c *Package) waitsForLoop(instr ssa.Instruction, x ssa.Value) bool {
	if waitsOnField(instr, x) {
		return true
	}
	callee := methodCalled(instr, x)
	return callee != nil && c.recvHabits(callee).waits
}

// sharedUnderLock reports whether instr calls a method of x that takes a
// lock of x's first (s.snapshot() locking s.mu): its author shares the
// value under that lock, with the loop too.
func (c *Package) sharedUnderLock(instr ssa.Instruction, x ssa.Value) bool {
	callee := methodCalled(instr, x)
	return callee != nil && c.recvHabits(callee).locksFirst
}

// A recvHabit is what a method does with its receiver that matters to
// the code that started the receiver's loop (see walkFunc).
type recvHabit struct {
	waits      bool // on a field of it (see waitsOnField), as a Close waits for the loop's end
	locksFirst bool // takes a lock of it first (see flow.LocksFirst)
}

// recvHabits returns what the method fn does with its receiver: found in
// its body once, or told by its summary for another package's.
func (c *Package) recvHabits(fn *ssa.Function) recvHabit {
	if fn.Blocks == nil {
		if sum := c.SummaryOf(fn); sum != nil {
			return recvHabit{waits: sum.RecvWaits, locksFirst: sum.RecvLockedFirst}
		}
		if obj := flow.DeclaredFunc(fn); obj != nil && obj.Pkg() == c.pass.Pkg {
			// A method of the package built without its body (nothing
			// confined in its reach): its syntax tells.
			return flow.Memoized(c.habits, fn, func(*ssa.Function) recvHabit { return recvHabit{locksFirst: c.locksFirstInSyntax(obj)} })
		}
		return recvHabit{}
	}
	return flow.Memoized(c.habits, fn, func(fn *ssa.Function) recvHabit {
		return recvHabit{waits: waitsOnRecv(fn), locksFirst: flow.LocksFirst(fn)}
	})
}

// locksFirstInSyntax reports whether the method obj's body takes a lock
// of its receiver first and lets it go only at its end (r.mu.Lock();
// defer r.mu.Unlock(), or r.mu.Unlock() last): flow.LocksFirst, for a
// method whose SSA has no body.
func (c *Package) locksFirstInSyntax(obj *types.Func) bool {
	var fd *ast.FuncDecl
	for fn, d := range names.DeclaredFuncs(c.pass) {
		if fn == obj {
			fd = d
			break
		}
	}
	if fd == nil || fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 || len(fd.Body.List) < 2 {
		return false
	}
	recv := c.pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]]
	onRecvLock := func(call *ast.CallExpr, methods ...string) bool {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !slices.Contains(methods, sel.Sel.Name) {
			return false
		}
		field, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		id, ok := ast.Unparen(field.X).(*ast.Ident)
		return ok && recv != nil && c.pass.TypesInfo.Uses[id] == recv
	}
	stmts := fd.Body.List
	first, ok := stmts[0].(*ast.ExprStmt)
	if !ok {
		return false
	}
	if call, ok := first.X.(*ast.CallExpr); !ok || !onRecvLock(call, "Lock", "RLock") {
		return false
	}
	if d, ok := stmts[1].(*ast.DeferStmt); ok {
		return onRecvLock(d.Call, "Unlock", "RUnlock")
	}
	unlocks := func(stmt ast.Stmt) bool {
		es, ok := stmt.(*ast.ExprStmt)
		if !ok {
			return false
		}
		call, ok := es.X.(*ast.CallExpr)
		return ok && onRecvLock(call, "Unlock", "RUnlock")
	}
	return unlocks(stmts[len(stmts)-1]) && !slices.ContainsFunc(stmts[1:len(stmts)-1], unlocks)
}

// waitsOnRecv reports whether the method fn waits on a field of its
// receiver (see waitsOnField) somewhere.
func waitsOnRecv(fn *ssa.Function) bool {
	return fn.Signature.Recv() != nil && len(fn.Params) > 0 && slices.ContainsFunc(fn.Blocks, func(b *ssa.BasicBlock) bool {
		return slices.ContainsFunc(b.Instrs, func(i ssa.Instruction) bool { return waitsOnField(i, fn.Params[0]) })
	})
}

// methodCalled returns the function instr calls statically on the value x
// (or the variable holding it) as its first argument, or nil.
// A deferred call counts: what its callee touches follows the callee's
// own waits (defer e.Close() reading the totals after <-e.done).
func methodCalled(instr ssa.Instruction, x ssa.Value) *ssa.Function {
	var call *ssa.CallCommon
	switch in := instr.(type) {
	case *ssa.Call:
		call = &in.Call
	case *ssa.Defer:
		call = &in.Call
	default:
		return nil
	}
	if len(call.Args) == 0 || heldIn(call.Args[0]) != x {
		return nil
	}
	return call.StaticCallee()
}

// waitsThere reports whether instr waits for the end of the loop of x
// where it is (see waitsForLoop): a deferred Close waits at the end.
func (c *Package) waitsThere(instr ssa.Instruction, x ssa.Value) bool {
	_, deferred := instr.(*ssa.Defer)
	return !deferred && c.waitsForLoop(instr, x)
}

// heldIn is the variable v is loaded from, a function's own (see
// variableOf) or one a closure captured, or v.
func heldIn(v ssa.Value) ssa.Value {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if fv, ok := load.X.(*ssa.FreeVar); ok {
			return fv
		}
	}
	return variableOf(v)
}

// waitsOnField reports whether instr is a receive from a channel held in
// a field of the value x (or the variable holding it), alone or in a
// select whose other cases end the goroutine (see endsGoroutine), or a
// call of Wait on a sync.WaitGroup field of it.
func waitsOnField(instr ssa.Instruction, x ssa.Value) bool {
	return waitedField(instr, x) != nil
}

// waitedField returns the field of x instr waits on (see waitsOnField),
// or nil.
func waitedField(instr ssa.Instruction, x ssa.Value) *types.Var {
	var field ssa.Value
	switch in := instr.(type) {
	case *ssa.UnOp:
		if load, ok := in.X.(*ssa.UnOp); ok && in.Op == token.ARROW && load.Op == token.MUL {
			field = load.X
		}
	case *ssa.Select:
		// A wait with a timeout that fails the test (case <-h.done: case
		// <-time.After(d): t.Fatal(...)): past it, the receive was taken.
		for k, st := range in.States {
			if load, ok := st.Chan.(*ssa.UnOp); ok && st.Dir == types.RecvOnly && load.Op == token.MUL && flow.PassesOnlyThrough(in, k, endsGoroutine) {
				field = load.X
			}
		}
	case *ssa.Call:
		if callee := in.Call.StaticCallee(); callee != nil && callee.Object() != nil && names.FuncName(callee.Object().(*types.Func)) == "(*sync.WaitGroup).Wait" && len(in.Call.Args) == 1 {
			field = in.Call.Args[0]
		}
	}
	if fa, ok := field.(*ssa.FieldAddr); ok && variableOf(fa.X) == x {
		return flow.FieldOf(fa)
	}
	return nil
}

// endsGoroutine reports whether instr never lets its goroutine go on: a
// panic, or a call of a function that does not return (t.Fatal, see
// known.EndsGoroutine).
func endsGoroutine(instr ssa.Instruction) bool {
	switch in := instr.(type) {
	case *ssa.Panic:
		return true
	case *ssa.Call:
		if in.Call.IsInvoke() {
			return known.EndsGoroutine(in.Call.Method)
		}
		return known.EndsGoroutine(flow.StaticFunc(in))
	}
	return false
}

// besideLoop records the touch wit of the value v as made off the owner
// when the function started v's loop before it (see startedBefore); the
// report asks whether the loop touches it too (TouchedByLoop).
func (w *walker) besideLoop(v ssa.Value, wit summary.Witness) {
	if wit.Assumed {
		return // a func handed to a callee only assumed to call it in place (l.After(d, fn)): it may run on the loop
	}
	st := w.startedBefore(v)
	if st == nil {
		return
	}
	direct := wit
	w.Spawns = append(w.Spawns, Entry{Pos: st.at.Pos(), Sink: "the code that started the loop " + names.FuncName(st.loop) + ", which goes on beside it",
		Direct: &direct, Starter: st.loop})
}
