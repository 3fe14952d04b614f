package analyzer

// This file walks one function's SSA body, feeding the touch model
// (touch.go), the where-code-runs model (context.go) and callee summaries
// into the function's walk.

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

type walker struct {
	c           *checker
	fn          *ssa.Function
	origins     map[ssa.Value]origin
	completions map[ssa.Value]completion
	returned    []ssa.Value // the first result of every return
	walk
}

func (c *checker) walkFunc(fn *ssa.Function) *walk {
	w := &walker{c: c, fn: fn, origins: make(map[ssa.Value]origin), completions: make(map[ssa.Value]completion)}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			w.instr(instr)
		}
	}
	w.sum.Completes = w.joinCompletions(w.returned)
	return &w.walk
}

func (w *walker) instr(instr ssa.Instruction) {
	switch in := instr.(type) {
	case *ssa.Go:
		w.goStmt(in)
	case *ssa.Call:
		w.call(in.Common(), in.Pos())
	case *ssa.Defer:
		w.call(in.Common(), in.Pos())
	case *ssa.Return:
		for _, r := range in.Results {
			w.sum.Result = w.sum.Result.union(w.originOf(r))
		}
		if len(in.Results) > 0 {
			w.returned = append(w.returned, in.Results[0])
		}
	default:
		w.access(instr)
	}
}

// goStmt handles "go f(args)": the call runs off the owner, with its
// arguments and captured variables coming from here.
func (w *walker) goStmt(in *ssa.Go) {
	call := in.Common()
	at := spawn{pos: in.Pos(), sink: "a go statement"}
	if call.IsInvoke() {
		if d := w.c.directives(call.Method); d != nil && d.Owner {
			at.direct = &witness{Action: "calls", Member: funcName(call.Method), Site: w.position(in.Pos())}
			w.spawns = append(w.spawns, at)
		}
		return
	}
	w.sum.Async = w.sum.Async.union(w.funcSources(call.Value))
	for _, t := range funcTargets(call.Value) {
		switch wit := w.contractTouch(t.fn, in.Pos()); {
		case w.c.isLoop(t.fn):
			// Starting the owner's loop: that goroutine is the owner.
		case wit != nil:
			direct := at
			direct.direct = wit
			w.spawns = append(w.spawns, direct)
		default:
			at.targets = append(at.targets, t)
		}
	}
	if len(at.targets) > 0 {
		w.spawns = append(w.spawns, at)
	}
}

func (w *walker) call(call *ssa.CallCommon, pos token.Pos) {
	args := callArgs(call)
	if call.IsInvoke() {
		w.invoke(call, args, pos)
		return
	}
	if _, ok := call.Value.(*ssa.Builtin); ok {
		w.builtinCall(call, pos)
		return
	}
	targets := funcTargets(call.Value)
	if len(targets) == 0 {
		// A func value from a parameter or capture: the caller decides.
		w.sum.Invokes = w.sum.Invokes.union(w.originOf(call.Value))
		w.syncArgs(args, pos)
		return
	}
	for _, t := range targets {
		w.callTarget(t, args, pos)
	}
}

// invoke handles a call through an interface method.
func (w *walker) invoke(call *ssa.CallCommon, args []ssa.Value, pos token.Pos) {
	d := w.c.directives(call.Method)
	if d != nil && d.Owner {
		w.touch(pos, w.originOf(args[0]), witness{Action: "calls", Member: funcName(call.Method), Site: w.position(pos)})
		return
	}
	w.declaredArgs(call.Method, args, pos, nil)
}

// callTarget handles a call of a known function.
func (w *walker) callTarget(t funcValue, args []ssa.Value, pos token.Pos) {
	if w.c.isLoop(t.fn) {
		return // running the owner's loop makes this goroutine the owner
	}
	if wit := w.contractTouch(t.fn, pos); wit != nil {
		o := originOf(ambient)
		if declaredFunc(t.fn).Signature().Recv() != nil && len(args) > 0 {
			o = w.originOf(args[0])
		}
		w.touch(pos, o, *wit)
		return
	}
	sum := w.c.summaryOf(t.fn)
	declared := w.declaredArgs(declaredFunc(t.fn), args, pos, sum)
	if sum == nil {
		return
	}
	callee := ssaFuncName(t.fn)
	call := w.position(pos)
	value := func(s source) ssa.Value { return sourceValue(s, args, t.bindings) }
	lit := isFuncLit(t.fn)
	for _, tc := range sum.Touches {
		o := w.mapSource(tc.Source, args, t.bindings)
		if lit {
			w.sum.addTouches(o, tc.Witness.through(callee, call)) // reported inside the literal, see below
		} else {
			w.touch(pos, o, tc.Witness.through(callee, call))
		}
	}
	for _, s := range sum.Invokes.sources() {
		if v := value(s); v != nil && !declared[s] {
			w.syncInvoke(v, pos)
		}
	}
	for _, s := range sum.Async.sources() {
		if v := value(s); v != nil && !declared[s] {
			w.spawn(v, spawn{pos: pos, sink: callee})
		}
	}
	for _, s := range sum.Hop.sources() {
		if v := value(s); v != nil && !declared[s] {
			w.hopTo(v)
		}
	}
	if lit {
		// A literal called in place: report inside it if this runs off the owner.
		w.sites = append(w.sites, site{pos: pos, inner: t.fn, innerSources: w.sourceMapper(args, t.bindings)})
	}
}

// declaredArgs applies declared async and hop parameters of a call's
// target, and without a summary takes the remaining func arguments to run
// here. It returns the sources it settled, which summaries do not override.
func (w *walker) declaredArgs(fn *types.Func, args []ssa.Value, pos token.Pos, sum *summary) map[source]bool {
	k := w.c.contract(fn)
	sinkName := ""
	if fn != nil {
		sinkName = funcName(fn)
	}
	settled := make(map[source]bool)
	if k.Inherits {
		w.inheritCallbacks(fn, k, args, spawn{pos: pos})
		for _, i := range k.Inherit {
			settled[paramSource(i)] = true
		}
	}
	for i, a := range args {
		if settled[paramSource(i)] {
			continue
		}
		switch {
		case contains(k.Async, i):
			w.spawn(a, spawn{pos: pos, sink: sinkName})
		case contains(k.Hop, i):
			w.hopTo(a)
		case sum == nil && isFuncTyped(a.Type()):
			w.syncInvoke(a, pos)
		default:
			continue
		}
		settled[paramSource(i)] = true
	}
	return settled
}

// syncArgs takes the func arguments of an unknown call to run here.
func (w *walker) syncArgs(args []ssa.Value, pos token.Pos) {
	for _, a := range args {
		if isFuncTyped(a.Type()) {
			w.syncInvoke(a, pos)
		}
	}
}

// syncInvoke handles a func value called on this goroutine: its touches
// are this function's touches.
func (w *walker) syncInvoke(v ssa.Value, pos token.Pos) {
	targets := funcTargets(v)
	if len(targets) == 0 {
		w.sum.Invokes = w.sum.Invokes.union(w.originOf(v))
		return
	}
	for _, t := range targets {
		// The callee supplies the arguments: they are not ours to track.
		w.callTarget(t, nil, pos)
	}
}

// sourceMapper maps a callee's sources to origins in this function.
func (w *walker) sourceMapper(args, bindings []ssa.Value) func(source) origin {
	return func(s source) origin { return w.mapSource(s, args, bindings) }
}

// sourceValue returns the caller's value for a callee's source, or nil.
func sourceValue(s source, args, bindings []ssa.Value) ssa.Value {
	switch {
	case s == ambient:
		return nil
	case s >= freeBase:
		if i := int(s - freeBase); i < len(bindings) {
			return bindings[i]
		}
	case int(s) < len(args):
		return args[s]
	}
	return nil
}

// touch records that this function touches confined state reached from o.
func (w *walker) touch(pos token.Pos, o origin, wit witness) {
	if o.fresh() {
		return // the function's own value: ownership follows the value
	}
	w.sites = append(w.sites, site{pos: pos, origin: o, witness: wit})
	w.sum.addTouches(o, wit)
}

func (w *walker) position(pos token.Pos) position {
	if !pos.IsValid() {
		pos = w.fn.Pos()
	}
	return w.c.position(pos)
}

func contains(s []int, i int) bool {
	for _, x := range s {
		if x == i {
			return true
		}
	}
	return false
}
