package suggest

// This file proposes loops and hops from the shape of the code. A loop is a
// function of the package that a goroutine runs (go x.run(), or a go
// statement whose literal calls it) and whose body receives from a channel
// inside a loop; a goroutine started inside a loop is a worker of a pool,
// not an owner. A hop is a function handing its func parameter to such a
// loop: passing it to the go statement that starts the loop, which calls
// it (an actor's Start(receive)), sending it on a channel the loop receives
// from and calls what it receives (a mailbox's Post), or putting it in a
// struct field that the loop calls (Execute's envelope{fn: f}).

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/known"
	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/walk"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"
)

// A loopStart is a go statement, or a call of a function spawning its
// func argument, that starts a loop candidate.
type loopStart struct {
	def  *ssa.Function // the function with the go statement
	call ssa.CallInstruction
	pool bool // the go statement is inside a loop
}

// proposeLoops proposes //confined:loop on the functions of the package
// that goroutines run receiving from channels in a loop. With several in
// the package, each is named after its receiver type (@NAME).
func (s *Suggester) proposeLoops() {
	s.loops = make(map[*ssa.Function]string)
	s.callerRun = make(map[*types.TypeName]*ssa.Function)
	for _, fn := range s.e.Functions() {
		if domain, ok := s.m.LoopDomain(fn); ok {
			s.loops[fn] = domain
		}
	}
	loops := s.loopCandidates(s.loopStarts())
	// Named when the package has another loop, proposed or declared, so
	// that hops say which they hand code to; and when a package of the
	// module it imports has a loop of the default owner, which would
	// otherwise be this one's too: one loop touching the other's state
	// would go unreported.
	//
	// Not for the second reason when a loop calls into state of another
	// package that has no loop of its own (a quota tracker owned by
	// whoever creates it, proposed for the default owner): naming this
	// loop would make each of its calls another owner's touch. The two
	// loops then share the default owner, a miss at worst.
	named := len(loops)+len(s.loops) > 1 || len(loops) > 0 && s.importsDefaultLoop() && !s.callsLooplessState(loops)
	for _, l := range loops {
		var args []string
		domain := ""
		if named {
			domain = domainFor(l.fn, sharesReceiver(l, loops))
			args = []string{"@" + domain}
		}
		s.loops[l.fn] = domain
		if recv := names.ReceiverNamed(flow.DeclaredFunc(l.fn)); l.callerRun && recv != nil && s.callerRun[recv.Obj()] == nil {
			s.callerRun[recv.Obj()] = l.fn
		}
		receives := "it receives from a channel in a loop"
		if l.receives != "" {
			receives = l.receives
		} else if why := s.eventSource(l.receive); why != "" {
			receives = "it waits for the next event in a loop (" + why + ")"
		}
		s.propose(proposal{obj: flow.DeclaredFunc(l.fn), verb: directive.VerbLoop, args: args, evidence: fmt.Sprintf(
			"%s and %s (%s)", l.runs, receives, s.m.Position(flow.InstrPos(l.receive)))})
	}
}

// importsDefaultLoop reports whether a package of the user's module that
// this one imports has a loop of the default owner (see
// defaultLoopPackages).
func (s *Suggester) importsDefaultLoop() bool {
	for pkg := range s.defaultLoopPackages() {
		if pkg != s.pass.Pkg && inModule(s.pass, pkg.Path()) {
			return true
		}
	}
	return false
}

// defaultLoopPackages are the packages in view with a loop of the default
// owner: written there (or adopted from -suggest), which travels in facts,
// or declared (-declare, confinecheck.conf, //confined:declare), which the
// model merged.
func (s *Suggester) defaultLoopPackages() map[*types.Package]bool {
	looped := make(map[*types.Package]bool)
	mark := func(obj types.Object, f *directive.Fact) {
		if f.Loop && f.Domain == "" && obj.Pkg() != nil {
			looped[obj.Pkg()] = true
		}
	}
	for obj, f := range s.m.Declared.Objects {
		mark(obj, f)
	}
	for _, of := range s.m.View.ImportedFacts() {
		if f, ok := of.Fact.(*directive.Fact); ok {
			mark(of.Object, f)
		}
	}
	return looped
}

// callsLooplessState reports whether one of the loops, or what they call,
// calls into state of another package of the module that has no loop of
// the default owner: a method of a type of the default owner, or one that
// writes fields of that package's types without a lock (FieldsFact, what
// -suggest proposes owned there). That state belongs to the code creating
// and calling it, here the loop.
func (s *Suggester) callsLooplessState(loops []foundLoop) bool {
	looped := s.defaultLoopPackages()
	loopless := func(pkg *types.Package) bool {
		return pkg != nil && pkg != s.pass.Pkg && !looped[pkg] && inModule(s.pass, pkg.Path())
	}
	looplessState := func(callee *ssa.Function) bool {
		fn, ok := callee.Object().(*types.Func)
		if !ok || !loopless(fn.Pkg()) {
			return false
		}
		if recv := fn.Signature().Recv(); recv != nil {
			if named := s.m.ConfinedNamed(recv.Type()); named != nil && s.m.TypeDomain(named) == "" {
				return true
			}
		}
		return slices.ContainsFunc(s.written.importedFields(callee).Unlocked, func(key string) bool {
			f := s.fieldOf(key)
			return f != nil && loopless(f.Pkg())
		})
	}
	var fns []*ssa.Function
	for _, l := range loops {
		fns = append(fns, l.fn)
	}
	for fn := range s.reachable(fns) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok && call.Common().StaticCallee() != nil && looplessState(call.Common().StaticCallee()) {
					return true
				}
			}
		}
	}
	return false
}

// loopStarts finds, outside test files, the go statements and the calls of
// spawners that start functions: the starts of each function, and the
// functions in the order they are first started.
func (s *Suggester) loopStarts() (map[*ssa.Function][]loopStart, []*ssa.Function) {
	starts := make(map[*ssa.Function][]loopStart)
	var order []*ssa.Function
	spawners := findSpawners(s.e.Functions())
	for _, fn := range s.e.Functions() {
		if s.inTestFile(fn.Pos()) {
			continue // tests start code in their own ways
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var ts []started
				switch in := instr.(type) {
				case *ssa.Go:
					ts = startedBy(in)
				case *ssa.Call:
					ts = startedThrough(s.e.Program(), in, spawners)
				}
				for _, t := range ts {
					t.fn = flow.Generic(t.fn) // go p.run() in a generic constructor starts an instance: its body is the origin's
					if starts[t.fn] == nil {
						order = append(order, t.fn)
					}
					starts[t.fn] = append(starts[t.fn], loopStart{def: fn, call: instr.(ssa.CallInstruction), pool: flow.InLoop(b)})
				}
			}
		}
	}
	return starts, order
}

// A foundLoop is a function proposeLoops proposes as a loop: what starts
// it, and where it receives work in a loop.
type foundLoop struct {
	fn       *ssa.Function
	runs     string // what runs it, for evidence
	receive  ssa.Instruction
	receives string // how it receives work, for evidence, if not from a channel
	// callerRun: its callers start it on a goroutine of their own, beside
	// every other call of its receiver (see callerRunLoops).
	callerRun bool
}

// loopCandidates keeps, of the started functions in order, those of the
// package outside test files, not declared loops, that one goroutine runs
// (many are a pool, and none owns what it touches), that receive work in
// a loop, and that own something: code handed to them, or state they
// write without a lock, which a timer's or a relay's goroutine does not.
// It declines the others.
func (s *Suggester) loopCandidates(starts map[*ssa.Function][]loopStart, order []*ssa.Function) []foundLoop {
	frames := s.frameLoops(starts)
	callerRun := s.callerRunLoops(starts)
	var loops []foundLoop
	for _, fn := range order {
		obj := flow.DeclaredFunc(fn)
		if obj == nil || obj.Pkg() != s.pass.Pkg || s.inTestFile(fn.Pos()) || s.m.IsLoop(fn) {
			continue
		}
		ss := starts[fn]
		if pooled(ss) {
			s.declined.add(obj, directive.VerbLoop, fmt.Sprintf("it is started inside a loop (%s, %s): many goroutines run it, a pool, and none owns what it touches",
				startName(ss[0]), s.m.Position(ss[0].call.Pos())))
			continue
		}
		recv := s.receiveInLoop(fn)
		if recv == nil {
			s.declined.add(obj, directive.VerbLoop, "a goroutine runs it, but it receives no work in a loop (a range over a channel, or a select "+
				"with a case receiving funcs, messages or a wake-up; ticks and Done() only wake it up)")
			continue
		}
		if s.perCallMailbox(fn, ss) {
			s.declined.add(obj, directive.VerbLoop, "the channel it receives from is made for the one call that starts it, and kept nowhere else "+
				"(a call's responses): a helper of that call, not an owner's loop")
			continue
		}
		if s.gathersOwnResults(fn) {
			s.declined.add(obj, directive.VerbLoop, "the channels it receives from are ones it makes itself and hands only to code it runs, and it "+
				"returns a result: a call gathering what its own workers send, not an owner's loop")
			continue
		}
		if s.drainsOwnCalls(fn) {
			s.declined.add(obj, directive.VerbLoop, "the channels it receives work from are ones calls it makes return, kept nowhere else "+
				"(a rerun's progress stream): it drains those calls' responses, a helper of them, not an owner's loop")
			continue
		}
		if turns := s.turnsReceiver(fn); turns != "" {
			s.declined.add(obj, directive.VerbLoop, fmt.Sprintf("its receiver, %s, is state a framework's turns own: a goroutine of its methods runs off that owner, not as an owner of its own", turns))
			continue
		}
		if frame := framedReceiver(fn, frames); frame != nil {
			s.declined.add(obj, directive.VerbLoop, fmt.Sprintf("its receiver is the state of the frame loop %s: a goroutine of its methods runs off that owner, not as an owner of its own", flow.Name(frame.fn)))
			continue
		}
		if why := s.ownsNothing(fn, recv); why != "" {
			s.declined.add(obj, directive.VerbLoop, why)
			continue
		}
		if other := s.handsOwnWritesTo(fn, slices.Concat(loops, callerRun, frames)); other != nil {
			s.declined.add(obj, directive.VerbLoop, fmt.Sprintf("it hands code writing its receiver's fields to the loop %s, which runs it: that state is that loop's, and this goroutine runs off it", flow.Name(other.fn)))
			continue
		}
		loops = append(loops, foundLoop{fn: fn, runs: fmt.Sprintf("a goroutine runs it (%s, %s)", startName(ss[0]), s.m.Position(ss[0].call.Pos())), receive: recv})
	}
	return slices.Concat(loops, callerRun, frames)
}

// handsOwnWritesTo returns the loop among loops that fn, or code it
// calls, hands a func literal writing fields of fn's receiver type to
// (s.loop.post(func() { s.failed++ }), a subscriber's pump counting its
// failures on its topic's loop), if there is one: the receiver's state
// is that loop's.
func (s *Suggester) handsOwnWritesTo(fn *ssa.Function, loops []foundLoop) *foundLoop {
	recv := names.ReceiverNamed(flow.DeclaredFunc(fn))
	if recv == nil || len(loops) == 0 {
		return nil
	}
	prefix := flow.TypeKey(recv) + "."
	writesOwn := func(lit *ssa.Function) bool {
		for key := range s.written.of(lit) {
			if strings.HasPrefix(key, prefix) {
				return true
			}
		}
		return false
	}
	for r := range s.reachable([]*ssa.Function{fn}) {
		for call, callee := range flow.StaticCalls(r) {
			for i, a := range call.Call.Args {
				mc, ok := a.(*ssa.MakeClosure)
				if !ok || callee.Blocks == nil || i >= len(callee.Params) || !writesOwn(mc.Fn.(*ssa.Function)) {
					continue
				}
				for j, l := range loops {
					if l.fn != fn && handsToLoop(callee, callee.Params[i], l.fn, loopCalls(l.fn)) != "" {
						return &loops[j]
					}
				}
			}
		}
	}
	return nil
}

// framedReceiver returns the frame loop among frames that is a method of
// fn's receiver type, if fn is a method and there is one.
func framedReceiver(fn *ssa.Function, frames []foundLoop) *foundLoop {
	recv := names.ReceiverNamed(flow.DeclaredFunc(fn))
	for i, l := range frames {
		if recv != nil && names.ReceiverNamed(flow.DeclaredFunc(l.fn)) == recv {
			return &frames[i]
		}
	}
	return nil
}

// frameLoops are the functions no code of the package starts that wait
// for a framework's next event in a loop (Gio's Run(w) error, which main
// runs, or a test): the goroutine running such a loop is the framework's
// frame loop, whoever starts it.
func (s *Suggester) frameLoops(starts map[*ssa.Function][]loopStart) []foundLoop {
	var loops []foundLoop
	for _, fn := range s.e.Functions() {
		if s.unstarted(fn, starts) == nil {
			continue
		}
		if recv := s.receiveInLoop(fn); recv != nil {
			if s.eventSource(recv) != "" {
				loops = append(loops, foundLoop{fn: fn, runs: "no code of the package starts it, so the goroutine running it, whichever it is, is the frame loop,", receive: recv})
			}
		}
	}
	return loops
}

// unstarted returns the declaration of fn, a function of the package
// outside test files that no code of it starts and no directive makes a
// loop; else nil.
func (s *Suggester) unstarted(fn *ssa.Function, starts map[*ssa.Function][]loopStart) *types.Func {
	obj := flow.DeclaredFunc(fn)
	if obj == nil || starts[fn] != nil || s.inTestFile(fn.Pos()) || s.m.IsLoop(fn) {
		return nil
	}
	return obj
}

// turnsReceiver names fn's receiver type when a framework's turns own it
// (a game's Update, an actor's Receive), else "".
func (s *Suggester) turnsReceiver(fn *ssa.Function) string {
	recv := fn.Signature.Recv()
	if recv == nil {
		return ""
	}
	named := names.DerefNamed(recv.Type())
	if named == nil {
		return ""
	}
	if _, ok := s.m.Turns.Owner(named); !ok {
		return ""
	}
	return named.Obj().Name()
}

// ownsNothing says why fn, receiving work at recv, is no owner's loop:
// it owns nothing (a relay, a timer's goroutine), or it drains a channel
// fed from outside beside the code that calls the value; "" if it is one.
func (s *Suggester) ownsNothing(fn *ssa.Function, recv ssa.Instruction) string {
	// A frame loop owns the UI's state by the framework's say, whatever
	// its own body touches (it may only dispatch to handlers).
	if s.eventSource(recv) == "" && len(s.hopsInto(fn)) == 0 && !s.sendsCodeTo(fn) && len(s.written.of(fn)) == 0 && !s.readsState(fn) {
		return "it receives work in a loop but owns nothing: no function hands it code " +
			"to run, and it reads or writes no state without a lock (a relay or a timer's goroutine)"
	}
	if callers := s.writtenMoreBeside(fn); len(callers) > 0 {
		return "it writes its receiver's fields, but the code that calls the value writes more of them without a lock (" +
			strings.Join(firstN(callers, 3), ", ") + "): that code owns the value, and this goroutine runs beside it"
	}
	if reader := s.watcherReader(fn); reader != nil {
		return "it drains a channel no code of the package sends on, fed from outside, while " +
			flow.Name(reader) + " reads what it writes without a lock: it writes beside the code that calls the value, which owns it"
	}
	return ""
}

// callerRunLoops are the exported methods of the package that no code of
// it calls or starts and that run a loop their callers start (go b.Run(),
// or a goroutine of their own): that goroutine owns what they touch. Two
// kinds: mailboxes (see mailboxRun) and keepers (see keeperRun).
func (s *Suggester) callerRunLoops(starts map[*ssa.Function][]loopStart) []foundLoop {
	called := s.calledMethods()
	var loops []foundLoop
	for _, fn := range s.e.Functions() {
		obj := s.unstarted(fn, starts)
		if obj == nil || !obj.Exported() || fn.Signature.Recv() == nil || len(fn.Params) == 0 || called(fn) {
			continue
		}
		l, ok := s.mailboxRun(fn)
		if !ok {
			l, ok = s.keeperRun(fn)
		}
		if !ok || s.implementsImported(obj) {
			continue // asked last: it reads every interface the package imports
		}
		if why := s.ownsNothing(fn, l.receive); why != "" {
			s.declined.add(obj, directive.VerbLoop, why)
			continue
		}
		l.callerRun = true
		loops = append(loops, l)
	}
	return loops
}

// implementsImported reports whether the method m implements a method of
// an interface that a package the package imports declares: that
// package calls it (a framework's meta-process Start), on goroutines of
// its own choosing, not the package's callers.
func (s *Suggester) implementsImported(m *types.Func) bool {
	recv := m.Signature().Recv().Type()
	for _, imp := range s.pass.Pkg.Imports() {
		scope := imp.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() {
				continue
			}
			iface, ok := tn.Type().Underlying().(*types.Interface)
			if !ok || iface.Empty() {
				continue
			}
			if has, _ := types.MissingMethod(recv, iface, true); has == nil && slices.ContainsFunc(slices.Collect(iface.Methods()), func(f *types.Func) bool { return f.Name() == m.Name() }) {
				return true
			}
		}
	}
	return false
}

// mailboxRun finds a method that takes nothing but maybe a context,
// returns nothing but maybe an error, and receives work in a loop from a channel its
// receiver holds (func (b *Board) Run() { for ev := range b.events {...}
// }). A method returning a value, or taking one, is a call that waits
// (Receive, Add), which any goroutine makes.
func (s *Suggester) mailboxRun(fn *ssa.Function) (foundLoop, bool) {
	if !returnsAtMostError(fn) {
		return foundLoop{}, false
	}
	recv := s.receiveInLoop(fn)
	if recv == nil {
		return foundLoop{}, false
	}
	var own []ssa.Value // the receiver's channels it receives from
	for _, ch := range flow.ReceivedChannels(recv) {
		if x, _, ok := fieldUnder(ch); ok && isReceiver(fn, x) {
			own = append(own, ch)
		}
	}
	// Settings (Run(step), Serve(ctx)) are no work, but a method taking
	// others waits for something (Receive(id)): unless what it receives
	// is code it runs, as only an executor does.
	settings := !slices.ContainsFunc(fn.Params[1:], func(p *ssa.Parameter) bool { return !names.IsContext(p.Type()) })
	if len(own) == 0 || !settings && !slices.ContainsFunc(own, carriesFuncs) {
		return foundLoop{}, false
	}
	return foundLoop{fn: fn, runs: "its callers run it (an exported method no code of the package starts, receiving from its receiver's channel)", receive: recv}, true
}

// keeperRun finds a method that returns nothing or an error, waits in a
// loop for ticks or for connections from the listener it takes (a
// watcher's Run(ctx), a server's Serve(ln)), writes fields of its
// receiver without a lock, and whose state other code of the package
// reads without one (a Stats, an admin handler). Nothing hands it work,
// but its callers start it to keep that state: it is its owner's loop,
// and the readers are off it. A goroutine the package starts itself on
// ticks (a sweeper) is no such loop: see loopCandidates.
func (s *Suggester) keeperRun(fn *ssa.Function) (foundLoop, bool) {
	if !returnsAtMostError(fn) {
		return foundLoop{}, false
	}
	wait, source, waits := keeperWait(fn)
	if wait == nil || slices.ContainsFunc(fn.Params[1:], func(p *ssa.Parameter) bool { return !names.IsContext(p.Type()) && ssa.Value(p) != source }) {
		return foundLoop{}, false
	}
	recv := names.ReceiverNamed(flow.DeclaredFunc(fn))
	if recv == nil {
		return foundLoop{}, false
	}
	prefix := flow.TypeKey(recv) + "."
	kept := make(fieldSet)
	for key := range s.written.unlockedOf(fn) {
		if strings.HasPrefix(key, prefix) {
			kept[key] = true
		}
	}
	if len(kept) == 0 {
		return foundLoop{}, false
	}
	onLoop := s.reachable([]*ssa.Function{fn})
	for _, m := range s.e.Functions() {
		if onLoop[m] || s.inTestFile(m.Pos()) || s.written.setsUp(m) {
			continue
		}
		for key := range s.written.unlockedReadsOf(m) {
			if kept[key] {
				return foundLoop{fn: fn, runs: "its callers run it (an exported method no code of the package starts, keeping state " + flow.Name(m) + " reads without a lock)",
					receive: wait, receives: waits}, true
			}
		}
	}
	return foundLoop{}, false
}

// returnsAtMostError reports whether fn returns nothing, or only an
// error (why its loop ended, as Serve's and Run(ctx)'s do): no value a
// caller waits for.
func returnsAtMostError(fn *ssa.Function) bool {
	results := fn.Signature.Results()
	return results.Len() == 0 || results.Len() == 1 && results.At(0).Type() == types.Universe.Lookup("error").Type()
}

// keeperWait returns where fn waits in a loop for a tick of a timer or
// for the next connection of a listener (see known.AcceptsWork), the
// listener, and what it waits for, for evidence; else nil.
func keeperWait(fn *ssa.Function) (ssa.Instruction, ssa.Value, string) {
	for _, b := range fn.Blocks {
		if !flow.InLoop(b) {
			continue
		}
		for _, instr := range b.Instrs {
			if slices.ContainsFunc(flow.ReceivedChannels(instr), carriesTimes) {
				return instr, nil, "it waits for ticks in a loop"
			}
			if call, ok := instr.(ssa.CallInstruction); ok {
				if common := call.Common(); common.IsInvoke() && known.AcceptsWork(common.Method) {
					return instr, common.Value, "it accepts connections in a loop"
				} else if callee := flow.StaticFunc(call); callee != nil && known.AcceptsWork(callee) && len(common.Args) > 0 {
					return instr, common.Args[0], "it accepts connections in a loop"
				}
			}
		}
	}
	return nil, nil, ""
}

// carriesFuncs reports whether ch is a channel of funcs: code to run.
func carriesFuncs(ch ssa.Value) bool {
	t, ok := ch.Type().Underlying().(*types.Chan)
	return ok && names.IsFuncTyped(t.Elem())
}

// isReceiver reports whether x is fn's receiver, or the local a value
// receiver is copied into (func (h Hub) Run() ranging h.joins).
func isReceiver(fn *ssa.Function, x ssa.Value) bool {
	if alloc, ok := x.(*ssa.Alloc); ok {
		stored := flow.StoredValues(alloc)
		return len(stored) == 1 && stored[0] == fn.Params[0]
	}
	return x == fn.Params[0]
}

// calledMethods reports, of a method, whether the package's code outside
// test files calls or starts it, statically or through an interface its
// receiver implements (go c.sendQueue.Run()).
func (s *Suggester) calledMethods() func(fn *ssa.Function) bool {
	static := make(map[*ssa.Function]bool)
	var invoked []*ssa.CallCommon
	for _, fn := range s.e.Functions() {
		if s.inTestFile(fn.Pos()) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if c := call.Common(); c.IsInvoke() {
					invoked = append(invoked, c)
				} else if callee := c.StaticCallee(); callee != nil {
					static[callee] = true
				}
			}
		}
	}
	return func(fn *ssa.Function) bool {
		recv := fn.Signature.Recv().Type()
		return static[fn] || slices.ContainsFunc(invoked, func(c *ssa.CallCommon) bool {
			iface, _ := c.Value.Type().Underlying().(*types.Interface)
			return c.Method.Name() == fn.Name() && iface != nil && types.Implements(recv, iface)
		})
	}
}

// sharesReceiver reports whether another of loops is a method of l's
// receiver type, which then names neither.
func sharesReceiver(l foundLoop, loops []foundLoop) bool {
	recv := names.ReceiverNamed(flow.DeclaredFunc(l.fn))
	return recv != nil && slices.ContainsFunc(loops, func(o foundLoop) bool {
		return o.fn != l.fn && names.ReceiverNamed(flow.DeclaredFunc(o.fn)) == recv
	})
}

// startName names what starts a loop, for evidence.
func startName(st loopStart) string {
	if call, ok := st.call.(*ssa.Call); ok {
		return "call of " + flow.Name(call.Common().StaticCallee()) + " in " + flow.Name(st.def)
	}
	return "go statement in " + flow.Name(st.def)
}

// findSpawners maps the package's functions, fns, that run a func
// parameter on a goroutine of their own (raft's goFunc: go func() {
// defer ...; f() }()) to that parameter's argument index.
func findSpawners(fns []*ssa.Function) map[*ssa.Function]int {
	out := make(map[*ssa.Function]int)
	for _, fn := range fns {
		if flow.DeclaredFunc(fn) == nil {
			continue
		}
		for i, p := range fn.Params {
			if !names.IsFuncTyped(p.Type()) {
				continue
			}
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if g, ok := instr.(*ssa.Go); ok && (g.Call.Value == p || callsParam(g.Call.Value, p)) {
						out[fn] = i
					}
				}
			}
		}
	}
	return out
}

// startedThrough lists what a call of a spawner starts: the function its
// func argument denotes (a method value's method, found in prog).
func startedThrough(prog *ssa.Program, call *ssa.Call, spawners map[*ssa.Function]int) []started {
	callee := call.Common().StaticCallee()
	i, ok := spawners[callee]
	if !ok || i >= len(call.Common().Args) {
		return nil
	}
	var out []started
	for _, t := range flow.FuncTargets(call.Common().Args[i]) {
		fn := t.Fn
		if obj, ok := fn.Object().(*types.Func); ok && flow.IsWrapper(fn) {
			fn = prog.FuncValue(obj)
		}
		if fn != nil && !flow.IsFuncLit(fn) {
			out = append(out, started{fn, t.Bindings.Values})
		}
	}
	return out
}

// pooled reports whether any of the go statements starting a function
// runs in a loop: many goroutines of one function are a pool.
func pooled(starts []loopStart) bool {
	for _, st := range starts {
		if st.pool {
			return true
		}
	}
	return false
}

// A started function and the arguments it is started with.
type started struct {
	fn   *ssa.Function
	args []ssa.Value
}

// startedBy lists the declared functions of the package the go statement g
// runs: its callee, or the ones a go statement's literal calls directly.
func startedBy(g *ssa.Go) []started {
	call := g.Common()
	if call.IsInvoke() {
		return nil
	}
	var out []started
	for _, t := range flow.FuncTargets(call.Value) {
		if !flow.IsFuncLit(t.Fn) {
			out = append(out, started{t.Fn, call.Args})
			continue
		}
		for _, b := range t.Fn.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(*ssa.Call); ok && !c.Common().IsInvoke() {
					if callee := c.Common().StaticCallee(); callee != nil && flow.DeclaredFunc(callee) != nil {
						out = append(out, started{callee, c.Common().Args})
					}
				}
			}
		}
	}
	return out
}

// domainFor names a proposed loop's domain after its receiver type, or
// after the function when it has none or shares it with another loop
// (raft's run, runFSM and runSnapshots).
func domainFor(fn *ssa.Function, sharedReceiver bool) string {
	obj := flow.DeclaredFunc(fn)
	name := obj.Name()
	if named := names.ReceiverNamed(obj); named != nil && !sharedReceiver {
		name = named.Obj().Name()
	}
	return domainName(name)
}

// domainName is the domain named after a type or a function: its leading
// capitals, a word's or an initialism's (UDPv5, HTTPServer), in lower
// case (udpv5, httpserver).
func domainName(name string) string {
	caps := max(len(name)-len(strings.TrimLeftFunc(name, unicode.IsUpper)), 1)
	return strings.ToLower(name[:caps]) + name[caps:]
}

// readsState reports whether fn reads, without a lock, a field that holds
// state (not a channel, a sync or an atomic value) of a value it did not
// make, and that other code writes after the value is set up: a loop
// serving requests from a map others fill owns it as much as one writing
// it. A loop that only reads what was set up before it started (a send
// queue writing to its connection) owns nothing.
func (s *Suggester) readsState(fn *ssa.Function) bool {
	originOf := s.e.ValueOrigins(fn)
	written := s.written.writtenAfterSetUp()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			x, index, write, ok := walk.FieldTouch(instr, nil)
			if !ok || write || underLock(instr) || originOf(x).Owned() {
				continue
			}
			named := names.DerefNamed(x.Type())
			st, ok := names.DerefUnder(x.Type()).(*types.Struct)
			if named != nil && ok && index < st.NumFields() && !model.ConcurrencySafe(st.Field(index).Type()) && written[fieldKey(named, st.Field(index).Name())] {
				return true
			}
		}
	}
	return false
}

// perCallMailbox reports whether every channel fn receives work from in a
// loop is a parameter that each of its starts fills with a channel the
// starting function made and keeps nowhere (it only hands it to calls and
// the go statement): the goroutine serves that one call.
func (s *Suggester) perCallMailbox(fn *ssa.Function, starts []loopStart) bool {
	var params []int
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if !s.receivesWork(instr) || !flow.InLoop(b) {
				continue
			}
			for _, ch := range flow.ReceivedChannels(instr) {
				i := slices.IndexFunc(fn.Params, func(p *ssa.Parameter) bool { return ssa.Value(p) == ch })
				if i < 0 {
					return false // a field, a global: it outlives the call
				}
				params = append(params, i)
			}
		}
	}
	if len(params) == 0 || len(starts) == 0 {
		return false
	}
	for _, st := range starts {
		args := flow.CallArgs(st.call.Common())
		for _, i := range params {
			if i >= len(args) || !madeAndKept(args[i], nil) {
				return false
			}
		}
	}
	return true
}

// gathersOwnResults reports whether fn returns a value besides an error,
// and every channel it receives work from in a loop is one it made and
// hands only to calls and to the closures it makes (for v := range
// verdicts, fed by the workers it started): a call that waits for its own
// workers' results (Import(ctx, r) (*Report, error)), which its callers
// make on their goroutines.
func (s *Suggester) gathersOwnResults(fn *ssa.Function) bool {
	return !returnsAtMostError(fn) && s.receivesWorkOnlyFrom(fn, ownChannel)
}

// drainsOwnCalls reports whether every channel fn receives work from in a
// loop is one a call fn makes returned (progress, err :=
// m.client.Rerun(ctx, id); for p := range progress), which fn only
// receives from: the responses of that call.
func (s *Suggester) drainsOwnCalls(fn *ssa.Function) bool {
	return s.receivesWorkOnlyFrom(fn, returnedStream)
}

// receivesWorkOnlyFrom reports whether fn receives work in a loop, and
// only from channels from accepts (a context's Done() or a ticker's
// channel brings no work).
func (s *Suggester) receivesWorkOnlyFrom(fn *ssa.Function, from func(ssa.Value) bool) bool {
	receives := false
	for _, b := range fn.Blocks {
		if !flow.InLoop(b) {
			continue
		}
		for _, instr := range b.Instrs {
			for _, ch := range flow.ReceivedChannels(instr) {
				if !s.workChannel(ch) {
					continue
				}
				if !from(ch) {
					return false
				}
				receives = true
			}
		}
	}
	return receives
}

// returnedStream reports whether ch is a call's result (or one of its
// results) that the function only receives from.
func returnedStream(ch ssa.Value) bool {
	if ex, ok := ch.(*ssa.Extract); ok {
		ch = ex
		if _, ok := ex.Tuple.(*ssa.Call); !ok {
			return false
		}
	} else if _, ok := ch.(*ssa.Call); !ok {
		return false
	}
	for _, ref := range flow.Referrers(ch) {
		switch ref.(type) {
		case *ssa.UnOp, *ssa.Select, *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// ownChannel reports whether ch, received from, is a channel the function
// made and keeps (see madeAndKept), itself or in a variable the closures
// it makes share (verdicts, which its workers send on and a goroutine of
// its closes): the variable is only loaded, and captured.
func ownChannel(ch ssa.Value) bool {
	load, ok := ch.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return madeAndKept(ch, nil)
	}
	held, cell := flow.HeldValue(load.X)
	if cell == nil {
		return false
	}
	for _, ref := range flow.Referrers(cell) {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Val != held {
				return false
			}
		case *ssa.UnOp, *ssa.MakeClosure, *ssa.DebugRef:
		default:
			return false
		}
	}
	return madeAndKept(held, cell)
}

// madeAndKept reports whether v is a channel the function made and only
// hands to calls (a go statement among them) and closures it makes, or
// stores in the variable into: stored elsewhere, sent, returned or
// converted, it outlives the call.
func madeAndKept(v ssa.Value, into *ssa.Alloc) bool {
	if _, ok := v.(*ssa.MakeChan); !ok {
		return false
	}
	for _, ref := range flow.Referrers(v) {
		switch ref := ref.(type) {
		case ssa.CallInstruction, *ssa.UnOp, *ssa.Select, *ssa.Send, *ssa.DebugRef, *ssa.MakeClosure:
			if send, ok := ref.(*ssa.Send); ok && send.X == v {
				return false
			}
		case *ssa.Store:
			if into == nil || ref.Addr != into {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// receiveInLoop returns a receive of work (or a select with such a case,
// or a call of an eventSource) inside a loop of fn's body, or nil.
func (s *Suggester) receiveInLoop(fn *ssa.Function) ssa.Instruction {
	for _, b := range fn.Blocks {
		if !flow.InLoop(b) {
			continue
		}
		for _, instr := range b.Instrs {
			if s.receivesWork(instr) || s.eventSource(instr) != "" {
				return instr
			}
		}
	}
	return nil
}

// eventSources are the methods of frameworks that block until the next
// event for the loop calling them, with the type they return and why:
// such a loop receives work as one ranging over a channel does, though no
// receive is in view.
var eventSources = []eventSourceRow{
	{pkg: "gioui.org/app", typ: "Window", method: "Event", result: "gioui.org/io/event.Event",
		why: "Gio's frame loop: the goroutine calling it handles the window's events, one at a time"},
	{pkg: "github.com/gdamore/tcell/v2", typ: "Screen", method: "PollEvent", result: "github.com/gdamore/tcell/v2.Event",
		why: "tcell's event loop: the goroutine calling it handles the screen's events, and those PostEvent queues, one at a time"},
}

type eventSourceRow struct {
	pkg, typ, method string
	result           string // the named type the method returns
	why              string
}

// eventSource returns, if instr calls an eventSource, why it is one, else
// "". A call through an interface the source's type implements counts (a
// window interface an app declares to test its frame loop), and, where
// the framework's package is not in view (a test build without the
// window's cgo driver), one whose method has the source's name and
// signature (no parameters, the source's result).
func (s *Suggester) eventSource(instr ssa.Instruction) string {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return ""
	}
	common := call.Common()
	for _, src := range s.eventSourcesInView() {
		if common.IsInvoke() {
			if src.method.Name() == common.Method.Name() && types.Implements(src.method.Signature().Recv().Type(), common.Value.Type().Underlying().(*types.Interface)) {
				return src.why
			}
		} else if flow.StaticFunc(call) == src.method {
			return src.why
		}
	}
	if common.IsInvoke() {
		sig := common.Method.Signature()
		if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
			return ""
		}
		named := names.DerefNamed(sig.Results().At(0).Type())
		if named == nil || named.Obj().Pkg() == nil {
			return ""
		}
		result := named.Obj().Pkg().Path() + "." + named.Obj().Name()
		for _, row := range eventSources {
			if row.method == common.Method.Name() && row.result == result {
				return row.why
			}
		}
	}
	return ""
}

// An eventSourceMethod is an eventSource resolved in view.
type eventSourceMethod struct {
	method *types.Func
	why    string
}

// eventSourcesInView resolves, once, the eventSources whose package is
// in view.
func (s *Suggester) eventSourcesInView() []eventSourceMethod {
	if s.sources != nil {
		return *s.sources
	}
	var out []eventSourceMethod
	view := names.PackagesInView(s.pass.Pkg)
	for _, row := range eventSources {
		pkg := view[row.pkg]
		if pkg == nil {
			continue
		}
		tn, _ := pkg.Scope().Lookup(row.typ).(*types.TypeName)
		if tn == nil {
			continue
		}
		recv := tn.Type()
		if !types.IsInterface(recv) {
			recv = types.NewPointer(recv)
		}
		if m, _, _ := types.LookupFieldOrMethod(recv, false, pkg, row.method); m != nil {
			out = append(out, eventSourceMethod{m.(*types.Func), row.why})
		}
	}
	s.sources = &out
	return out
}

// receivesWork reports whether instr receives work: funcs, messages, or
// the signal that work is queued (a mailbox's wake channel). A loop owns
// state because it is handed work; the ticks of a timer (time.Time), a
// context's Done and a quit channel (of empty structs, which no code of
// the package sends on: closing it says stop) wake a goroutine up but
// hand it nothing, so a goroutine that only waits for them is not an
// owner's loop.
func (s *Suggester) receivesWork(instr ssa.Instruction) bool {
	if sel, ok := instr.(*ssa.Select); ok && !sel.Blocking && s.drains(sel) {
		return false // it empties a channel and goes on: it waits for no work
	}
	for _, ch := range flow.ReceivedChannels(instr) {
		if s.workChannel(ch) {
			return true
		}
	}
	return false
}

// workChannel reports whether receiving from ch receives work: it is no
// context's Done(), no quit channel and no timer's channel of times.
func (s *Suggester) workChannel(ch ssa.Value) bool {
	if _, ok := ch.Type().Underlying().(*types.Chan); !ok {
		return false
	}
	if call, ok := ch.(*ssa.Call); ok && call.Common().IsInvoke() && call.Common().Method.Name() == "Done" {
		return false
	}
	return !s.quitChannel(ch) && !carriesTimes(ch)
}

// carriesTimes reports whether ch is a channel of times: a timer's or a
// ticker's ticks.
func carriesTimes(ch ssa.Value) bool {
	t, ok := ch.Type().Underlying().(*types.Chan)
	return ok && names.IsNamedType(t.Elem(), "time", "Time")
}

// drains reports whether sel, a select with a default, drains channels:
// its default is empty (take one if there is one), or leaves the loop
// around it (a return, a goto or a labeled break; or it sets a variable
// the loop's condition reads, as in "for empty := false; !empty; { select
// { case <-ch: default: empty = true } }"). A default that does other
// work and loops again polls: the loop receives its work between (a
// poller's run).
func (s *Suggester) drains(sel *ssa.Select) bool {
	file := names.FileOf(s.pass.Files, sel.Pos())
	if file == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, sel.Pos(), sel.Pos())
	var stmt *ast.SelectStmt
	var loop *ast.ForStmt
	for _, n := range path {
		switch n := n.(type) {
		case *ast.SelectStmt:
			if stmt == nil {
				stmt = n
			}
		case *ast.ForStmt:
			if stmt != nil && loop == nil {
				loop = n
			}
		}
	}
	if stmt == nil {
		return false
	}
	for _, c := range stmt.Body.List {
		clause, ok := c.(*ast.CommClause)
		if !ok || clause.Comm != nil {
			continue
		}
		leaves := len(clause.Body) == 0 // a try: take one if there is one
		ast.Inspect(&ast.BlockStmt{List: clause.Body}, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				leaves = true
			case *ast.BranchStmt:
				leaves = leaves || n.Tok == token.GOTO || n.Tok == token.BREAK && n.Label != nil
			case *ast.AssignStmt:
				for _, lhs := range n.Lhs {
					if id, ok := lhs.(*ast.Ident); ok && loop != nil && loop.Cond != nil && mentions(loop.Cond, id.Name) {
						leaves = true
					}
				}
			}
			return true
		})
		return leaves
	}
	return false
}

// mentions reports whether expr uses the identifier name.
func mentions(expr ast.Expr, name string) bool {
	found := false
	ast.Inspect(expr, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// quitChannel reports whether ch is loaded from a channel field of empty
// structs that no code of the package sends on.
func (s *Suggester) quitChannel(ch ssa.Value) bool {
	for conv, ok := ch.(*ssa.ChangeType); ok; conv, ok = ch.(*ssa.ChangeType) {
		ch = conv.X // handed as a receive-only channel (go w.run(w.stop))
	}
	if p, ok := ch.(*ssa.Parameter); ok {
		return s.quitParam(p)
	}
	if st, ok := ch.Type().Underlying().(*types.Chan).Elem().Underlying().(*types.Struct); !ok || st.NumFields() > 0 {
		return false
	}
	if made := madeChannel(ch); made != nil {
		// A local quit channel its goroutine captured (quit :=
		// make(chan struct{}); go func() { ... case <-quit: return }()),
		// closed by a stop function, never sent on.
		return !s.sentOnLocal(made)
	}
	load, ok := ch.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	f := flow.FieldOf(load.X)
	return f != nil && !s.sendsOn(f)
}

// madeChannel is the variable or channel a function made that ch is, as
// a closure capturing it sees it too: the local variable's cell, or the
// channel; nil for any other channel.
func madeChannel(ch ssa.Value) ssa.Value {
	if load, ok := ch.(*ssa.UnOp); ok && load.Op == token.MUL {
		ch = load.X
	}
	for fv, ok := ch.(*ssa.FreeVar); ok; fv, ok = ch.(*ssa.FreeVar) {
		if ch = flow.CapturedValue(fv); ch == nil {
			return nil
		}
	}
	switch ch.(type) {
	case *ssa.Alloc, *ssa.MakeChan:
		return ch
	}
	return nil
}

// quitParam reports whether the channel parameter p is handed a quit
// channel wherever the package calls or starts its function
// (go p.run(tick, p.stop, p.done)), and it is called somewhere.
func (s *Suggester) quitParam(p *ssa.Parameter) bool {
	fn := p.Parent()
	i := slices.Index(fn.Params, p)
	found := false
	for _, caller := range s.e.Functions() {
		for _, b := range caller.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok || call.Common().StaticCallee() != fn {
					continue
				}
				args := call.Common().Args
				if i < 0 || i >= len(args) {
					return false
				}
				if args[i] == p {
					continue // it hands itself what it was handed
				}
				if !s.quitChannel(args[i]) {
					return false
				}
				found = true
			}
		}
	}
	return found
}

// sendsOn reports whether code of the package sends on the channel field f.
func (s *Suggester) sendsOn(f *types.Var) bool { return s.sent().fields[f] }

// sentOnLocal reports whether code of the package sends on the local
// channel made (see madeChannel).
func (s *Suggester) sentOnLocal(made ssa.Value) bool { return s.sent().locals[made] }

// sentChannels are the channels code of the package sends on: channel
// fields, and local channels as madeChannel names them.
type sentChannels struct {
	fields map[*types.Var]bool
	locals map[ssa.Value]bool
}

// sent indexes the channels code of the package sends on, on first use.
func (s *Suggester) sent() *sentChannels {
	if s.sentOn != nil {
		return s.sentOn
	}
	s.sentOn = &sentChannels{fields: make(map[*types.Var]bool), locals: make(map[ssa.Value]bool)}
	for _, fn := range s.e.Functions() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				for _, ch := range flow.SentChannels(instr) {
					if made := madeChannel(ch); made != nil {
						s.sentOn.locals[made] = true
					} else if load, ok := ch.(*ssa.UnOp); ok && load.Op == token.MUL {
						if f := flow.FieldOf(load.X); f != nil {
							s.sentOn.fields[f] = true
						}
					}
				}
			}
		}
	}
	return s.sentOn
}

// fedFromOutside reports whether every channel the loop fn receives work
// from is a field no code of the package sends on (a watcher draining the
// channel its caller gave it), and there is one.
func (s *Suggester) fedFromOutside(fn *ssa.Function) bool {
	fed := false
	for _, b := range fn.Blocks {
		if !flow.InLoop(b) {
			continue
		}
		for _, instr := range b.Instrs {
			if !s.receivesWork(instr) {
				continue
			}
			for _, ch := range flow.ReceivedChannels(instr) {
				if !s.workChannel(ch) {
					continue // a quit channel, Done(), a ticker: no work
				}
				load, ok := ch.(*ssa.UnOp)
				if !ok || load.Op != token.MUL {
					return false
				}
				f := flow.FieldOf(load.X)
				if f == nil || s.sendsOn(f) {
					return false
				}
				fed = true
			}
		}
	}
	return fed
}

// watcherReader returns, when the goroutine fn is a watcher rather than an
// owner's loop, the method reading beside it: fn drains channels fed from
// outside (fedFromOutside), no code is handed to it, and a method of its
// receiver type reads what it writes without a lock (readBeside). Nothing
// hands it work, so it owns nothing: the code creating and calling the
// value does (see proposeLooplessOwners).
func (s *Suggester) watcherReader(fn *ssa.Function) *ssa.Function {
	reader := s.readBeside(fn)
	if reader == nil || len(s.hopsInto(fn)) > 0 || s.sendsCodeTo(fn) || !s.fedFromOutside(fn) {
		return nil
	}
	return reader
}

// writtenMoreBeside names the exported methods of fn's receiver type
// (but fn) that write, without a lock, more of its fields than fn does,
// when fn writes some of them, no other state, and runs no code it is
// handed (a mailbox owns what that code writes): a cache's counters that Get and
// ResetStats bump beside a refresh goroutine that stamps one field. The
// value is its callers', as declineOwner would tell of the type, and the
// goroutine is code off them, not a loop owning it. nil when fn owns.
func (s *Suggester) writtenMoreBeside(fn *ssa.Function) []string {
	decl := flow.DeclaredFunc(fn)
	if decl == nil {
		return nil
	}
	recv := names.ReceiverNamed(decl)
	if recv == nil {
		return nil
	}
	if len(s.hopsInto(fn)) > 0 || s.sendsCodeTo(fn) {
		return nil // a mailbox: what the code it runs writes is its own
	}
	prefix := flow.TypeKey(recv) + "."
	own := s.written.unlockedOf(fn)
	if len(own) == 0 {
		return nil
	}
	for key := range own {
		if !strings.HasPrefix(key, prefix) {
			return nil // it writes other state too: it may own that
		}
	}
	byCallers := make(fieldSet)
	var callers []string
	for _, m := range s.e.Functions() {
		obj := flow.DeclaredFunc(m)
		if m == fn || obj == nil || names.ReceiverNamed(obj) != recv || !obj.Exported() || s.inTestFile(m.Pos()) ||
			s.written.setsUp(m) || startsIt(m, fn) {
			continue // set-up: a Start filling fields in, then starting fn
		}
		wrote := false
		for key := range s.written.unlockedOf(m) {
			if strings.HasPrefix(key, prefix) && !own[key] {
				byCallers[key], wrote = true, true
			}
		}
		if wrote {
			callers = append(callers, flow.Name(m))
		}
	}
	if len(byCallers) <= len(own) {
		return nil
	}
	slices.Sort(callers)
	return callers
}

// startsIt reports whether a go statement of m runs fn.
func startsIt(m, fn *ssa.Function) bool {
	for _, b := range m.Blocks {
		for _, instr := range b.Instrs {
			if g, ok := instr.(*ssa.Go); ok && slices.ContainsFunc(flow.FuncTargets(g.Call.Value), func(t flow.FuncValue) bool { return t.Fn == fn }) {
				return true
			}
		}
	}
	return false
}

// readBeside returns a method of fn's receiver type, other than fn, that
// reads without a lock a field fn writes, if there is one: the getter of
// a watcher's goroutine.
func (s *Suggester) readBeside(fn *ssa.Function) *ssa.Function {
	decl := flow.DeclaredFunc(fn)
	if decl == nil {
		return nil // a literal: its captures are not a receiver's methods' state
	}
	recv := names.ReceiverNamed(decl)
	if recv == nil {
		return nil
	}
	writes := s.written.of(fn)
	for _, m := range s.e.Functions() {
		obj := flow.DeclaredFunc(m)
		if m == fn || obj == nil || names.ReceiverNamed(obj) != recv || !obj.Exported() || s.inTestFile(m.Pos()) {
			continue
		}
		for key := range s.written.accesses(m).unlockedReads {
			if writes[key] {
				return m
			}
		}
	}
	return nil
}

// proposeHops proposes //confined:hop on the functions that hand a func
// parameter to a loop of the package (see the file comment).
func (s *Suggester) proposeHops() {
	loops := slices.SortedFunc(maps.Keys(s.loops), func(a, b *ssa.Function) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, loop := range loops {
		for _, h := range s.hopsInto(loop) {
			if d := s.loops[loop]; d != "" {
				h.args = append([]string{"@" + d}, h.args...)
			}
			s.propose(h)
		}
	}
}

// hopsInto lists the hops that hand func parameters to loop.
func (s *Suggester) hopsInto(loop *ssa.Function) []proposal {
	calls := loopCalls(loop)
	var out []proposal
	for fn, p := range s.funcParams {
		if how := handsToLoop(fn, p, loop, calls); how != "" {
			out = append(out, proposal{obj: flow.DeclaredFunc(fn), verb: directive.VerbHop, args: []string{p.Name()}, evidence: fmt.Sprintf(
				"it %s, which the loop %s calls", how, flow.Name(loop))})
		}
	}
	return out
}

// sendsCodeTo reports whether code of the package sends a func on a
// channel whose funcs loop calls (q.post <- func() {...}): the loop runs
// that code, a serializer, and owns what it touches.
func (s *Suggester) sendsCodeTo(loop *ssa.Function) bool {
	channels := loopCalls(loop).channels
	if len(channels) == 0 {
		return false
	}
	for _, fn := range s.e.Functions() {
		if s.inTestFile(fn.Pos()) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				for ch, x := range flow.Sends(instr) {
					if names.IsFuncTyped(x.Type()) && channels[flow.LoadedField(ch)] {
						return true
					}
				}
			}
		}
	}
	return false
}

// funcParams yields the func parameters of the package's declared
// functions outside test files, with their function.
func (s *Suggester) funcParams(yield func(*ssa.Function, *ssa.Parameter) bool) {
	for _, fn := range s.e.Functions() {
		if flow.DeclaredFunc(fn) == nil || s.inTestFile(fn.Pos()) {
			continue
		}
		for _, p := range fn.Params {
			if names.IsFuncTyped(p.Type()) && !yield(fn, p) {
				return
			}
		}
	}
}

// The funcs a loop calls that come from elsewhere: its func parameters,
// func fields of what it reads, and values it receives from channels.
type calledByLoop struct {
	params   map[int]bool
	fields   map[*types.Var]bool // fields of the work it is handed whose func values it calls (e.fn())
	channels map[*types.Var]bool // channel fields whose received funcs it calls
	// Fields of its own receiver whose func values it calls for every
	// piece of work (a read loop's c.onMessage(m)): callbacks registered
	// with it, which run on its goroutine, not the registrant's owner.
	callbacks map[*types.Var]bool
}

func loopCalls(loop *ssa.Function) calledByLoop {
	return loopCallsThrough(loop, maxCallDepth)
}

// maxCallDepth bounds the helpers loopCalls follows: a loop handing what
// it receives to e.invoke(fn), which calls it under a recover.
const maxCallDepth = 2

// loopCallsThrough is loopCalls, following the funcs the loop hands to
// helpers of its package that call them, depth helpers deep.
func loopCallsThrough(loop *ssa.Function, depth int) calledByLoop {
	calls := calledByLoop{params: make(map[int]bool), fields: make(map[*types.Var]bool), channels: make(map[*types.Var]bool),
		callbacks: make(map[*types.Var]bool)}
	called := func(v ssa.Value) {
		for {
			if f := flow.LoadedField(v); f != nil {
				if onReceiver(loop, v) {
					calls.callbacks[f] = true
				} else {
					calls.fields[f] = true
				}
				return
			}
			if ch := flow.ReceivedFrom(v); ch != nil {
				calls.channels[flow.LoadedField(ch)] = true
				return
			}
			switch x := v.(type) {
			case *ssa.Parameter:
				for i, p := range loop.Params {
					if p == x {
						calls.params[i] = true
					}
				}
			case *ssa.TypeAssert:
				v = x.X
				continue
			}
			return
		}
	}
	for _, b := range loop.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok || c.Common().IsInvoke() {
				continue
			}
			callee := c.Common().StaticCallee()
			if callee == nil {
				called(c.Common().Value)
				continue
			}
			if depth > 0 && callee.Blocks != nil && callee.Pkg == loop.Pkg {
				args := c.Common().Args
				for i := range loopCallsThrough(callee, depth-1).params {
					if i < len(args) {
						called(args[i])
					}
				}
			}
		}
	}
	delete(calls.channels, nil)
	return calls
}

// closureCalls returns the values mc captures that its function calls:
// a captured func, or what was stored in a captured variable it calls the
// func held in.
func closureCalls(mc *ssa.MakeClosure) []ssa.Value {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for i, fv := range fn.FreeVars {
		if i >= len(mc.Bindings) {
			break
		}
		if slices.ContainsFunc(flow.Referrers(fv), func(ref ssa.Instruction) bool {
			c, ok := ref.(ssa.CallInstruction)
			return ok && c.Common().Value == fv
		}) {
			out = append(out, mc.Bindings[i])
		} else if cell, ok := mc.Bindings[i].(*ssa.Alloc); ok && callsHeld(fv) {
			out = append(out, flow.StoredValues(cell)...)
		}
	}
	return out
}

// onReceiver reports whether the func value v is loaded from a field of
// fn's receiver (c.onMessage, c.handlers.onClose), rather than of a value
// fn was handed (e.fn of an envelope it received, or dequeued from its
// receiver's queue: work, not a callback kept for every event).
func onReceiver(fn *ssa.Function, v ssa.Value) bool {
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 {
		return false
	}
	for {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		default:
			return v == fn.Params[0]
		}
	}
}

// handsToLoop says how fn hands its func parameter p to loop, or "".
func handsToLoop(fn *ssa.Function, p *ssa.Parameter, loop *ssa.Function, calls calledByLoop) string {
	// sentOn is the channel field whose funcs the loop calls that instr
	// sends v on, alone or as a case of a select; nil if none.
	sentOn := func(instr ssa.Instruction, v ssa.Value) *types.Var {
		for ch, x := range flow.Sends(instr) {
			if f := flow.LoadedField(ch); x == v && f != nil && calls.channels[f] {
				return f
			}
		}
		return nil
	}
	for _, ref := range *p.Referrers() {
		switch r := ref.(type) {
		case *ssa.Go:
			for _, st := range startedBy(r) {
				if st.fn != loop {
					continue
				}
				for i, a := range st.args {
					if a == p && calls.params[i] {
						return "passes " + p.Name() + " to the go statement that starts " + flow.Name(loop)
					}
				}
			}
		case *ssa.Send, *ssa.Select:
			if f := sentOn(r, p); f != nil {
				return "sends " + p.Name() + " on " + f.Name()
			}
		case *ssa.MakeInterface:
			for _, ref := range *r.Referrers() {
				if f := sentOn(ref, r); f != nil {
					return "sends " + p.Name() + " on " + f.Name()
				}
			}
		case *ssa.Store:
			if r.Val == p {
				if f := flow.FieldOf(r.Addr); f != nil && calls.fields[f] {
					return "stores " + p.Name() + " in the field " + f.Name()
				}
			}
		}
	}
	// A func that calls p, sent for the loop to call (a serializer's
	// do(fn) posting func() { fn(); close(done) }), or stored in the field
	// of a request whose funcs the loop calls: p is captured in a cell the
	// closure binds.
	for _, cell := range flow.CellsHolding(p) {
		for _, ref := range *cell.Referrers() {
			mc, ok := ref.(*ssa.MakeClosure)
			if !ok {
				continue
			}
			closure := mc.Fn.(*ssa.Function)
			if i := slices.Index(mc.Bindings, ssa.Value(cell)); i < 0 || !callsHeld(closure.FreeVars[i]) {
				continue
			}
			for _, ref := range *mc.Referrers() {
				switch r := ref.(type) {
				case *ssa.Send, *ssa.Select:
					if f := sentOn(r, mc); f != nil {
						return "sends a func calling " + p.Name() + " on " + f.Name()
					}
				case *ssa.Store: // request{fn: func() { fn(); close(ran) }}
					if f := flow.FieldOf(r.Addr); f != nil && r.Val == mc && calls.fields[f] {
						return "stores a func calling " + p.Name() + " in the field " + f.Name()
					}
				}
			}
		}
	}
	return ""
}

// callsHeld reports whether the func held in the cell v is called.
func callsHeld(v ssa.Value) bool {
	for _, ref := range *v.Referrers() {
		load, ok := ref.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			continue
		}
		for _, use := range *load.Referrers() {
			if call, ok := use.(ssa.CallInstruction); ok && call.Common().Value == load {
				return true
			}
		}
	}
	return false
}

// proposeQueued proposes //confined:async on the functions that keep
// their func parameter in a struct field whose funcs a goroutine that is
// not a loop calls: a timer's task queue (scheduled{task: task}, run by the
// timer's goroutine through the queue's due()). They are the async
// counterpart of a mailbox's hop. So are the functions registering a
// callback with a loop, which keeps it and calls it for every event
// (AddWildcard(h), appending h to b.wildcards), also when the func
// travels in a message the loop keeps it from (Subscribe sending
// subscribeReq{h: h}, kept as subscription{h: r.h}).
func (s *Suggester) proposeQueued() {
	called := s.calledByGoroutines()
	if len(called) == 0 {
		return
	}
	// A field whose funcs the package hands to a parameter proposed async
	// (a loop passing a request's req.h to subscribe, which keeps it for
	// a pump goroutine) holds funcs that run off the owner too: a second
	// round proposes the function storing its parameter there.
	handed := make(map[*types.Var]string)
	for range 2 {
		fed := s.fedFields(called)
		for fn, p := range s.funcParams {
			for instr := range instrsWithin(fn) {
				k, ok := keptFuncs(instr)
				if !ok || !slices.ContainsFunc(k.funcs, func(v ssa.Value) bool { return isCaptured(v, p) }) {
					continue
				}
				var how string
				switch to := fed[k.field]; {
				case handed[k.field] != "":
					how = fmt.Sprintf("it puts %s in %s, whose funcs the package hands to %s", p.Name(), k.name, handed[k.field])
				case called[k.field] != "":
					how = fmt.Sprintf("it keeps %s in the field %s, whose funcs %s calls on its own goroutine", p.Name(), k.field.Name(), called[k.field])
				case to.field != nil:
					how = fmt.Sprintf("it puts %s in %s, which %s keeps in %s, whose funcs %s calls on its own goroutine",
						p.Name(), k.name, flow.Name(to.by), to.name, called[to.field])
				}
				if obj := flow.DeclaredFunc(fn); how != "" && !s.placed(obj, p.Name()) {
					s.propose(proposal{obj: obj, verb: directive.VerbAsync, args: []string{p.Name()}, evidence: how})
				}
			}
		}
		for f, to := range s.handedToAsync() {
			if called[f] == "" && handed[f] == "" {
				handed[f], called[f] = to, to
			}
		}
	}
}

// handedToAsync maps the func fields whose funcs the package's code hands
// to a parameter proposed async (subscribe(req.id, req.h)) to the
// function and parameter, for evidence.
func (s *Suggester) handedToAsync() map[*types.Var]string {
	out := make(map[*types.Var]string)
	for _, fn := range s.e.Functions() {
		if s.inTestFile(fn.Pos()) {
			continue
		}
		for c, callee := range flow.StaticCalls(fn) {
			obj := flow.DeclaredFunc(callee)
			for i, a := range c.Call.Args {
				if f := flow.LoadedField(a); f != nil && i < len(callee.Params) && names.IsFuncTyped(f.Type()) &&
					s.proposed(obj, directive.VerbAsync, callee.Params[i].Name()) && out[f] == "" {
					out[f] = flow.Name(callee) + "'s async " + callee.Params[i].Name()
				}
			}
		}
	}
	return out
}

// instrsWithin yields the instructions of fn and of the function
// literals it makes (m.call(ctx, func() { m.hooks = append(m.hooks, h)
// })), which see its parameters as captures.
func instrsWithin(fn *ssa.Function) iter.Seq[ssa.Instruction] {
	return func(yield func(ssa.Instruction) bool) {
		var walk func(f *ssa.Function) bool
		walk = func(f *ssa.Function) bool {
			for _, b := range f.Blocks {
				for _, instr := range b.Instrs {
					if !yield(instr) {
						return false
					}
				}
			}
			for _, lit := range f.AnonFuncs {
				if !walk(lit) {
					return false
				}
			}
			return true
		}
		walk(fn)
	}
}

// isCaptured reports whether v is p, or, in a function literal, a
// capture of p (loaded from the cell holding it, or bound itself).
func isCaptured(v ssa.Value, p *ssa.Parameter) bool {
	for v != nil {
		v = flow.ReadRoot(v)
		fv, ok := v.(*ssa.FreeVar)
		if !ok {
			break
		}
		v = flow.CapturedValue(fv)
	}
	return v == ssa.Value(p)
}

// A keptFunc is a store of funcs into a field: field = f, field = append(
// field, f), field[k] = append(field[k], f) for a map of lists.
type keptFunc struct {
	field *types.Var
	name  string // the field with its struct type, for evidence (bus.subscription.h)
	funcs []ssa.Value
	by    *ssa.Function
}

// keptFuncs returns the store of funcs instr makes into a field, if it
// makes one.
func keptFuncs(instr ssa.Instruction) (keptFunc, bool) {
	var fa *ssa.FieldAddr
	var val ssa.Value
	switch in := instr.(type) {
	case *ssa.Store:
		fa, _ = in.Addr.(*ssa.FieldAddr)
		val = in.Val
	case *ssa.MapUpdate:
		if load, ok := in.Map.(*ssa.UnOp); ok && load.Op == token.MUL {
			fa, _ = load.X.(*ssa.FieldAddr)
		}
		val = in.Value
	}
	if fa == nil {
		return keptFunc{}, false
	}
	f := flow.FieldOf(fa)
	name := "the field " + f.Name()
	if named := names.DerefNamed(fa.X.Type()); named != nil {
		name = names.TypeName(named) + "." + f.Name()
	}
	return keptFunc{field: f, name: name, funcs: flow.StoredElements(val), by: instr.Parent()}, true
}

// placed reports whether a proposal already says where obj's parameter
// name runs: a future's callback (inherit), a mailbox's work (hop).
func (s *Suggester) placed(obj types.Object, name string) bool {
	return slices.ContainsFunc(s.proposals, func(q proposal) bool { return q.obj == obj && slices.Contains(q.args, name) })
}

// fedFields maps the func fields whose values the package's code copies
// into a field of called (the h of a message a loop received, kept as
// subscription{h: r.h}, or appended to a map of handler lists) to such a
// store.
func (s *Suggester) fedFields(called map[*types.Var]string) map[*types.Var]keptFunc {
	out := make(map[*types.Var]keptFunc)
	for _, fn := range s.e.Functions() {
		if s.inTestFile(fn.Pos()) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				k, ok := keptFuncs(instr)
				if !ok || called[k.field] == "" {
					continue
				}
				for _, v := range k.funcs {
					if from := flow.LoadedField(v); from != nil && called[from] == "" && out[from].field == nil {
						out[from] = k
					}
				}
			}
		}
	}
	return out
}

// maxCallbackDepth bounds how deep stateCallbacks looks into the methods
// a loop calls on its receiver.
const maxCallbackDepth = 2

// stateCallbacks lists the func fields whose values loop, or the methods
// it calls on its receiver, call after reading them from the receiver's
// state (a dispatch's for _, s := range b.subs[topic] { s.h(ev) }, or
// for _, h := range b.wildcards { h(ev) }): callbacks kept and called
// for every event, on the loop's goroutine.
func stateCallbacks(loop *ssa.Function) []*types.Var {
	var out []*types.Var
	seen := make(map[*ssa.Function]bool)
	var visit func(fn *ssa.Function, depth int)
	visit = func(fn *ssa.Function, depth int) {
		if seen[fn] || fn.Signature.Recv() == nil || len(fn.Params) == 0 {
			return
		}
		seen[fn] = true
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok || c.Common().IsInvoke() {
					continue
				}
				calls := []ssa.Value{c.Common().Value}
				if callee := c.Common().StaticCallee(); callee != nil {
					args := c.Common().Args
					if depth < maxCallbackDepth && callee.Pkg == fn.Pkg && len(args) > 0 && args[0] == fn.Params[0] {
						visit(callee, depth+1)
					}
					// s.invoke(func() { fn(now) }), for fn ranging s's
					// callbacks: a helper of the package calling the
					// literal calls them.
					calls = nil
					for i, a := range args {
						if mc, ok := a.(*ssa.MakeClosure); ok && callee.Pkg == fn.Pkg && i < len(callee.Params) && callsFuncsOf(callee, callee.Params[i]) {
							calls = append(calls, closureCalls(mc)...)
						}
					}
				}
				for _, v := range calls {
					f := flow.LoadedField(v)
					if f == nil {
						f = flow.ElementField(v)
					}
					if f != nil && flow.ReadRoot(v) == fn.Params[0] {
						out = append(out, f)
					}
				}
			}
		}
	}
	visit(loop, 0)
	return out
}

// calledByGoroutines maps the func fields whose values goroutines of the
// package (not loops) call, directly or through a function returning
// them, to such a goroutine's function.
func (s *Suggester) calledByGoroutines() map[*types.Var]string {
	out := make(map[*types.Var]string)
	for _, fn := range s.e.Functions() {
		if s.inTestFile(fn.Pos()) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				g, ok := instr.(*ssa.Go)
				if !ok {
					continue
				}
				for _, t := range startedBy(g) {
					if t.fn.Blocks == nil {
						continue
					}
					if _, loop := s.loops[t.fn]; loop {
						// A loop runs what it is handed on the owner, but
						// the callbacks registered on it on its goroutine.
						for _, f := range slices.Concat(slices.Collect(maps.Keys(loopCalls(t.fn).callbacks)), stateCallbacks(t.fn)) {
							if out[f] == "" {
								out[f] = flow.Name(t.fn)
							}
						}
						continue
					}
					for _, f := range calledFields(t.fn) {
						if out[f] == "" {
							out[f] = flow.Name(t.fn)
						}
					}
				}
			}
		}
	}
	return out
}

// calledFields lists the func fields whose values fn calls: loaded from
// the field, or from what a function of the package returns after
// loading them (due() collecting scheduled.task); also those the
// package's functions fn calls do (s.invoke(m) calling s.h), or that fn
// hands one that calls what it is handed (notify(m.hooks, gone) ranging
// the hooks), maxCallbackDepth calls deep.
func calledFields(fn *ssa.Function) []*types.Var {
	return calledFieldsDepth(fn, maxCallbackDepth, make(map[*ssa.Function]bool))
}

func calledFieldsDepth(fn *ssa.Function, depth int, seen map[*ssa.Function]bool) []*types.Var {
	if seen[fn] {
		return nil
	}
	seen[fn] = true
	var out []*types.Var
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok || c.Common().IsInvoke() {
				continue
			}
			if callee := c.Common().StaticCallee(); callee != nil {
				if depth > 0 && callee.Blocks != nil && callee.Pkg == fn.Pkg {
					out = append(out, calledFieldsDepth(callee, depth-1, seen)...)
					for i, a := range c.Common().Args {
						if i < len(callee.Params) && callsFuncsOf(callee, callee.Params[i]) {
							if f := calledRoot(a); f != nil {
								out = append(out, f)
							}
						}
					}
				}
				continue
			}
			v := c.Common().Value
			for v != nil {
				if f := flow.LoadedField(v); f != nil {
					out = append(out, f)
					break
				}
				switch x := v.(type) {
				case *ssa.UnOp:
					v = x.X
				case *ssa.IndexAddr:
					v = x.X
				case *ssa.Call:
					if callee := x.Common().StaticCallee(); callee != nil && callee.Blocks != nil {
						out = append(out, funcFieldsRead(callee)...)
					}
					v = nil
				default:
					v = nil
				}
			}
		}
	}
	return out
}

// calledRoot returns the func field a value handed to a call comes from:
// the field's funcs (m.hooks), or a local copy of them (hooks := m.hooks).
func calledRoot(v ssa.Value) *types.Var {
	if f := flow.LoadedField(v); f != nil && names.IsFuncTyped(elementOf(f.Type())) {
		return f
	}
	return nil
}

// elementOf is what a slice or map of t holds, or t.
func elementOf(t types.Type) types.Type {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return u.Elem()
	case *types.Map:
		return u.Elem()
	}
	return t
}

// callsFuncsOf reports whether fn calls the funcs its parameter p holds:
// p itself, or an entry of it (for _, h := range hooks { h(l) }).
func callsFuncsOf(fn *ssa.Function, p *ssa.Parameter) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if ok && !c.Common().IsInvoke() && c.Common().StaticCallee() == nil && flow.ReadRoot(c.Common().Value) == ssa.Value(p) {
				return true
			}
		}
	}
	return false
}

// funcFieldsRead lists the func-typed fields fn reads.
func funcFieldsRead(fn *ssa.Function) []*types.Var {
	var out []*types.Var
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if f := flow.SelectedField(instr); f != nil && names.IsFuncTyped(f.Type()) {
				out = append(out, f)
			}
		}
	}
	return out
}
