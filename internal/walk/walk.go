package walk

// This file walks one function's SSA body, feeding the touch model
// (touch.go), the places of the func values it hands over (places.go) and
// callee summaries into the function's walk.

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/where"
	"golang.org/x/tools/go/ssa"
)

type walker struct {
	c           *Package
	fn          *ssa.Function
	origins     *originTracker
	completions *completionTracker
	returns     []*ssa.Return
	started     []ssa.Value // values handed to code started elsewhere (Summary.Started)
	spawned     []ssa.Value // those whose framework runs their turns, or the variables holding them (see spawnedTurn)
	gos         *goStatements
	at          ssa.Instruction // the instruction being walked
	// invoking are the funcs being called in place (see syncInvoke): a
	// closure may call itself through the variable that holds it.
	invoking map[*ssa.Function]bool
	// assuming is set while a func is taken to run here only because
	// nothing says where else it runs (where.Place.Assumed).
	assuming bool
	// waiting is set while walking code that runs on a goroutine the
	// function waits for (Summary.Waited).
	waiting bool
	// The sources the function calls for sure and those it only hands to
	// callees assumed to call them (Summary.InvokesAssumed).
	sureInvokes, assumedInvokes summary.Origin
	// The sources sent off the owner to goroutines the function waits for
	// before it returns, and those sent off otherwise (Summary.Joined).
	joinedOff, detachedOff summary.Origin
	starts                 *[]loopStart // see loopStarts; nil until asked
	ran                    *[]loopRun   // see loopRuns; nil until asked
	enclosing              *walker      // of the function a closure is in (see capturedAfterStart); nil until asked
	Walk
}

// newWalker returns a walker of fn that has walked nothing yet.
func newWalker(c *Package, fn *ssa.Function) *walker {
	return &walker{c: c, fn: fn, origins: newOriginTracker(c, fn), completions: &completionTracker{c: c, fn: fn, memo: make(map[ssa.Value]directive.Completion)}, gos: &goStatements{c: c, fn: fn}}
}

func (c *Package) walkFunc(fn *ssa.Function) *Walk {
	w := newWalker(c, fn)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			w.at = instr
			w.instr(instr)
		}
	}
	w.sendsOff(w.startedByResult(), nil)
	w.Sum.Joined = w.joinedOff.Without(w.detachedOff)
	w.Sum.Completes = w.completions.join(w.returned())
	for _, ret := range w.returns {
		for i, r := range ret.Results {
			if w.startedValue(r) {
				w.Sum.StartedResults = w.Sum.StartedResults.With(i)
			}
			for _, field := range w.startedFields(r) {
				w.Sum.AddStartedField(summary.ResultField{Result: i, Field: field})
			}
			w.returnedFunc(r)
			if fact, ok := c.carriedFact(r); ok {
				w.Sum.AddResultCarrier(i, fact)
			} else if fact, ok := c.returnedEntries(r); ok {
				w.Sum.AddResultCarrier(i, fact)
			}
		}
	}
	if !w.Sum.Started.Fresh() || w.Sum.StartedResults != 0 {
		w.Sum.StartsLoop = c.startsLoop(fn, maxStarterDepth)
	}
	if w.Sum.StartsLoop {
		w.Sum.StopResults = c.stopResults(fn, w.returns)
	}
	if recv := fn.Signature.Recv(); recv != nil && !c.M.IsLoop(fn) && c.M.Turns.LoopOf(recv.Type()) != nil {
		// A method of a value with a loop: whether it waits for the
		// loop's end, or shares the value under its lock, matters to an
		// importer that started the loop.
		habits := c.recvHabits(fn)
		w.Sum.RecvWaits, w.Sum.RecvLockedFirst = habits.waits, habits.locksFirst
	}
	for _, s := range w.assumedInvokes.Sources() {
		if !w.sureInvokes.Has(s) {
			w.Sum.InvokesAssumed = w.Sum.InvokesAssumed.Union(summary.OriginOf(s))
		}
	}
	w.Sum.Untrack()
	if len(w.Hops) == 0 && len(w.Sends) == 0 {
		// Touches of the function's own values matter only after it hands
		// them over (report's sends): keep the walk small.
		w.Sites = slices.DeleteFunc(w.Sites, func(s Site) bool { return s.Inner == nil && s.Origin.Owned() })
	}
	return &w.Walk
}

// returnedFunc records what r, a result, touches when its caller calls
// it, by the function's sources (Summary.Returns): a closure's touches
// through what it captured, a bound method's through its receiver.
// Only importers read it (the package's own calls follow the func made,
// flow.FuncTargets): it is kept for the functions whose summaries are
// exported.
func (w *walker) returnedFunc(r ssa.Value) {
	if !names.IsFuncTyped(r.Type()) || !w.c.exported(w.fn) {
		return
	}
	for _, t := range flow.FuncTargets(r) {
		sum := w.c.SummaryOf(t.Fn)
		if sum == nil {
			continue
		}
		for _, tc := range sum.Touches {
			if v := SourceValue(tc.Source, nil, t.Bindings); v != nil {
				v, _ = flow.HeldValue(v) // a variable the closure captured
				for _, src := range w.origins.of(v).Sources() {
					w.Sum.AddReturned(src, tc.Witness)
				}
			}
		}
		// An option storing what it captured: the caller's func is
		// stored when the option is applied.
		for _, fs := range sum.StoredIn {
			w.Sum.AddStoredIn(w.origins.mapOrigin(fs.Sources, nil, t.Bindings), fs.Field)
		}
	}
}

func (w *walker) instr(instr ssa.Instruction) {
	switch in := instr.(type) {
	case *ssa.Go:
		w.goStmt(in)
	case *ssa.Call:
		if x := w.c.spawnedTurn(in); x != nil {
			w.start(nil, flow.Captures{Values: []ssa.Value{x}, Cells: true}) // its turns run beside what follows
			w.spawned = append(w.spawned, x)
		}
		if m := harnessStarted(in); m != nil {
			w.start([]ssa.Value{m}, flow.Captures{}) // a helper handing its model to a test harness starts it
		}
		if callee := in.Call.StaticCallee(); callee != nil && len(w.c.sentParams(callee, maxSendDepth)) > 0 {
			w.Sends = append(w.Sends, in) // s.hub.add(ctx, sub) sending sub to the loop
		}
		w.call(in.Common(), in.Pos())
	case *ssa.Defer:
		w.call(in.Common(), in.Pos())
	case *ssa.Return:
		for _, r := range in.Results {
			w.Sum.Result = w.Sum.Result.Union(w.origins.of(r)).Union(w.keptIn(r))
		}
		if f := returnedChanField(w.fn, in); f != nil {
			if ref, ok := w.c.fieldRef(f); ok {
				w.Sum.ResultChan = ref // a mailbox's Ops(), which an importer's loop drains
			}
		}
		w.returns = append(w.returns, in)
	case *ssa.Store, *ssa.MapUpdate:
		w.store(in)
		w.access(instr)
	case *ssa.Send:
		w.Sends = append(w.Sends, in)
		w.send(in.Chan, in.X, in.Pos())
		w.access(instr)
	case *ssa.Select:
		sends := false
		for _, st := range in.States {
			if st.Dir == types.SendOnly {
				w.send(st.Chan, st.Send, st.Pos)
				sends = true
			}
		}
		if sends {
			w.Sends = append(w.Sends, in)
		}
		w.access(instr)
	case *ssa.ChangeType:
		w.place(in.X, w.c.rules.Convert(in.Type()), callSite{pos: flow.InstrPos(in)})
		w.access(instr)
	default:
		w.access(instr)
	}
}

// returned is the first result of every return of the function.
func (w *walker) returned() []ssa.Value {
	var out []ssa.Value
	for _, ret := range w.returns {
		if len(ret.Results) > 0 {
			out = append(out, ret.Results[0])
		}
	}
	return out
}

// startedByResult are the func values the function's caller hands it
// that the closures it returns start off the owner when called: a
// scenario factory's func(){ go func() { list(k) }() } makes list async,
// as if the factory started it itself.
func (w *walker) startedByResult() summary.Origin {
	var out summary.Origin
	for _, r := range w.returned() {
		for _, t := range flow.FuncTargets(r) {
			if sum := w.c.SummaryOf(t.Fn); sum != nil && len(t.Bindings.Values) > 0 {
				out = out.Union(w.origins.mapOrigin(sum.Async, nil, t.Bindings))
			}
		}
	}
	return out
}

// keptIn is the origin of what keeps v, a value the function returns,
// besides: a value it makes and stores in state it was handed (l :=
// &lot{}; h.lots[id] = l; return l) is that state's, shared with its
// caller, not the caller's own; and so is a struct value made of such
// values (return reply{p: p}).
func (w *walker) keptIn(v ssa.Value) summary.Origin {
	var out summary.Origin
	if !w.origins.of(v).Owned() || v.Referrers() == nil {
		return out
	}
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if local, ok := load.X.(*ssa.Alloc); ok && !local.Heap {
			for _, st := range w.origins.storesInto(local) {
				if st.Addr != local {
					out = out.Union(w.keptIn(st.Val))
				}
			}
			return out
		}
	}
	for _, ref := range *v.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Val == v {
				out = out.Union(w.origins.of(r.Addr))
				if to := appendedTo(r.Addr); to != nil {
					out = out.Union(w.origins.of(to))
				}
			}
		case *ssa.MapUpdate:
			if r.Value == v {
				out = out.Union(w.origins.of(r.Map))
			}
		}
	}
	return out
}

// appendedTo is the slice that addr's element is appended to, when addr
// is an element of append's variadic argument (h.list = append(h.list, l)).
func appendedTo(addr ssa.Value) ssa.Value {
	ia, ok := addr.(*ssa.IndexAddr)
	if !ok {
		return nil
	}
	args, ok := ia.X.(*ssa.Alloc)
	if !ok || args.Referrers() == nil {
		return nil
	}
	for _, ref := range *args.Referrers() {
		sl, ok := ref.(*ssa.Slice)
		if !ok || sl.Referrers() == nil {
			continue
		}
		for _, use := range *sl.Referrers() {
			if call, ok := use.(*ssa.Call); ok {
				if b, ok := call.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(call.Call.Args) == 2 && call.Call.Args[1] == sl {
					return call.Call.Args[0]
				}
			}
		}
	}
	return nil
}

// goStmt handles "go f(args)": the call runs off the owner, with its
// arguments and captured variables coming from here.
func (w *walker) goStmt(in *ssa.Go) {
	call := in.Common()
	joined, sig := w.gos.joined(in)
	p := w.c.rules.Go(joined)
	w.Sum.Handle = w.Sum.Handle || p.Here && sig.byResult
	if p.Here {
		waiting := w.waiting
		w.waiting = true // it runs while this function waits
		w.call(call, in.Pos())
		w.waiting = waiting
		w.startTail(in, sig)
		return
	}
	at := Entry{Pos: in.Pos(), Sink: p.Sink, Call: in, Args: call.Args}
	w.start(call.Args, flow.Captures{})
	program := w.c.programStarted(in)
	if program != nil {
		w.start([]ssa.Value{program.model}, flow.Captures{}) // the model a program the goroutine runs was made from
	}
	if call.IsInvoke() {
		w.goInvoke(call, at)
		return
	}
	sources := w.funcSources(call.Value)
	w.sendsOff(sources, in)
	w.noteEvidence(sources, where.Evidence{Sink: at.Sink, Pos: at.Pos})
	for _, t := range flow.FuncTargets(call.Value) {
		w.hopsOfStarted(t, call.Args, at)
		w.start(nil, t.Bindings)
		if w.c.M.IsLoop(t.Fn) || program != nil || w.c.inTestFile(in.Pos()) && w.c.drivesLoop(t.Fn, maxDriverDepth) {
			continue // starting the owner's loop (a program's Run): that goroutine is the owner
		}
		callee := w.c.calleeOf(t.Fn)
		for i, a := range call.Args {
			if names.IsFuncTyped(a.Type()) && w.c.rules.StartArg(callee, i).Off {
				w.sendOff(a, at)
			}
		}
		handed := w.handedOff(in, call.Args, t.Bindings)
		if wit := w.c.StartedCallTouch(t.Fn, in.Pos(), call.Args, handed); wit != nil {
			direct := at
			direct.Direct = wit
			w.Spawns = append(w.Spawns, direct)
			continue
		}
		at.Handed = append(at.Handed, handed...)
		at.Targets = append(at.Targets, t)
		at.Entries = append(at.Entries, w.entriesHanded(t, call.Args, handed, at)...)
		at.Entries = append(at.Entries, w.addressesHanded(t, call.Args, handed, at)...)
	}
	if f := calledField(call); f != nil {
		// go p.export(p.names): what the funcs configured in the field
		// do with the entries (their other touches are the field
		// call's, see Fields).
		handed := w.handedOff(in, call.Args, flow.Captures{})
		for _, t := range w.c.configuredFuncs(f) {
			at.Entries = append(at.Entries, w.entriesHanded(t, call.Args, handed, at)...)
		}
	}
	if len(at.Targets) > 0 || len(at.Entries) > 0 {
		w.Spawns = append(w.Spawns, at)
	}
}

// startTail starts, off the owner, what the goroutine that the go
// statement in starts, and that its starter waits for, defers to run after
// the signal the wait is for: the starter goes on beside it.
func (w *walker) startTail(in *ssa.Go, sig signal) {
	at := Entry{Pos: in.Pos(), Sink: w.c.rules.Go(false).Sink, Call: in}
	for _, t := range flow.FuncTargets(in.Call.Value) {
		for _, d := range deferredAfter(t.Fn, sig) {
			at.Targets = append(at.Targets, flow.FuncTargets(d.Call.Value)...)
		}
	}
	if len(at.Targets) > 0 {
		w.Spawns = append(w.Spawns, at)
	}
}

// StartedCallTouch is CallTouch for a function a go statement starts with
// args (nil for other starts), of which handed are handed off to it: nil when its receiver is
// handed, or all it touches it touches through what is handed (go
// r.archive(m), m deleted from the owner's map: the body, walked as an
// entry, reports the rest); else the witness without what it reaches only
// through what is handed.
func (c *Package) StartedCallTouch(fn *ssa.Function, pos token.Pos, args, handed []ssa.Value) *summary.Witness {
	wit := c.CallTouch(fn, pos)
	if wit == nil || len(args) > 0 && slices.Contains(handed, args[0]) {
		return nil
	}
	var given summary.Origin
	for i, a := range args {
		if slices.Contains(handed, a) {
			given = given.Union(summary.OriginOf(summary.ParamSource(i)))
		}
	}
	if given == (summary.Origin{}) {
		return wit
	}
	if sum := c.SummaryOf(fn); sum != nil && len(sum.Touches) > 0 && !slices.ContainsFunc(sum.Touches, func(t summary.Touch) bool {
		return !summary.OriginOf(t.Source).Within(given)
	}) {
		return nil
	}
	wit.Reaches = slices.DeleteFunc(slices.Clone(wit.Reaches), func(r summary.Reach) bool { return r.From.Within(given) })
	return wit
}

// goInvoke handles "go x.M(args)" through an interface: the finding is
// what the method or its implementations touch, reported at the go statement.
func (w *walker) goInvoke(call *ssa.CallCommon, at Entry) {
	if domain, touches := w.c.M.InterfaceCallTouches(call.Method, call.Value.Type()); touches {
		at.Direct = &summary.Witness{Action: summary.ActionCalls, Member: flow.InvokedName(call), Domain: domain, Site: w.position(at.Pos)}
	} else if sum := w.c.interfaceSummary(call.Method); sum != nil {
		for _, tc := range sum.Touches {
			if wit, ok := w.c.Types.BindRecv(tc.Witness, SourceValue(tc.Source, flow.CallArgs(call), flow.Captures{})); ok {
				at.Direct = &wit
				break
			}
		}
	}
	if at.Direct != nil {
		w.Spawns = append(w.Spawns, at)
	}
}

func (w *walker) call(call *ssa.CallCommon, pos token.Pos) {
	args := flow.CallArgs(call)
	if call.IsInvoke() {
		w.invoke(call, args, pos)
		return
	}
	if _, ok := call.Value.(*ssa.Builtin); ok {
		w.builtinCall(call, pos)
		return
	}
	targets := flow.FuncTargets(call.Value)
	if len(targets) == 0 {
		// A func value from a parameter or capture: the caller decides;
		// from an exported field of the package: so does the code of
		// another package storing it there.
		if f := calledField(call); where.HoldsFuncsOf(f, w.c.pass.Pkg) {
			if ref, ok := w.c.fieldRef(f); ok {
				w.Sum.AddCalledField(ref) // of them, its hooks (where.IsHook) travel to importers
			}
		}
		w.invokes(w.origins.of(call.Value))
		w.handArgs(where.Callee{}, args, callSite{w: w, pos: pos})
		return
	}
	for _, t := range targets {
		w.callTarget(t, args, pos)
	}
}

// invoke handles a call through an interface method.
func (w *walker) invoke(call *ssa.CallCommon, args []ssa.Value, pos token.Pos) {
	if k := w.c.M.Contract(call.Method); k.MessageHop {
		return // the way back by message: safe from anywhere
	}
	if domain, touches := w.c.M.InterfaceCallTouches(call.Method, call.Value.Type()); touches {
		w.touch(pos, args[0], w.origins.of(args[0]), summary.Witness{Action: summary.ActionCalls, Member: flow.InvokedName(call), Domain: domain, Site: w.position(pos)})
		return
	}
	callee := w.c.interfaceCallee(call.Method)
	cs := callSite{w: w, method: call.Method, pos: pos}
	w.handArgs(callee, args, cs)
	if callee.Summary != nil {
		w.applySummary(callee.Summary, args, flow.Captures{}, cs, true)
	}
}

// callTarget handles a call of a known function.
func (w *walker) callTarget(t flow.FuncValue, args []ssa.Value, pos token.Pos) {
	if w.c.M.IsLoop(t.Fn) {
		return // running the owner's loop makes this goroutine the owner
	}
	obj := flow.DeclaredFunc(t.Fn)
	cs := callSite{w: w, callee: t.Fn, pos: pos}
	if k := w.c.M.Contract(obj); w.c.M.IsAny(t.Fn) || k.MessageHop {
		// Safe to call (a message hop is the way back), but a hop is
		// still a hop.
		w.handArgs(where.Callee{Fn: obj, Contract: k}, args, cs)
		return
	}
	sum := w.c.SummaryOf(t.Fn)
	whole := w.c.CallTouch(t.Fn, pos)
	if whole != nil && (sum == nil || w.c.M.OwnerOnly(obj) || len(sum.Touches) == 0) {
		// Nothing to look into, a contract that holds whatever the body
		// does, or a body out of view: the call itself touches what its
		// receiver reaches.
		var recv ssa.Value
		o := summary.OriginOf(summary.Ambient)
		if obj.Signature().Recv() != nil && len(args) > 0 {
			recv, o = args[0], w.origins.of(args[0])
		}
		w.touch(pos, recv, o, *whole)
		if sum == nil || w.c.M.OwnerOnly(obj) {
			return
		}
	}
	cs.whole = whole
	w.handArgs(where.Callee{Fn: obj, Contract: w.c.M.Contract(obj), Summary: sum}, args, cs)
	if sum == nil {
		return
	}
	lit := flow.IsFuncLit(t.Fn)
	w.applySummary(sum, args, t.Bindings, cs, !lit)
	if lit {
		// A literal called in place: its touches are ours, but they are
		// reported inside it if this runs off the owner.
		w.Sites = append(w.Sites, Site{Pos: pos, Inner: t.Fn, InnerSources: w.sourceMapper(args, t.Bindings)})
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
	whole *summary.Witness
}

// name is what the call calls, for messages.
func (cs callSite) name() string {
	if cs.callee == nil {
		return names.FuncName(cs.method)
	}
	return flow.Name(cs.callee)
}

// extend returns wit as seen from the caller. Interface calls and wrappers
// add no step: the implementation's or the wrapped method's name is
// already in the witness. A call of a confined method stands for what it
// touches of its own owner's state; another owner's it leads to by path.
func (cs callSite) extend(wit summary.Witness) summary.Witness {
	if cs.whole != nil && cs.whole.Domain == wit.Domain {
		return *cs.whole
	}
	if cs.callee == nil || flow.IsWrapper(cs.callee) && cs.callee.Origin() == nil { // an instance runs its generic body (see SummaryOf)
		return wit
	}
	return wit.Through(cs.name(), cs.w.position(cs.pos))
}

// applySummary makes a callee's summary part of this function's: its
// touches through the arguments and captures given (as sites to report at
// the call when asSites), and where the func values a called closure
// captured run (handArgs placed the arguments).
func (w *walker) applySummary(sum *summary.Summary, args []ssa.Value, bindings flow.Captures, call callSite, asSites bool) {
	for _, tc := range sum.Touches {
		v := SourceValue(tc.Source, args, bindings)
		wit, ok := w.c.Types.BindRecv(tc.Witness, v)
		if !ok {
			continue // through an interface value that cannot hold the implementation
		}
		wit = call.extend(wit)
		if o := w.origins.mapSource(tc.Source, args, bindings); asSites {
			if n := len(w.Sites); w.touch(call.pos, v, o, wit) {
				w.Sites[n].Impl = tc.Witness.Recv
			}
		} else {
			wit.Assumed = wit.Assumed || w.assuming
			w.Sum.AddTouches(o, wit)
		}
	}
	if len(bindings.Values) > 0 {
		for _, s := range sum.Invokes.Union(sum.Async).Union(sum.Hop).Sources() {
			for _, v := range capturedValues(s, bindings) {
				w.place(v, w.c.rules.Captured(sum, s), call)
			}
		}
	}
	for _, ct := range sum.Contents {
		if v := SourceValue(ct.Source, args, bindings); v != nil {
			w.entriesTouched(ct, v, call, asSites)
		}
	}
	w.checkFutureTouches(sum, args, bindings, call)
	for _, ref := range sum.CallsFields {
		if ref.Pkg == w.c.pass.Pkg.Path() {
			w.Sum.AddCalledField(ref) // the package's own hooks: what importers store in
		}
	}
	for _, s := range sum.Started.Sources() {
		if v := SourceValue(s, args, bindings); v != nil {
			// A variable a literal called in place captured (once.Do(func()
			// { go l.run() })) holds what was stored in it.
			w.start(nil, flow.Captures{Values: []ssa.Value{v}, Cells: bindings.Cells})
		}
	}
}

// invokes records that the function calls the func values of o, surely or,
// while assuming, only as far as anyone can tell.
func (w *walker) invokes(o summary.Origin) {
	w.Sum.Invokes = w.Sum.Invokes.Union(o)
	if w.waiting {
		w.Sum.Waited = w.Sum.Waited.Union(o)
	}
	if w.assuming {
		w.assumedInvokes = w.assumedInvokes.Union(o)
	} else {
		w.sureInvokes = w.sureInvokes.Union(o)
	}
}

// start records that the function hands args and the captures to code it
// starts elsewhere, which keeps them (Summary.Started).
func (w *walker) start(args []ssa.Value, captures flow.Captures) {
	for i, v := range slices.Concat(args, captures.Values) {
		if cell, ok := v.(*ssa.Alloc); ok && i >= len(args) && captures.Cells {
			w.start(flow.StoredValues(cell), flow.Captures{})
			continue
		}
		if names.DerefNamed(v.Type()) == nil || names.IsFuncTyped(v.Type()) {
			continue // only a named type can be confined
		}
		w.Sum.Started = w.Sum.Started.Union(w.origins.of(v))
		w.started = append(w.started, v)
	}
}

// startedValue reports whether v was handed to code started elsewhere, here
// or by the call that made it.
func (w *walker) startedValue(v ssa.Value) bool {
	v = flow.Unboxed(v)
	held := variableOf(v) // a variable a closure captures is loaded anew at each use (t.Cleanup(func() { <-r.Done() }))
	return slices.ContainsFunc(w.started, func(s ssa.Value) bool {
		for ; s != nil; s = embedder(s) { // go s.Run(ctx) starts s.Loop, and with it s
			if s == v || variableOf(s) == held {
				return true
			}
		}
		return false
	}) || slices.Contains(w.spawned, held) || w.startedResult(v)
}

// ownLoop reports whether a call of the method fn of a value with a loop,
// which keeps the funcs at the indexes async for it to run, hands it only method values
// bound to its receiver or to the value holding the receiver in a field
// (s.loop.OnTick(s.flush), r.OnTick(r.refresh) promoted from r's embedded
// loop), or literals capturing nothing else: the loop runs them for the
// value it serves (see where.Callee).
func ownLoop(fn *types.Func, async []int, args []ssa.Value) bool {
	if fn.Signature().Recv() == nil || len(args) == 0 {
		return false
	}
	loop := variableOf(args[0])
	var holder ssa.Value
	if load, ok := args[0].(*ssa.UnOp); ok && load.Op == token.MUL {
		if fa, ok := load.X.(*ssa.FieldAddr); ok {
			holder = variableOf(fa.X)
		}
	}
	return boundOnlyTo(async, args, loop, holder)
}

// boundOnlyTo reports whether the funcs at the indexes async of args are
// all method values or literals bound to nothing but owners (or variables
// holding them), and there is one.
func boundOnlyTo(async []int, args []ssa.Value, owners ...ssa.Value) bool {
	bound := false
	for _, i := range async {
		if i >= len(args) {
			continue
		}
		mc, ok := args[i].(*ssa.MakeClosure)
		if !ok || slices.ContainsFunc(mc.Bindings, func(b ssa.Value) bool {
			held, _ := flow.HeldValue(b) // a variable the literal captures
			return !slices.Contains(owners, held) && !slices.Contains(owners, variableOf(b))
		}) {
			return false
		}
		bound = true
	}
	return bound
}

// ownLoopOption reports whether at, a call making an option (WithTick(d,
// l.sweep)) that keeps the funcs at the indexes async, is handed to the
// constructor of a loop stored in a field of the value those funcs are
// bound to (l.Loop = eventloop.New("ledger", WithTick(d, l.sweep))): the
// loop runs them for the value it serves, as through ownLoop.
func (c *Package) ownLoopOption(at ssa.Instruction, async []int, args []ssa.Value) bool {
	call, ok := at.(*ssa.Call)
	if !ok || call.Call.Signature().Recv() != nil {
		return false
	}
	made := consumingCall(call)
	if made == nil {
		return false
	}
	for _, ref := range flow.Referrers(made) {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Val != made || c.M.Turns.LoopOf(made.Type()) == nil {
			continue
		}
		fa, ok := st.Addr.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		return boundOnlyTo(async, args, variableOf(fa.X))
	}
	return false
}

// consumingCall is the call v is an argument of, directly or in the
// slice of a variadic call's arguments, or nil.
func consumingCall(v ssa.Value) *ssa.Call {
	for _, ref := range flow.Referrers(v) {
		switch r := ref.(type) {
		case *ssa.Call:
			return r
		case *ssa.Store:
			ia, ok := r.Addr.(*ssa.IndexAddr)
			if !ok {
				continue
			}
			for _, use := range flow.Referrers(ia.X) {
				if sl, ok := use.(*ssa.Slice); ok {
					for _, u := range flow.Referrers(sl) {
						if call, ok := u.(*ssa.Call); ok {
							return call
						}
					}
				}
			}
		}
	}
	return nil
}

// handArgs hands a call's arguments to where the rules say the callee runs
// them.
func (w *walker) handArgs(c where.Callee, args []ssa.Value, call callSite) {
	if k := c.Contract; k != nil && k.Combinator {
		w.inheritCallbacks(c.Fn, k, args, Entry{Pos: call.pos})
	}
	if k := c.Contract; k != nil && len(k.Async) > 0 {
		waits, byResult := w.c.waitsFor(c.Fn, args)
		c.Waits = waits
		w.Sum.Handle = w.Sum.Handle || byResult
		c.OwnLoop = len(args) > 0 && w.c.M.Turns.LoopOf(args[0].Type()) != nil && ownLoop(c.Fn, k.Async, args) ||
			w.c.ownLoopOption(w.at, k.Async, args)
	}
	if at, ok := w.at.(*ssa.Call); ok && c.Summary != nil && c.Summary.Handle {
		joins, returned := w.c.ResultJoins(at)
		c.Waits = c.Waits || joins
		c.Detached = !joins
		w.Sum.Handle = w.Sum.Handle || returned
	}
	waiting := w.waiting
	w.waiting = waiting || c.Waits
	for i, a := range args {
		w.place(a, w.c.rules.Arg(c, i, names.IsFuncTyped(a.Type())), call)
	}
	w.waiting = waiting
}

// syncInvoke handles a func value called on this goroutine: its touches
// are this function's touches.
func (w *walker) syncInvoke(v ssa.Value, pos token.Pos) {
	targets := flow.FuncTargets(v)
	if len(targets) == 0 {
		w.invokes(w.origins.of(v))
		return
	}
	for _, t := range targets {
		if w.invoking[t.Fn] {
			continue // called in place already, further up
		}
		if w.invoking == nil {
			w.invoking = make(map[*ssa.Function]bool)
		}
		w.invoking[t.Fn] = true
		// The callee supplies the arguments: they are not ours to track.
		w.callTarget(t, nil, pos)
		delete(w.invoking, t.Fn)
	}
}

// sourceMapper maps a callee's sources to origins in this function.
func (w *walker) sourceMapper(args []ssa.Value, bindings flow.Captures) func(summary.Source) summary.Origin {
	return func(s summary.Source) summary.Origin { return w.origins.mapSource(s, args, bindings) }
}

// capturedValues are the caller's values for a callee's source s that is
// one of its captures: the value bound, or, for a variable a literal
// captures, what the caller stores in it.
func capturedValues(s summary.Source, bindings flow.Captures) []ssa.Value {
	v := SourceValue(s, nil, bindings)
	if cell, ok := v.(*ssa.Alloc); ok && bindings.Cells {
		return flow.StoredValues(cell)
	}
	if v == nil {
		return nil
	}
	return []ssa.Value{v}
}

// SourceValue returns the caller's value for a callee's source, or nil.
func SourceValue(s summary.Source, args []ssa.Value, bindings flow.Captures) ssa.Value {
	switch {
	case s == summary.Ambient:
		return nil
	case s >= summary.FreeBase:
		if i := int(s - summary.FreeBase); i < len(bindings.Values) {
			return bindings.Values[i]
		}
	case int(s) < len(args):
		return args[s]
	}
	return nil
}

// touch records that this function touches confined state reached from o
// through v (nil when it is not one value). The function's own values
// (ownership follows the value) are not touches for its callers, but the
// place is kept: code on another owner may not touch what was handed off
// to it, and the function itself not what it sent away (see report's sends).
// noted is false when it is none (see afterLoopEnd).
func (w *walker) touch(pos token.Pos, v ssa.Value, o summary.Origin, wit summary.Witness) (noted bool) {
	if v != nil && w.c.afterLoopEnd(w.at, v) || w.runsLoopHere(wit.Domain) {
		return false // the loop is over: its state is no one's to race with
	}
	wit.Assumed = wit.Assumed || w.assuming
	w.Sites = append(w.Sites, Site{Pos: pos, Origin: o, Witness: wit, Instr: w.at, Value: v})
	w.Sum.AddTouches(o, wit)
	w.besideLoop(v, wit)
	return true
}

func (w *walker) position(pos token.Pos) summary.Position {
	if !pos.IsValid() {
		pos = w.fn.Pos()
	}
	return w.c.M.Position(pos)
}

// maxDriverDepth bounds how deep drivesLoop looks for the loop it drives.
const maxDriverDepth = 2

// inTestFile reports whether pos is in a _test.go file.
func (c *Package) inTestFile(pos token.Pos) bool {
	return strings.HasSuffix(c.pass.Fset.Position(pos).Filename, "_test.go")
}

// drivesLoop reports whether fn, or a function it calls (depth levels
// deep), calls an owner's loop function over and over in a loop: a test's
// goroutine running a game's Update frame after frame (go func() {
// loop(t, g, 30) }()) is that game's loop, as the framework's goroutine
// would be, and so is what it calls beside it (g.HUD()). Only a test's go
// statement is asked: production code driving the turns beside the
// framework's own goroutine (a ticker calling Update next to
// ebiten.RunGame) races with it.
func (c *Package) drivesLoop(fn *ssa.Function, depth int) bool {
	for call, callee := range flow.StaticCalls(fn) {
		if flow.InLoop(call.Block()) && c.M.IsLoop(callee) || depth > 0 && callee.Pkg == fn.Pkg && c.drivesLoop(callee, depth-1) {
			return true
		}
	}
	return false
}
