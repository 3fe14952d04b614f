package walk

// This file recognizes goroutines that their starter waits for: a go
// statement followed by a receive on a channel the goroutine closes or sends
// on, or by Wait on a group the goroutine signals Done on; a sink method such
// as (*sync.WaitGroup).Go or (*errgroup.Group).Go followed by Wait on the
// same group, with nothing done in between. Such code runs while its starter
// waits, like testing.T.Run's subtests, so it runs where the starter runs.
// Only a lone goroutine counts: one next to another go statement that may
// run in the same call (not one in another case of a switch), or next to
// another start on the same group, runs beside its siblings, and they race
// with each other. One started in a loop and waited for in the same
// iteration (a retry's attempt) is over before the next starts; one whose
// wait is after the loop is not.

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/ssa"
)

// waitsFor reports whether the calling function waits for the work it
// hands to the async sink method fn right after handing it over: it calls
// Wait on the same receiver, having started nothing else on it; or it is
// the one start of a fan-out that waits right after its loop, and the
// work is safe beside its siblings (see fanout.go); or it returns the
// group's Wait right after to callers that all call it right away (g.Go(f);
// return g.Wait), which byResult says. A start in a loop is followed by the
// next, never by the return.
func (c *Package) waitsFor(fn *types.Func, args []ssa.Value) (waits, byResult bool) {
	if fn == nil || fn.Signature().Recv() == nil || len(args) == 0 {
		return false, false
	}
	group := args[0]
	start := onlyStart(group)
	if start == nil {
		return false, false
	}
	wait := waitOn(group)
	if waitsRightAfter(start, wait) || waitsAfterLoop(start, group, wait) && c.funcsBesideSiblings(args[1:]) {
		return true, false
	}
	if c.awaitedByCallers(start, group) {
		return true, true
	}
	return false, false
}

// onlyStart returns the one call on group (its receiver) that is not Wait
// or Add, if there is one: siblings started elsewhere run beside each
// other.
func onlyStart(group ssa.Value) ssa.Instruction {
	var start ssa.Instruction
	for _, ref := range flow.Referrers(group) {
		if call, ok := ref.(ssa.CallInstruction); ok && slices.Index(flow.CallArgs(call.Common()), group) == 0 {
			if callee := call.Common().StaticCallee(); callee != nil && callee.Name() != "Wait" && callee.Name() != "Add" {
				if start != nil {
					return nil
				}
				start = ref
			}
		}
	}
	return start
}

// waitsRightAfter reports whether the function blocks in wait right after
// start, doing nothing meanwhile: no call, send or store comes between them
// (following plain jumps). Code that works while the goroutine runs does
// not wait for it.
func waitsRightAfter(start ssa.Instruction, wait func(ssa.Instruction) bool) bool {
	b := start.Block()
	i := slices.Index(b.Instrs, start) + 1
	for seen := map[*ssa.BasicBlock]bool{b: true}; ; {
		for _, instr := range b.Instrs[i:] {
			switch {
			case wait(instr):
				return true
			case isWork(instr):
				return false
			}
		}
		if len(b.Succs) != 1 || seen[b.Succs[0]] {
			return false
		}
		b, i = b.Succs[0], 0
		seen[b] = true
	}
}

// isWork reports whether instr may do something another goroutine sees.
func isWork(instr ssa.Instruction) bool {
	switch instr.(type) {
	case ssa.CallInstruction, *ssa.Send, *ssa.Store, *ssa.MapUpdate, *ssa.Select:
		return true
	}
	return false
}

// waitOn is a wait for what was started on group: its Wait.
func waitOn(group ssa.Value) func(ssa.Instruction) bool {
	return func(instr ssa.Instruction) bool { return callsOn(instr, group, "Wait") }
}

// callsOn reports whether instr calls the method named name on v.
func callsOn(instr ssa.Instruction, v ssa.Value, name string) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	common := call.Common()
	callee := common.StaticCallee()
	return callee != nil && callee.Name() == name && len(common.Args) > 0 && common.Args[0] == v
}

// goStatements are the go statements of one function, found on first use:
// two of them may signal the same channel or group, and run beside each
// other, and the goroutines they start may drain a channel the function
// sends on (see localReceiver).
type goStatements struct {
	c     *Package
	fn    *ssa.Function
	list  []*ssa.Go                            // nil until found
	after map[*ssa.Go]map[ssa.Instruction]bool // see runsAfter
}

func (g *goStatements) all() []*ssa.Go {
	if g.list == nil {
		g.list = []*ssa.Go{}
		for _, b := range g.fn.Blocks {
			for _, instr := range b.Instrs {
				if in, ok := instr.(*ssa.Go); ok {
					g.list = append(g.list, in)
				}
			}
		}
	}
	return g.list
}

// joined reports whether the function waits for the goroutine the go
// statement starts, right after starting it: the goroutine closes or sends
// on a channel the function then receives from, or calls Done on a group
// the function then waits on. It also returns the signal the wait is for.
func (g *goStatements) joined(in *ssa.Go) (bool, signal) {
	call := in.Common()
	if call.IsInvoke() {
		return false, signal{}
	}
	// In a loop, a select that may take another case goes on to the next
	// iteration's start while this goroutine still runs (an attempt given
	// up on); elsewhere it only waits longer.
	only := flow.InLoop(in.Block())
	for _, t := range flow.FuncTargets(call.Value) {
		sigs := signals(t.Fn)
		for _, sig := range sigs {
			v := spawnerValue(sig.v, t, call.Args)
			if v == nil || !sig.done && !signalsOnce(sig, v, sigs, t, call.Args) || g.c.worksAfter(sig) {
				continue
			}
			wait := sig.waitFor(v, only)
			// A fan-out waits on a group; one receive waits for one of
			// its goroutines only.
			if waitsRightAfter(in, wait) || sig.done && waitsAfterLoop(in, v, wait) && g.c.besideSiblings(t, call.Args) {
				// Siblings are looked for last: most go statements are
				// waited for by nobody, and that is cheaper to see.
				return !g.hasSibling(in), sig
			}
			if g.c.awaitedByCallers(in, v) {
				sig.byResult = true
				return !g.hasSibling(in), sig
			}
		}
	}
	return false, signal{}
}

// signalsOnce reports whether sig, a send or a close on what the starter
// knows as v, is the only signal among sigs, those of the goroutine t, on
// that channel, and given outside any loop: a channel the goroutine sends
// on in a loop, or sends on and then closes, streams values (Stream(ctx,
// r) <-chan Chunk), and a receive waits for the first of them only.
func signalsOnce(sig signal, v ssa.Value, sigs []signal, t flow.FuncValue, args []ssa.Value) bool {
	if b := sig.at.Block(); b == nil || flow.InLoop(b) {
		return false
	}
	return !slices.ContainsFunc(sigs, func(other signal) bool {
		return other.at != sig.at && !other.done && spawnerValue(other.v, t, args) == v
	})
}

// worksAfter reports whether the goroutine touches state after sig, its
// signal, other than in what it defers (see deferredAfter): a store
// outside its own variables, a map update or a call that may touch state
// runs beside the waiter the signal released (out <- res; im.running =
// false), so the signal does not join the goroutine.
func (c *Package) worksAfter(sig signal) bool {
	if _, deferred := sig.at.(*ssa.Defer); deferred {
		return false
	}
	for instr := range flow.RunsAfter(sig.at, func(ssa.Instruction) bool { return false }) {
		switch in := instr.(type) {
		case *ssa.Store:
			if _, local := in.Addr.(*ssa.Alloc); !local {
				return true
			}
		case *ssa.MapUpdate:
			return true
		case *ssa.Defer:
		case ssa.CallInstruction:
			if c.callTouches(in.Common(), in.Pos()) {
				return true
			}
		}
	}
	return false
}

// deferredAfter returns the calls fn defers that run after sig, the signal
// its starter waits for: every one when the signal is no deferred call
// (done <- b.Build(); the deferred write of b.lastBuild runs after the
// receive), else those deferred before it, which run after it.
func deferredAfter(fn *ssa.Function, sig signal) []*ssa.Defer {
	signalDeferred, _ := sig.at.(*ssa.Defer)
	var out []*ssa.Defer
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			d, ok := instr.(*ssa.Defer)
			if !ok || d == signalDeferred || signalsOf(d) != nil {
				continue
			}
			if signalDeferred == nil || flow.Dominates(d, signalDeferred) {
				out = append(out, d)
			}
		}
	}
	return out
}

// awaitedByCallers reports whether the function returns the channel ch,
// which the goroutine the go statement in starts signals on (or a waiter
// of it, or of the group ch its start is on: g.Wait), right after
// starting it, and every call of the function receives from that result
// right away (<-pollFrom(w, 3), a helper running the work on a goroutine
// of its own): its callers wait for the goroutine. An unexported function
// must be called, and only statically, so that every call is in view. An
// exported one is an asynchronous call whose result is how its callers,
// in view or not, join it (Start(ctx) <-chan error): the calls in view
// must all receive right away, and there may be none.
func (c *Package) awaitedByCallers(in ssa.Instruction, ch ssa.Value) bool {
	fn := in.Parent()
	obj := flow.DeclaredFunc(fn)
	if obj == nil || !c.OnlyCalled(fn) {
		return false
	}
	returned := func(instr ssa.Instruction) bool {
		ret, ok := instr.(*ssa.Return)
		return ok && slices.ContainsFunc(ret.Results, func(r ssa.Value) bool {
			if conv, ok := r.(*ssa.ChangeType); ok {
				r = conv.X // a chan error returned as <-chan error
			}
			return variableOf(r) == variableOf(ch) || waiterOf(r, ch)
		})
	}
	calls := c.Callers(fn)
	return (len(calls) > 0 || obj.Exported()) && waitsRightAfter(in, returned) && !slices.ContainsFunc(calls, func(call *ssa.Call) bool {
		return !waitsRightAfter(call, waitsOnResult(call))
	})
}

// waiterOf reports whether r is a literal whose first work is to receive
// from ch, which it captures (return func() error { <-done; return err
// }), or to wait on the group ch (return g.Wait, a bound method): calling
// it waits for what signals ch. One that first stops the
// goroutine (cancel(); <-done) is a stop, called when the caller is done
// with it, not to wait for its work.
func waiterOf(r ssa.Value, ch ssa.Value) bool {
	mc, ok := r.(*ssa.MakeClosure)
	if !ok {
		return false
	}
	fn := mc.Fn.(*ssa.Function)
	for i, b := range mc.Bindings {
		if variableOf(b) != variableOf(ch) || i >= len(fn.FreeVars) || len(fn.Blocks) == 0 {
			continue
		}
		for _, instr := range fn.Blocks[0].Instrs {
			if receivesFrom(instr, fn.FreeVars[i], true) || callsOn(instr, fn.FreeVars[i], "Wait") {
				return true
			}
			if isWork(instr) {
				break
			}
		}
	}
	return false
}

// waitsOnResult is a wait on what the call returns: a receive from the
// channel, or a call of the waiter func (see waiterOf).
func waitsOnResult(call *ssa.Call) func(ssa.Instruction) bool {
	return func(instr ssa.Instruction) bool {
		if receivesFrom(instr, call, true) {
			return true
		}
		c, ok := instr.(ssa.CallInstruction)
		return ok && variableOf(c.Common().Value) == call
	}
}

// ResultJoins reports whether the caller of call, to a function whose
// result joins the code it starts (Summary.Handle), waits on that result
// right away, or returns it right away to callers that all do (a test's
// helper returning par.Go(f)), and which of the two: then the code runs
// while the caller waits.
func (c *Package) ResultJoins(call *ssa.Call) (joins, returned bool) {
	if waitsRightAfter(call, waitsOnResult(call)) {
		return true, false
	}
	if c.awaitedByCallers(call, call) {
		return true, true
	}
	return false, false
}

// hasSibling reports whether another go statement of the function may run
// in the same call as in: after it, or before it.
func (g *goStatements) hasSibling(in *ssa.Go) bool {
	for _, other := range g.all() {
		if other != in && (g.runsAfter(in)[other] || g.runsAfter(other)[in]) {
			return true
		}
	}
	return false
}

// runsAfter is what may run after the go statement in, found once.
func (g *goStatements) runsAfter(in *ssa.Go) map[ssa.Instruction]bool {
	if g.after == nil {
		g.after = make(map[*ssa.Go]map[ssa.Instruction]bool)
	}
	if after, ok := g.after[in]; ok {
		return after
	}
	after := flow.RunsAfter(in, func(ssa.Instruction) bool { return false })
	g.after[in] = after
	return after
}

// localReceiver names a goroutine that the function starts and that
// receives from ch, a channel the function made or a variable holding one
// (the workers of a pool draining a local jobs channel), or returns "".
func (g *goStatements) localReceiver(ch ssa.Value) string {
	ch = variableOf(ch)
	switch ch.(type) {
	case *ssa.MakeChan, *ssa.Alloc:
	default:
		return ""
	}
	for _, in := range g.all() {
		for _, t := range flow.FuncTargets(in.Call.Value) {
			for _, b := range t.Fn.Blocks {
				for _, instr := range b.Instrs {
					for _, c := range flow.ReceivedChannels(instr) {
						if v := spawnerValue(c, t, in.Call.Args); v != nil && variableOf(v) == ch {
							return flow.Name(t.Fn)
						}
					}
				}
			}
		}
	}
	return ""
}

// variableOf is the variable (a cell) v was loaded from, else v.
func variableOf(v ssa.Value) ssa.Value {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if cell, ok := load.X.(*ssa.Alloc); ok {
			return cell
		}
	}
	return v
}

// A signal is how a goroutine may tell its starter it is done: by closing
// or sending on the channel v, or by calling Done on v.
type signal struct {
	v    ssa.Value
	done bool
	at   ssa.Instruction // the send, close or Done (or the defer of one)
	// byResult: the starter's callers wait for it through what the
	// starter returns (see awaitedByCallers).
	byResult bool
}

// waitFor is the wait for the goroutine that signals sig, v being the
// starter's value for what it signals on: Wait on the group it calls Done
// on, or a receive from the channel (only from it, see receivesFrom).
func (sig signal) waitFor(v ssa.Value, only bool) func(ssa.Instruction) bool {
	if sig.done {
		return waitOn(v)
	}
	return func(instr ssa.Instruction) bool { return receivesFrom(instr, v, only) }
}

func signals(fn *ssa.Function) []signal {
	var out []signal
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			out = append(out, signalsOf(instr)...)
		}
	}
	return out
}

// signalsOf returns the signal instr gives, if it gives one.
func signalsOf(instr ssa.Instruction) []signal {
	switch in := instr.(type) {
	case *ssa.Send:
		return []signal{{v: in.Chan, at: instr}}
	case ssa.CallInstruction: // close(ch), wg.Done(), also deferred
		common := in.Common()
		if len(common.Args) == 0 {
			return nil
		}
		if b, ok := common.Value.(*ssa.Builtin); ok && b.Name() == "close" {
			return []signal{{v: common.Args[0], at: instr}}
		} else if callee := common.StaticCallee(); callee != nil && callee.Name() == "Done" {
			return []signal{{v: common.Args[0], done: true, at: instr}}
		}
	}
	return nil
}

// spawnerValue maps a value of the spawned function to the starter's: a
// captured variable (a cell, loaded or not) to what was captured, a
// parameter to the argument.
func spawnerValue(v ssa.Value, t flow.FuncValue, args []ssa.Value) ssa.Value {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X
	}
	switch v := v.(type) {
	case *ssa.FreeVar:
		for i, fv := range t.Fn.FreeVars {
			if fv == v && i < len(t.Bindings.Values) {
				return t.Bindings.Values[i]
			}
		}
	case *ssa.Parameter:
		for i, p := range t.Fn.Params {
			if p == v && i < len(args) {
				return args[i]
			}
		}
	}
	return nil
}

// receivesFrom reports whether instr receives from the channel v (or from
// the cell holding it), in a receive or a select; with only, a select
// that waits for nothing else (no timeout, cancellation or default).
func receivesFrom(instr ssa.Instruction, v ssa.Value, only bool) bool {
	same := func(ch ssa.Value) bool {
		if load, ok := ch.(*ssa.UnOp); ok && load.Op == token.MUL && load.X == v {
			return true // loaded from the cell v
		}
		return ch == v
	}
	switch r := instr.(type) {
	case *ssa.UnOp:
		return r.Op == token.ARROW && same(r.X)
	case *ssa.Select:
		receives := func(st *ssa.SelectState) bool { return st.Dir == types.RecvOnly && same(st.Chan) }
		if only {
			return r.Blocking && len(r.States) > 0 && !slices.ContainsFunc(r.States, func(st *ssa.SelectState) bool { return !receives(st) })
		}
		return slices.ContainsFunc(r.States, receives)
	}
	return false
}

// StarterTouchesBeside reports whether the function that start starts
// code in may write member, the field f, or with reads also read it, while
// that code runs: it does not wait for the code on every way out (see
// joinOf), or it touches the field so, itself or in what it calls,
// between the start and the wait. A reader it waits for, writing nothing
// of it meanwhile (workers reading a limit set before they start), races
// with no write of its starter's; a writer, touching nothing of it, with
// nothing of its starter's.
func (c *Package) StarterTouchesBeside(start ssa.Instruction, f *types.Var, member string, reads bool) bool {
	beside, joined := c.RunsBeside(start)
	if !joined {
		return true
	}
	for instr := range beside {
		switch in := instr.(type) {
		case *ssa.Store:
			if flow.FieldOf(in.Addr) == f {
				return true
			}
		case *ssa.FieldAddr:
			if reads && flow.FieldOf(in) == f {
				return true
			}
		case ssa.CallInstruction:
			if in != start && c.callTouchesMember(in.Common(), member, reads) {
				return true
			}
		}
	}
	return false
}

// RunsBeside returns what the function that start starts code in does
// while that code runs, up to the wait for it, and whether it waits for it
// on every way out (see joinOf): a call that joins what it starts (see
// CallJoins) does nothing meanwhile.
func (c *Package) RunsBeside(start ssa.Instruction) (map[ssa.Instruction]bool, bool) {
	if c.CallJoins(start) {
		return nil, true // its starter is blocked in the call
	}
	w := c.joinWindow(start)
	return w.runs, w.joined
}

// A window is what runs between a start and the wait for what it
// started (see joinWindow).
type window struct {
	runs   map[ssa.Instruction]bool
	joined bool // the wait comes on every way out
}

// joinWindow is start's window, found once: it follows the function's
// instructions only, not what summaries say, so it holds during the walk
// too.
func (c *Package) joinWindow(start ssa.Instruction) window {
	return flow.Memoized(c.windows, start, func(start ssa.Instruction) window {
		wait := c.joinOf(start)
		if wait == nil {
			return window{}
		}
		runs := flow.RunsAfter(start, wait)
		waits := false
		for instr := range runs {
			if _, out := instr.(*ssa.Return); out {
				return window{} // out without waiting
			}
			waits = waits || wait(instr)
		}
		return window{runs: runs, joined: waits} // a loop that never returns may never wait either
	})
}

// joinedBeforeReturn reports whether the function waits for what start
// starts on every way to its return (a fan-out helper ending in return
// g.Wait()): the function's caller waits for it too.
func (c *Package) joinedBeforeReturn(start ssa.Instruction) bool {
	return c.joinWindow(start).joined
}

// CallJoins reports whether start is a call of a function that waits,
// before it returns, for every goroutine it hands the call's func values
// to (Summary.Joined: ForEach(items, fn) ending in return g.Wait()).
func (c *Package) CallJoins(start ssa.Instruction) bool {
	call, ok := start.(*ssa.Call)
	if !ok {
		return false
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return false
	}
	sum := c.SummaryOf(callee)
	if sum == nil || sum.Joined.Fresh() {
		return false
	}
	handed := false
	for i, a := range flow.CallArgs(&call.Call) {
		if flow.HoldsFuncs(a.Type()) && sum.Async.Has(summary.ParamSource(i)) {
			if !sum.Joined.Has(summary.ParamSource(i)) {
				return false
			}
			handed = true
		}
	}
	return handed
}

// joinOf returns what waits for the code start starts: Wait on the group
// a sink method starts it on (wg.Go, g.Go), or, for a go statement, a
// receive from the channel the goroutine closes or sends on, in no select
// with another case, or Wait on the group it calls Done on. Nil when
// nothing does.
func (c *Package) joinOf(start ssa.Instruction) func(ssa.Instruction) bool {
	call, ok := start.(ssa.CallInstruction)
	if !ok {
		return nil
	}
	common := call.Common()
	if _, isGo := start.(*ssa.Go); isGo {
		return signalledBy(common.Value, common.Args)
	}
	var waits []func(ssa.Instruction) bool
	if callee := common.StaticCallee(); callee != nil && callee.Signature.Recv() != nil && len(common.Args) > 0 {
		waits = append(waits, waitOn(common.Args[0]))
	}
	// A func handed to a sink that signals the caller's group or channel
	// when it is done (p.Submit(ctx, func() { defer wg.Done(); ... })):
	// waiting on that joins it too.
	for _, a := range common.Args {
		if wait := signalledBy(a, nil); wait != nil {
			waits = append(waits, wait)
		}
	}
	if len(waits) == 0 {
		return nil
	}
	return func(instr ssa.Instruction) bool {
		return slices.ContainsFunc(waits, func(wait func(ssa.Instruction) bool) bool { return wait(instr) })
	}
}

// signalledBy returns what waits for the func value f, called with args
// (nil when others supply them): a receive from the channel it closes or
// sends on, in no select with another case, or Wait on the group it calls
// Done on, of its caller's. Nil when it signals nothing of theirs.
func signalledBy(f ssa.Value, args []ssa.Value) func(ssa.Instruction) bool {
	for _, t := range flow.FuncTargets(f) {
		for _, sig := range signals(t.Fn) {
			if v := spawnerValue(sig.v, t, args); v != nil {
				// A select that may take another case (a timeout) may
				// return while the goroutine still runs.
				return sig.waitFor(v, true)
			}
		}
	}
	return nil
}

// callTouchesMember reports whether call may write member, or with reads
// also read it: its callee's summary says so, or nothing is known of what
// it calls.
func (c *Package) callTouchesMember(call *ssa.CallCommon, member string, reads bool) bool {
	if _, builtin := call.Value.(*ssa.Builtin); builtin {
		return false
	}
	callee := call.StaticCallee()
	if call.IsInvoke() || callee == nil {
		return true
	}
	sum := c.SummaryOf(callee)
	if sum == nil {
		return false // a function with nothing confined in reach
	}
	return slices.ContainsFunc(sum.Touches, func(t summary.Touch) bool {
		return (reads || t.Witness.Action == summary.ActionWrites) && t.Witness.Member == member ||
			slices.ContainsFunc(t.Witness.Reaches, func(r summary.Reach) bool { return (reads || r.Write) && r.Member == member })
	})
}
