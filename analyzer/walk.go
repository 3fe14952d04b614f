package analyzer

// This file walks one function's SSA body, feeding the touch model
// (touch.go), the where-code-runs model (context.go) and callee summaries
// into the function's walk.

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

type walker struct {
	c           *checker
	fn          *ssa.Function
	origins     map[ssa.Value]origin
	allocStores map[*ssa.Alloc]origin
	// What is stored into each local allocation, built on first use.
	storesByAlloc map[*ssa.Alloc][]ssa.Value
	completions   map[ssa.Value]completion
	returned      []ssa.Value     // the first result of every return
	at            ssa.Instruction // the instruction being walked
	walk
}

// newWalker returns a walker of fn that has walked nothing yet: enough to
// ask where values come from.
func newWalker(c *checker, fn *ssa.Function) *walker {
	return &walker{c: c, fn: fn, origins: make(map[ssa.Value]origin), allocStores: make(map[*ssa.Alloc]origin), completions: make(map[ssa.Value]completion)}
}

func (c *checker) walkFunc(fn *ssa.Function) *walk {
	w := newWalker(c, fn)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			w.at = instr
			w.instr(instr)
		}
	}
	w.sum.Completes = w.joinCompletions(w.returned)
	w.sum.untrack()
	if len(w.hops) == 0 && len(w.sends) == 0 {
		// Touches of the function's own values matter only after it hands
		// them over (sends.go): keep the walk small.
		w.sites = slices.DeleteFunc(w.sites, func(s site) bool { return s.inner == nil && s.origin.owned() })
	}
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
	case *ssa.Store:
		w.storeCallback(in)
		w.access(instr)
	case *ssa.Send:
		w.sends = append(w.sends, in)
		w.access(instr)
	default:
		w.access(instr)
	}
}

// goStmt handles "go f(args)": the call runs off the owner, with its
// arguments and captured variables coming from here.
func (w *walker) goStmt(in *ssa.Go) {
	call := in.Common()
	if w.joined(in) {
		w.call(call, in.Pos()) // it runs while this function waits
		return
	}
	at := spawn{pos: in.Pos(), sink: "a go statement"}
	if call.IsInvoke() {
		w.goInvoke(call, at)
		return
	}
	sources := w.funcSources(call.Value)
	w.sum.Async = w.sum.Async.union(sources)
	w.handOff(sources, handoff{sink: at.sink, pos: at.pos})
	for _, t := range funcTargets(call.Value) {
		if w.c.isLoop(t.fn) {
			continue // starting the owner's loop: that goroutine is the owner
		}
		// Func arguments of the spawned call run on the new goroutine too,
		// unless the callee hands them to the owner.
		sum := w.c.summaryOf(t.fn)
		k := w.c.contract(declaredFunc(t.fn))
		for i, a := range call.Args {
			if isFuncTyped(a.Type()) && !slices.Contains(k.Hop, i) && (sum == nil || !sum.Hop.has(paramSource(i))) {
				w.spawn(a, at)
			}
		}
		if wit := w.c.callTouch(t.fn, in.Pos()); wit != nil {
			direct := at
			direct.direct = wit
			w.spawns = append(w.spawns, direct)
			continue
		}
		at.targets = append(at.targets, t)
	}
	if len(at.targets) > 0 {
		w.spawns = append(w.spawns, at)
	}
}

// goInvoke handles "go x.M(args)" through an interface: the finding is
// what the method or its implementations touch, reported at the go statement.
func (w *walker) goInvoke(call *ssa.CallCommon, at spawn) {
	if domain, touches := w.c.interfaceCallTouches(call.Method, call.Value.Type()); touches {
		at.direct = &witness{Action: actionCalls, Member: invokedName(call), Domain: domain, Site: w.position(at.pos)}
	} else if sum := w.c.interfaceSummary(call.Method); sum != nil && len(sum.Touches) > 0 {
		wit := sum.Touches[0].Witness
		at.direct = &wit
	}
	if at.direct != nil {
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
	if domain, touches := w.c.interfaceCallTouches(call.Method, call.Value.Type()); touches {
		w.touch(pos, args[0], w.originOf(args[0]), witness{Action: actionCalls, Member: invokedName(call), Domain: domain, Site: w.position(pos)})
		return
	}
	sum := w.c.interfaceSummary(call.Method)
	settled := w.declaredArgs(call.Method, args, pos, sum)
	if sum != nil {
		w.applySummary(sum, args, captures{}, callSite{w: w, method: call.Method, pos: pos}, settled, true)
	}
}

// callTarget handles a call of a known function.
func (w *walker) callTarget(t funcValue, args []ssa.Value, pos token.Pos) {
	if w.c.isLoop(t.fn) {
		return // running the owner's loop makes this goroutine the owner
	}
	obj := declaredFunc(t.fn)
	if w.c.isAny(t.fn) {
		w.declaredArgs(obj, args, pos, nil) // safe to call, but a hop is still a hop
		return
	}
	sum := w.c.summaryOf(t.fn)
	whole := w.c.callTouch(t.fn, pos)
	if whole != nil && (sum == nil || w.c.ownerOnly(obj)) {
		// Nothing to look into, or a contract that holds whatever the
		// body does: the call itself touches what its receiver reaches.
		var recv ssa.Value
		o := originOf(ambient)
		if obj.Signature().Recv() != nil && len(args) > 0 {
			recv, o = args[0], w.originOf(args[0])
		}
		w.touch(pos, recv, o, *whole)
		return
	}
	settled := w.declaredArgs(obj, args, pos, sum)
	if sum == nil {
		return
	}
	lit := isFuncLit(t.fn)
	w.applySummary(sum, args, t.bindings, callSite{w: w, callee: t.fn, pos: pos, whole: whole}, settled, !lit)
	if lit {
		// A literal called in place: its touches are ours, but they are
		// reported inside it if this runs off the owner.
		w.sites = append(w.sites, site{pos: pos, inner: t.fn, innerSources: w.sourceMapper(args, t.bindings)})
	}
}

// A callSite is a call whose callee's summary is applied. Its name and
// position are rendered only when a witness or a sink needs them, which
// most calls never do.
type callSite struct {
	w      *walker
	callee *ssa.Function // nil for a call through an interface method
	method *types.Func   // the interface method, when callee is nil
	pos    token.Pos
	// whole is set for a call of a confined method: its callers are told
	// that they call it, and what it reaches inside, rather than the path.
	whole *witness
}

// name is what the call calls, for messages.
func (cs callSite) name() string {
	if cs.callee == nil {
		return funcName(cs.method)
	}
	return ssaFuncName(cs.callee)
}

// extend returns wit as seen from the caller. Interface calls and wrappers
// add no step: the implementation's or the wrapped method's name is
// already in the witness. A call of a confined method stands for what it
// touches of its own owner's state; another owner's it leads to by path.
func (cs callSite) extend(wit witness) witness {
	if cs.whole != nil && cs.whole.Domain == wit.Domain {
		return *cs.whole
	}
	if cs.callee == nil || isWrapper(cs.callee) {
		return wit
	}
	return wit.through(cs.name(), cs.w.position(cs.pos))
}

// applySummary makes a callee's summary part of this function's: its
// touches through the arguments and captures given (as sites to report at
// the call when asSites), and what it does with the func values it is
// handed (unless the callee's contract settled them).
func (w *walker) applySummary(sum *summary, args []ssa.Value, bindings captures, call callSite, settled origin, asSites bool) {
	for _, tc := range sum.Touches {
		wit := call.extend(tc.Witness)
		if o := w.mapSource(tc.Source, args, bindings); asSites {
			w.touch(call.pos, sourceValue(tc.Source, args, bindings), o, wit)
		} else {
			w.sum.addTouches(o, wit)
		}
	}
	handed := func(o origin, do func(ssa.Value)) {
		for _, s := range o.sources() {
			if v := sourceValue(s, args, bindings); v != nil && !settled.has(s) {
				do(v)
			}
		}
	}
	handed(sum.Invokes, func(v ssa.Value) { w.syncInvoke(v, call.pos) })
	handed(sum.Async, func(v ssa.Value) { w.spawn(v, spawn{pos: call.pos, sink: call.name()}) })
	handed(sum.Hop, func(v ssa.Value) {
		domain := sum.HopTo
		w.hopTo(v, call.name(), &domain, call.pos)
	})
	w.checkFutureTouches(sum, args, bindings, call)
}

// declaredArgs applies declared async and hop parameters of a call's
// target and takes the remaining func arguments to run here, unless the
// callee's summary says it sends them elsewhere: summaries of code that
// stores callbacks in structs (sort.Slice) or returns closures calling them
// (sync.OnceFunc) cannot see the call, so running here is the safe default.
// It returns the sources it settled, which summaries do not override.
func (w *walker) declaredArgs(fn *types.Func, args []ssa.Value, pos token.Pos, sum *summary) origin {
	k := w.c.contract(fn)
	var settled origin
	if k.Combinator {
		w.inheritCallbacks(fn, k, args, spawn{pos: pos})
		for _, i := range k.Inherit {
			settled = settled.union(originOf(paramSource(i)))
		}
	}
	for i, a := range args {
		if settled.has(paramSource(i)) {
			continue
		}
		switch {
		case slices.Contains(k.Sync, i) || (slices.Contains(k.Async, i) && w.waitsFor(fn, args)):
			w.syncInvoke(a, pos) // on another goroutine, while this one waits
		case slices.Contains(k.Async, i):
			w.spawn(a, spawn{pos: pos, sink: funcName(fn)}) // fn != nil: nil has no contract
		case slices.Contains(k.Hop, i):
			domain := w.c.hopDomain(fn)
			w.hopTo(a, funcName(fn), &domain, pos)
		case isFuncTyped(a.Type()) && runsHere(k, sum, i):
			w.syncInvoke(a, pos)
		default:
			continue
		}
		settled = settled.union(originOf(paramSource(i)))
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
func (w *walker) sourceMapper(args []ssa.Value, bindings captures) func(source) origin {
	return func(s source) origin { return w.mapSource(s, args, bindings) }
}

// sourceValue returns the caller's value for a callee's source, or nil.
func sourceValue(s source, args []ssa.Value, bindings captures) ssa.Value {
	switch {
	case s == ambient:
		return nil
	case s >= freeBase:
		if i := int(s - freeBase); i < len(bindings.values) {
			return bindings.values[i]
		}
	case int(s) < len(args):
		return args[s]
	}
	return nil
}

// touch records that this function touches confined state reached from o
// through v (nil when it is not one value). The function's own values
// (ownership follows the value) are not touches for its callers, but the
// place is kept: code on another owner may not touch what was handed over
// to it, and the function itself not what it sent away (see sends.go).
func (w *walker) touch(pos token.Pos, v ssa.Value, o origin, wit witness) {
	w.sites = append(w.sites, site{pos: pos, origin: o, witness: wit, instr: w.at, value: v})
	w.sum.addTouches(o, wit)
}

func (w *walker) position(pos token.Pos) position {
	if !pos.IsValid() {
		pos = w.fn.Pos()
	}
	return w.c.position(pos)
}
