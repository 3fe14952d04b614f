package walk

// This file tracks where futures complete, for //confined:completes and
// //confined:inherit: a callback registered on a future runs on the
// goroutine that completes it, so a callback on a timer's future runs off
// the owner while one on an RPC reply the owner's loop fulfils runs on it.

import (
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/ssa"
)

// A completionTracker finds where the futures of one function complete.
type completionTracker struct {
	c    *Package
	fn   *ssa.Function
	memo map[ssa.Value]directive.Completion
}

// of returns where the future v completes.
func (ct *completionTracker) of(v ssa.Value) directive.Completion {
	return flow.Memoized(ct.memo, v, ct.compute)
}

func (ct *completionTracker) compute(v ssa.Value) directive.Completion {
	switch v := v.(type) {
	case *ssa.Call:
		return ct.callCompletion(v.Common())
	case *ssa.Extract:
		return ct.of(v.Tuple)
	case *ssa.Phi:
		return ct.join(v.Edges)
	case *ssa.MakeInterface, *ssa.ChangeType, *ssa.ChangeInterface, *ssa.TypeAssert:
		return ct.of(*v.(ssa.Instruction).Operands(nil)[0]) // a conversion of X
	case *ssa.UnOp:
		if alloc, ok := v.X.(*ssa.Alloc); ok {
			return ct.join(flow.StoredValues(alloc))
		}
	}
	if slice, ok := v.Type().Underlying().(*types.Slice); ok {
		return ct.elementCompletion(slice.Elem())
	}
	return directive.CompletesUnknown
}

func (ct *completionTracker) join(vs []ssa.Value) directive.Completion {
	if len(vs) == 0 {
		return directive.CompletesUnknown
	}
	where := ct.of(vs[0])
	for _, v := range vs[1:] {
		where = where.Join(ct.of(v))
	}
	return where
}

// elementCompletion approximates where the futures in a slice complete: the
// join of every future of that element type the function stores into a
// slice or array (what append and slice literals compile to).
func (ct *completionTracker) elementCompletion(elem types.Type) directive.Completion {
	var stored []ssa.Value
	for _, b := range ct.fn.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok {
				if _, ok := st.Addr.(*ssa.IndexAddr); ok && types.Identical(st.Val.Type(), elem) {
					stored = append(stored, st.Val)
				}
			}
		}
	}
	return ct.join(stored)
}

// callCompletion is where the future a call returns completes.
func (ct *completionTracker) callCompletion(call *ssa.CallCommon) directive.Completion {
	args := flow.CallArgs(call)
	if call.IsInvoke() {
		return ct.invokedCompletion(call.Method, args)
	}
	targets := flow.FuncTargets(call.Value)
	if len(targets) == 0 {
		return directive.CompletesUnknown
	}
	where := ct.declaredCompletion(flow.DeclaredFunc(targets[0].Fn), args, ct.c.SummaryOf(targets[0].Fn))
	for _, t := range targets[1:] {
		where = where.Join(ct.declaredCompletion(flow.DeclaredFunc(t.Fn), args, ct.c.SummaryOf(t.Fn)))
	}
	return where
}

// invokedCompletion is where the future a call of the interface method m
// returns completes: as its contract says, else off the owner when one of
// its implementations in view completes there (a venue whose Send hands the
// promise to a worker pool), else unknown.
func (ct *completionTracker) invokedCompletion(m *types.Func, args []ssa.Value) directive.Completion {
	if where := ct.declaredCompletion(m, args, nil); where != directive.CompletesUnknown {
		return where
	}
	for _, impl := range ct.c.Implementations(m) {
		if ct.declaredCompletion(flow.DeclaredFunc(impl), args, ct.c.SummaryOf(impl)) == directive.CompletesOffOwner {
			return directive.CompletesOffOwner
		}
	}
	return directive.CompletesUnknown
}

// declaredCompletion applies fn's contract, or else its summary.
func (ct *completionTracker) declaredCompletion(fn *types.Func, args []ssa.Value, sum *summary.Summary) directive.Completion {
	k := ct.c.M.Contract(fn)
	switch {
	case k.Completes != directive.CompletesUnknown:
		return k.Completes
	case len(k.Hop) > 0:
		return directive.CompletesOnOwner // a hop's future completes when the owner ran the work
	case k.Combinator:
		return ct.inheritedCompletion(fn, k, args)
	case sum != nil:
		return sum.Completes
	}
	return directive.CompletesUnknown
}

// inheritedCompletion is where the future an inherit combinator returns
// completes: where its callbacks' futures complete when they say, else
// where the receiver (or the future arguments) complete.
func (ct *completionTracker) inheritedCompletion(fn *types.Func, k *directive.Fact, args []ssa.Value) directive.Completion {
	if where, ok := ct.callbackCompletion(k, args); ok {
		return where
	}
	return ct.sourceCompletion(fn, k, args)
}

func (ct *completionTracker) callbackCompletion(k *directive.Fact, args []ssa.Value) (directive.Completion, bool) {
	var wheres []directive.Completion
	for _, i := range k.Inherit {
		if i >= len(args) {
			continue
		}
		targets := flow.FuncTargets(args[i])
		if len(targets) == 0 {
			return directive.CompletesUnknown, false
		}
		for _, t := range targets {
			sum := ct.c.SummaryOf(t.Fn)
			if sum == nil || sum.Completes == directive.CompletesUnknown {
				return directive.CompletesUnknown, false
			}
			wheres = append(wheres, sum.Completes)
		}
	}
	if len(wheres) == 0 {
		return directive.CompletesUnknown, false
	}
	where := wheres[0]
	for _, other := range wheres[1:] {
		where = where.Join(other)
	}
	return where, true
}

// sourceCompletion is where an inherit combinator's input futures complete:
// the receiver of a method, or the arguments of a func that have its result's
// future type (or are slices of it).
func (ct *completionTracker) sourceCompletion(fn *types.Func, k *directive.Fact, args []ssa.Value) directive.Completion {
	if fn.Signature().Recv() != nil && len(args) > 0 {
		return ct.of(args[0])
	}
	var future *types.Named
	if res := fn.Signature().Results(); res.Len() > 0 {
		future = names.DerefNamed(res.At(0).Type())
	}
	var inputs []ssa.Value
	for i, a := range args {
		if !slices.Contains(k.Inherit, i) && future != nil && isFutureOf(a.Type(), future) {
			inputs = append(inputs, a)
		}
	}
	return ct.join(inputs)
}

func isFutureOf(t types.Type, future *types.Named) bool {
	if slice, ok := t.Underlying().(*types.Slice); ok {
		t = slice.Elem()
	}
	named := names.DerefNamed(t)
	return named != nil && named.Obj() == future.Obj()
}

// inheritCallbacks handles the callbacks of an inherit combinator: they run
// where the receiver completes.
func (w *walker) inheritCallbacks(fn *types.Func, k *directive.Fact, args []ssa.Value, at Entry) {
	where := w.completions.sourceCompletion(fn, k, args)
	at.Sink = "a callback of " + names.FuncName(fn) + " on a future that completes off the owner"
	at.Future = true
	for _, i := range k.Inherit {
		if i >= len(args) {
			continue
		}
		if where.OffOwner(w.c.M.Config().Strict) {
			w.sendOff(args[i], at)
			continue
		}
		w.hopTo(args[i], "a callback of "+names.FuncName(fn)+" on a future that completes on the owner", nil, at.Pos, nil)
		if where == directive.CompletesUnknown && fn.Signature().Recv() != nil {
			w.deferToCaller(args[0], args[i])
		}
	}
}

// deferToCaller records what callback touches when it is registered on a
// future this function was handed: whoever hands it a future that completes
// off the owner is told (see checkFutureTouches).
func (w *walker) deferToCaller(future, callback ssa.Value) {
	futures := w.origins.of(future)
	for _, t := range flow.FuncTargets(callback) {
		sum := w.c.SummaryOf(t.Fn)
		if sum == nil {
			continue
		}
		for _, tc := range sum.Touches {
			for _, src := range w.origins.mapSource(tc.Source, nil, t.Bindings).Sources() {
				for _, fut := range futures.Sources() {
					if fut < summary.FreeBase {
						w.Sum.AddFutureTouch(summary.FutureTouch{Future: fut, Source: src, Witness: tc.Witness.Through(flow.Name(t.Fn), w.position(callback.Pos()))})
					}
				}
			}
		}
	}
}

// checkFutureTouches handles a call of a function that registers callbacks
// on futures it is handed: for a future that completes off the owner, the
// callbacks' touches are findings at the call; for one this function was
// handed in turn, they pass on to its callers.
func (w *walker) checkFutureTouches(sum *summary.Summary, args []ssa.Value, bindings flow.Captures, call callSite) {
	for _, ft := range sum.FutureTouches {
		future := SourceValue(ft.Future, args, bindings)
		if future == nil {
			continue
		}
		wit := call.extend(ft.Witness)
		switch where := w.completions.of(future); {
		case where.OffOwner(w.c.M.Config().Strict):
			w.Spawns = append(w.Spawns, Entry{Pos: call.pos, Future: true, Direct: &wit,
				Sink: "a callback that " + call.name() + " registers on a future that completes off the owner"})
		case where == directive.CompletesUnknown:
			for _, src := range w.origins.mapSource(ft.Source, args, bindings).Sources() {
				for _, fut := range w.origins.of(future).Sources() {
					if fut < summary.FreeBase {
						w.Sum.AddFutureTouch(summary.FutureTouch{Future: fut, Source: src, Witness: wit})
					}
				}
			}
		}
	}
}
