package suggest

// This file finds where the package's code starts running, on an owner
// and off every owner, for the owner rules (owners.go, loopless.go).

import (
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/known"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/walk"
	"golang.org/x/tools/go/ssa"
)

// ownerRoot is code known to run on an owner: a loop, or a func handed to
// a hop.
type ownerRoot struct {
	fn     *ssa.Function
	domain string
	// turn: a framework's turn (a game's Update, an actor's Receive), or
	// a callback a framework's declared hop runs on its loop (a UI
	// toolkit's key handler): the framework names the owner.
	turn bool
	loop bool // a loop's body, not a callback on it
}

// declaredHop reports whether call hands code to a hop that a declaration
// names (a framework's, from its pack), not one the package wrote or one
// inferred from a body.
func (s *Suggester) declaredHop(call ssa.Instruction) bool {
	c, ok := call.(ssa.CallInstruction)
	if !ok {
		return false
	}
	var obj *types.Func
	if common := c.Common(); common.IsInvoke() {
		obj = common.Method
	} else {
		obj = flow.StaticFunc(c)
	}
	d := s.m.Declared.Objects[obj]
	return obj != nil && d != nil && len(d.Hop) > 0
}

// spawnedCode is where the package's code starts running off every owner
// (see codeRoots).
type spawnedCode struct {
	fns       []*ssa.Function // each as often as it is started
	startedBy map[*ssa.Function][]*ssa.Function
	entries   map[*ssa.Function]bool
	// inferred are the entry points only another package's interface
	// calls make (see inferredEntry): no evidence of a goroutine but for
	// what they share (see proposeLooplessOwners).
	inferred []*ssa.Function
	// joined are the functions every start of which its starter waits for
	// before it returns (wg.Wait(), g.Wait(), a receive from a channel it
	// made): what else may run beside them is joined before it. window is
	// what the starters touch while they run: until the join, or to the end
	// of the starter.
	joined map[*ssa.Function]bool
	window map[*ssa.Function]*fieldAccesses
	// unwaited are the functions some start of which no join follows on
	// any way out of its starter (a Start leaving the wait to a Wait
	// method): unlike a join on some ways only (if parallel { wg.Wait()
	// }), nothing of the starter orders them.
	unwaited map[*ssa.Function]bool
	// perIteration are, by function, the captures that every start of it
	// binds to a value of one iteration of the loop around the start (a
	// fan-out's go func() { inspect(child) }() for each child).
	perIteration map[*ssa.Function]map[int]bool
	// fresh are, by function, the captures that every start of it binds
	// to a struct its starter made (p := &pending{}; go func() { p.err =
	// save() }()): each start writes a value of its own.
	fresh map[*ssa.Function]map[int]bool
	// sharedParts are those of the per-iteration captures that the same
	// starter also hands to other code off the owner (a connection's
	// handler goroutine and the idle timer armed for it, s.watch(cn)):
	// the goroutines of one iteration share them.
	sharedParts map[*ssa.Function]map[int]bool
	// sharedEntries are, by function, the fields whose map or slice its
	// starter hands it while the field keeps holding them, and whose
	// entries it touches (go b.ship(b.buf); b.buf = b.buf[:0]): a batch
	// its spawner still fills.
	sharedEntries map[*ssa.Function]fieldSet
	// addressed are, by function, the fields of candidate types whose
	// address a start hands it and that it writes through unlocked (go
	// b.prewarm(def, &b.counts.Prewarmed), whose *n++ writes b.counts).
	addressed map[*ssa.Function]fieldSet
}

// codeRoots lists where the package's code outside test files starts
// running: on an owner, its loops and hop callbacks, in source order; off
// every owner, the functions its go statements start, but for loops,
// whose goroutine is their owner, and the entry points frameworks run,
// each as often as it is started (twice for a start inside a loop, and for
// an entry point: it runs beside itself). What tests write on
// an owner makes no type owned, and tests start code in their own ways.
func (s *Suggester) codeRoots() (roots []ownerRoot, sp *spawnedCode) {
	sp = &spawnedCode{startedBy: make(map[*ssa.Function][]*ssa.Function), entries: make(map[*ssa.Function]bool),
		joined: make(map[*ssa.Function]bool), window: make(map[*ssa.Function]*fieldAccesses), unwaited: make(map[*ssa.Function]bool), perIteration: make(map[*ssa.Function]map[int]bool), fresh: make(map[*ssa.Function]map[int]bool), sharedParts: make(map[*ssa.Function]map[int]bool), sharedEntries: make(map[*ssa.Function]fieldSet), addressed: make(map[*ssa.Function]fieldSet)}
	startsOf := make(map[*ssa.Function]int)
	unjoined := make(map[*ssa.Function]bool)
	for _, fn := range s.e.Functions() {
		if s.inTestFile(fn.Pos()) {
			continue
		}
		if domain, ok := s.loops[fn]; ok {
			roots = append(roots, ownerRoot{fn, domain, s.turnsReceiver(fn) != "", true})
		}
		if _, ok := s.e.EntryPoint(fn); ok {
			// A framework runs it on goroutines of its own: on its
			// receiver's value (a connection's Read) one at a time, on
			// what that value shares (a service's state) a request
			// beside another (see proposeLooplessOwners).
			if s.inferredEntry(fn) {
				sp.inferred = append(sp.inferred, fn)
			} else {
				sp.fns = append(sp.fns, fn)
				sp.entries[fn] = true
				unjoined[fn] = true
			}
		}
		w := s.e.Walk(fn)
		if w == nil {
			continue
		}
		for _, hop := range w.Hops {
			framework := s.declaredHop(hop.Call)
			for _, t := range hop.Targets {
				roots = append(roots, ownerRoot{t.Fn, *hop.On, framework, false})
			}
		}
		roots = append(roots, s.widgetCallbacks(fn)...)
		for _, b := range w.Behaviors {
			// An actor's next behavior is its turns: the owner the
			// framework names for the actor's type.
			obj := flow.DeclaredFunc(b)
			if obj == nil {
				continue // a literal: its captures are no receiver's turns
			}
			if named := names.ReceiverNamed(obj); named != nil && !slices.ContainsFunc(roots, func(r ownerRoot) bool { return r.fn == b }) {
				if domain, ok := s.m.Turns.Owner(named); ok {
					roots = append(roots, ownerRoot{b, domain, true, false})
				}
			}
		}
		for _, start := range w.Spawns {
			for _, t := range start.Started() {
				if _, loop := s.loops[t.Fn]; loop {
					continue
				}
				var window map[ssa.Instruction]bool
				joined, waited := false, false
				if start.Call != nil {
					joins := joinsOf(start, t)
					window = joinWindow(start.Call, joins)
					if joined = window != nil; !joined {
						window = flow.RunsAfter(start.Call, func(ssa.Instruction) bool { return false })
					}
					waited = joined || slices.ContainsFunc(slices.Collect(maps.Keys(window)), joins)
				}
				sp.fns = append(sp.fns, t.Fn)
				sp.startedBy[t.Fn] = append(sp.startedBy[t.Fn], fn)
				sp.notePerIteration(t, start.Call, startsOf[t.Fn] == 0)
				s.noteSharedParts(sp, w, start, t)
				s.noteSharedEntries(sp, start, t)
				s.noteAddressed(sp, start, t)
				startsOf[t.Fn]++
				if start.Call != nil && (flow.InLoop(start.Call.Block()) || !start.Inferred && runsRepeatedly(start.Call)) {
					sp.fns = append(sp.fns, t.Fn)
				}
				if !joined {
					unjoined[t.Fn] = true
				}
				if !waited {
					sp.unwaited[t.Fn] = true
				}
				if window == nil {
					continue
				}
				if sp.window[t.Fn] == nil {
					sp.window[t.Fn] = &fieldAccesses{reads: make(fieldSet), writes: make(fieldSet)}
				}
				s.written.touchesIn(window, sp.window[t.Fn])
			}
		}
	}
	for fn := range sp.window {
		sp.joined[fn] = !unjoined[fn]
	}
	for fn := range unjoined {
		sp.joined[fn] = false
	}
	return roots, sp
}

// widgetCallbacks are the funcs fn stores in a func field of a value of a
// framework's type that the framework confines to its owner (list.OnSelected
// = func(id widget.ListItemID) {...}, &widget.Entry{OnChanged: ...}): the
// framework's code of that type calls them there, as it calls a declared
// hop's callbacks. A type of the module is no framework's: where its func
// fields are called, the walk shows.
func (s *Suggester) widgetCallbacks(fn *ssa.Function) []ownerRoot {
	var out []ownerRoot
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok || !names.IsFuncTyped(st.Val.Type()) {
				continue
			}
			fa, ok := st.Addr.(*ssa.FieldAddr)
			if !ok {
				continue
			}
			named := s.m.ConfinedNamed(fa.X.Type())
			if named == nil || named.Obj().Pkg() == nil || inModule(s.pass, named.Obj().Pkg().Path()) {
				continue
			}
			for _, t := range flow.FuncTargets(st.Val) {
				out = append(out, ownerRoot{t.Fn, s.m.TypeDomain(named), true, false})
			}
		}
	}
	return out
}

// runsRepeatedly reports whether at, which hands code off the owner to a
// declared or built-in sink, may have it run beside itself: a call of a
// function that does not start it once per call (see known.RunsOnce; a
// framework's registration), or a store of the func where a framework
// keeps it (a notifier's func field); a go statement starts it once. Where the sink is only inferred from a callee's body (a
// callback a UI loop keeps and calls), nothing says so.
func runsRepeatedly(at ssa.Instruction) bool {
	var call *ssa.Call
	switch in := at.(type) {
	case *ssa.Store, *ssa.MapUpdate:
		return true
	case *ssa.Call:
		call = in
	default:
		return false
	}
	if call.Common().StaticCallee() == nil {
		return true // an interface's method: a framework's registration
	}
	obj := flow.StaticFunc(call)
	return obj != nil && !known.RunsOnce(obj)
}

// notePerIteration keeps, of the captures of t that at binds, those bound
// to a value made in the loop around at, and those bound to a struct the
// starter made (first: at is t's first start; later starts keep only
// those they bind so too).
func (sp *spawnedCode) notePerIteration(t flow.FuncValue, at ssa.Instruction, first bool) {
	mine, fresh := make(map[int]bool), make(map[int]bool)
	for i, b := range t.Bindings.Values {
		def, ok := b.(ssa.Instruction)
		if !ok || def.Block() == nil {
			continue
		}
		inLoop := at != nil && flow.InLoop(at.Block())
		if inLoop && flow.InLoop(def.Block()) {
			mine[i] = true
		}
		if madeStruct(b) && (!inLoop || mine[i]) { // made once for all the loop's starts: shared
			fresh[i] = true
		}
	}
	if first {
		sp.perIteration[t.Fn], sp.fresh[t.Fn] = mine, fresh
		return
	}
	maps.DeleteFunc(sp.perIteration[t.Fn], func(i int, _ bool) bool { return !mine[i] })
	maps.DeleteFunc(sp.fresh[t.Fn], func(i int, _ bool) bool { return !fresh[i] })
}

// madeStruct reports whether b, what a closure captured, is a struct its
// function made, or the variable holding only such a struct (p :=
// &pending{}).
func madeStruct(b ssa.Value) bool {
	cell, ok := b.(*ssa.Alloc)
	if !ok {
		return false
	}
	if _, isStruct := names.DerefUnder(cell.Type()).(*types.Struct); isStruct {
		return true
	}
	stored := flow.StoredValues(cell)
	return len(stored) == 1 && madeStruct(stored[0])
}

// noteSharedParts records which of the per-iteration captures of t, which
// start starts, the same function also hands to other code off the owner:
// another start's arguments or captures, or an argument of a call of the
// package that starts code with that parameter itself (see startsWith).
func (s *Suggester) noteSharedParts(sp *spawnedCode, w *walk.Walk, start walk.Entry, t flow.FuncValue) {
	for i := range sp.perIteration[t.Fn] {
		if i >= len(t.Bindings.Values) {
			continue
		}
		cell := heldBy(t.Bindings.Values[i])
		same := func(v ssa.Value) bool { return heldBy(v) == cell }
		shared := slices.ContainsFunc(w.Spawns, func(other walk.Entry) bool {
			return other.Call != start.Call && (slices.ContainsFunc(other.Args, same) ||
				slices.ContainsFunc(other.Targets, func(o flow.FuncValue) bool { return slices.ContainsFunc(o.Bindings.Values, same) }))
		})
		if !shared && start.Call != nil {
			shared = s.startsWith(start.Call.Parent(), start.Call, same)
		}
		if shared {
			if sp.sharedParts[t.Fn] == nil {
				sp.sharedParts[t.Fn] = make(map[int]bool)
			}
			sp.sharedParts[t.Fn][i] = true
		}
	}
}

// noteSharedEntries records the fields of candidate types whose map or
// slice start hands to t (an argument or a capture) while the field keeps
// holding them, when t touches their entries (its summary's Contents).
// What the starter overwrote before the start (batch := b.buf; b.buf =
// nil; go ship(batch)) or overwrites with a fresh value after it is handed
// off: the started code's own.
func (s *Suggester) noteSharedEntries(sp *spawnedCode, start walk.Entry, t flow.FuncValue) {
	w := s.e.Walk(t.Fn)
	if w == nil || start.Call == nil {
		return
	}
	for _, ct := range w.Sum.Contents {
		v := walk.SourceValue(ct.Source, start.Args, t.Bindings)
		if v == nil {
			continue
		}
		if key, ok := s.written.keptField(v, start.Call); ok {
			if sp.sharedEntries[t.Fn] == nil {
				sp.sharedEntries[t.Fn] = make(fieldSet)
			}
			sp.sharedEntries[t.Fn][key] = true
		}
	}
}

// noteAddressed records the fields of candidate types whose address start
// hands to t as an argument when t writes through that parameter where no
// lock is held (see spawnedCode.addressed).
func (s *Suggester) noteAddressed(sp *spawnedCode, start walk.Entry, t flow.FuncValue) {
	for i, a := range start.Args {
		fa, ok := a.(*ssa.FieldAddr)
		if !ok || i >= len(t.Fn.Params) || !writesThrough(t.Fn.Params[i]) {
			continue
		}
		for outer, ok := fa.X.(*ssa.FieldAddr); ok; outer, ok = fa.X.(*ssa.FieldAddr) {
			fa = outer // &b.counts.Prewarmed is b.counts's
		}
		named := names.DerefNamed(fa.X.Type())
		st, isStruct := names.DerefUnder(fa.X.Type()).(*types.Struct)
		if named == nil || !isStruct || !s.written.candidate(named) {
			continue
		}
		if sp.addressed[t.Fn] == nil {
			sp.addressed[t.Fn] = make(fieldSet)
		}
		sp.addressed[t.Fn][fieldKey(named, st.Field(fa.Field).Name())] = true
	}
}

// writesThrough reports whether fn stores through its pointer parameter p,
// or a field or element of what it points to, where no lock is held.
func writesThrough(p *ssa.Parameter) bool {
	if _, ok := p.Type().Underlying().(*types.Pointer); !ok {
		return false
	}
	var through func(v ssa.Value, depth int) bool
	through = func(v ssa.Value, depth int) bool {
		for _, r := range flow.Referrers(v) {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr == v && !underLock(r) {
					return true
				}
			case *ssa.FieldAddr, *ssa.IndexAddr:
				if depth < 3 && through(r.(ssa.Value), depth+1) {
					return true
				}
			}
		}
		return false
	}
	return through(p, 0)
}

// startsWith reports whether fn calls, besides at, a function of the
// package that starts code off the owner with an argument same accepts
// itself (s.watch(cn), whose timer captures cn), not with a part of it (a
// tree walk starting goroutines on a node's children).
func (s *Suggester) startsWith(fn *ssa.Function, at ssa.Instruction, same func(ssa.Value) bool) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || instr == at {
				continue
			}
			callee := call.Common().StaticCallee()
			if callee == nil {
				continue
			}
			for i, a := range flow.CallArgs(call.Common()) {
				if same(a) && i < len(callee.Params) && s.startsParam(callee, callee.Params[i]) {
					return true
				}
			}
		}
	}
	return false
}

// startsParam reports whether fn hands its parameter p itself to code it
// starts off the owner: an argument of a start, or a capture of what it
// starts (p, or a variable holding p).
func (s *Suggester) startsParam(fn *ssa.Function, p *ssa.Parameter) bool {
	w := s.e.Walk(fn)
	if w == nil {
		return false
	}
	is := func(v ssa.Value) bool {
		if cell, ok := v.(*ssa.Alloc); ok {
			return slices.Contains(flow.StoredValues(cell), ssa.Value(p))
		}
		return heldBy(v) == p
	}
	return slices.ContainsFunc(w.Spawns, func(e walk.Entry) bool {
		return slices.ContainsFunc(e.Args, is) || slices.ContainsFunc(e.Targets, func(t flow.FuncValue) bool { return slices.ContainsFunc(t.Bindings.Values, is) })
	})
}

// joinWindow returns the instructions of its function that may run
// between at, which starts code off the owner, and a join waiting for it,
// when there is one on every way out of the function (wg.Wait(), g.Wait(),
// a receive from a channel the function made); else nil.
func joinWindow(at ssa.Instruction, isJoin func(ssa.Instruction) bool) map[ssa.Instruction]bool {
	window := flow.RunsAfter(at, isJoin)
	joins := false
	for instr := range window {
		if _, ret := instr.(*ssa.Return); ret {
			return nil
		}
		joins = joins || isJoin(instr)
	}
	if !joins {
		return nil
	}
	return window
}

// joinsOf narrows isJoin to the joins that may wait for t, which start
// starts: a wait on a WaitGroup or a channel its function made itself
// waits only for code handed that WaitGroup or channel (captured, an
// argument, or started by its Go), not for go b.computeFooter(ctx) beside
// fetches that a wg.Wait() joins.
func joinsOf(start walk.Entry, t flow.FuncValue) func(ssa.Instruction) bool {
	handed := slices.Concat(t.Bindings.Values, start.Args)
	if call, ok := start.Call.(*ssa.Call); ok {
		handed = append(handed, call.Common().Args...)
	}
	return func(instr ssa.Instruction) bool {
		local := waitedLocal(instr)
		return isJoin(instr) && (local == nil || slices.Contains(handed, local))
	}
}

// waitedLocal returns the WaitGroup or channel that instr, a join, waits
// on when its function made it (wg.Wait() on a local wg, <-done on done
// := make(chan ...)); else nil.
func waitedLocal(instr ssa.Instruction) ssa.Value {
	var v ssa.Value
	switch in := instr.(type) {
	case *ssa.UnOp:
		v = in.X
	case *ssa.Call:
		if args := in.Call.Args; len(args) > 0 {
			v = args[0]
		}
	}
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X // a channel variable a closure also captures
	}
	switch v.(type) {
	case *ssa.Alloc, *ssa.MakeChan:
		return v
	}
	return nil
}

// isJoin reports whether instr waits for started code to end: a
// WaitGroup's or an errgroup's Wait, or a receive from a channel its
// function made (the done channel of one call) or from a field's channel
// of empty structs, a signal (<-p.done: whoever closes it is done).
func isJoin(instr ssa.Instruction) bool {
	switch in := instr.(type) {
	case *ssa.UnOp:
		if in.Op != token.ARROW {
			return false
		}
		switch ch := in.X.(type) {
		case *ssa.MakeChan:
			return true
		case *ssa.UnOp:
			_, field := ch.X.(*ssa.FieldAddr)
			c, _ := ch.Type().Underlying().(*types.Chan) // nil for a type parameter's
			if !field || c == nil {
				return false
			}
			st, _ := c.Elem().Underlying().(*types.Struct)
			return st != nil && st.NumFields() == 0
		}
		return false
	case *ssa.Call:
		callee := in.Common().StaticCallee()
		if callee == nil || callee.Name() != "Wait" {
			return false
		}
		recv := callee.Signature.Recv()
		if recv == nil {
			return false
		}
		named := names.DerefNamed(recv.Type())
		if named == nil || named.Obj().Pkg() == nil {
			return false
		}
		pkg := named.Obj().Pkg().Path()
		return pkg == "sync" && named.Obj().Name() == "WaitGroup" || strings.HasSuffix(pkg, "/errgroup") && named.Obj().Name() == "Group"
	}
	return false
}

// inferredEntry reports whether fn is an entry point only because another
// package was seen calling an interface it implements off the owner (a
// Write that implements io.Writer, which some package's goroutine calls;
// a gRPC service's method, which grpc calls per stream): the check
// reports what such code touches of confined state, but the value may be
// one whoever holds it calls, one call at a time (a response writer, by
// the handler that got it). Only what its own body writes of another
// type than its receiver's (a service's state, s.state.checks++) is
// evidence of requests running beside each other.
func (s *Suggester) inferredEntry(fn *ssa.Function) bool {
	_, inferred, _ := s.m.Entries.EntryPoint(fn)
	return inferred != nil
}

// rootName names owner code for evidence: a method value by its method.
func rootName(fn *ssa.Function) string {
	if obj, ok := fn.Object().(*types.Func); ok && flow.IsWrapper(fn) {
		return "the method value " + names.FuncName(obj)
	}
	return flow.Name(fn)
}

// reachable is the set of functions that run where fns run: fns and what
// they refer to, transitively, but for the functions a body only starts
// (a go statement, an async sink) or hands to a hop: those run elsewhere.
// A loop's go statement starts code off its owner, and a goroutine's
// fyne.Do callback runs on the owner. A function a body also calls or
// refers to otherwise is reached through that.
func (s *Suggester) reachable(fns []*ssa.Function) map[*ssa.Function]bool {
	return s.reachableUntil(fns, func(*ssa.Function) bool { return false })
}

// reachableUntil is reachable, but does not enter the functions stop
// holds for.
func (s *Suggester) reachableUntil(fns []*ssa.Function, stop func(*ssa.Function) bool) map[*ssa.Function]bool {
	seen := make(map[*ssa.Function]bool)
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		if seen[fn] || stop(fn) {
			return
		}
		seen[fn] = true
		elsewhere := s.runElsewhere(fn)
		for _, callee := range slices.Concat(s.e.ReferencedFuncs(fn), s.e.FieldCallees(fn)) {
			if elsewhere[callee] > 0 {
				elsewhere[callee]--
				continue
			}
			visit(callee)
		}
	}
	for _, fn := range fns {
		visit(fn)
	}
	return seen
}

// runElsewhere counts, by function, the references of fn's body that
// start the function off fn's goroutine or hand it to a hop.
func (s *Suggester) runElsewhere(fn *ssa.Function) map[*ssa.Function]int {
	w := s.e.Walk(fn)
	if w == nil {
		return nil
	}
	out := make(map[*ssa.Function]int)
	for _, entries := range [][]walk.Entry{w.Spawns, w.Hops} {
		for _, e := range entries {
			for _, t := range e.Targets {
				out[t.Fn]++
			}
		}
	}
	return out
}
