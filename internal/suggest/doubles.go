package suggest

// This file proposes owners for the test doubles of a package's tests: a
// fake that a test makes, hands to the code under test and then polls or
// changes (a store counting its saves, a source whose allowance the test
// raises), while goroutines of that code call its methods through an
// interface. The test's goroutine owns it, and those goroutines are what
// the check reports. Only types declared in test files get these, so the
// proposals for production code are the same with or without the tests.

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/fix"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/walk"
	"golang.org/x/tools/go/ssa"
)

// doubleTouches is what code touches of one test double's fields.
type doubleTouches struct {
	offWrites, offReads fieldSet // by the double's methods that code off the owner calls
	testWrites, tested  fieldSet // by the tests: written after set-up; touched at all
	calledOff           map[string]bool
	testers             []string
}

// proposeTestDoubles proposes //confined:owner on the types of the
// package's test files that code off the owner (offOwner) calls through
// an interface of the package, where a test hands the double to code that
// starts goroutines, when a method it calls that way writes a field the
// tests poll (read in a loop that sleeps, or after a sleep) or write after
// building the value, or reads one they write so; the fields that only
// the double's set-up writes and that those methods read get :any.
func (s *Suggester) proposeTestDoubles(offOwner map[*ssa.Function]bool) {
	if !slices.ContainsFunc(s.pass.Pkg.Scope().Names(), func(name string) bool {
		_, isType := s.pass.Pkg.Scope().Lookup(name).(*types.TypeName)
		return isType && s.inTestFile(s.pass.Pkg.Scope().Lookup(name).Pos())
	}) {
		return // most packages, and every one built without its tests
	}
	touches := make(map[*types.Named]*doubleTouches)
	of := func(named *types.Named) *doubleTouches {
		d := touches[named]
		if d == nil {
			d = &doubleTouches{offWrites: make(fieldSet), offReads: make(fieldSet), testWrites: make(fieldSet), tested: make(fieldSet), calledOff: make(map[string]bool)}
			touches[named] = d
		}
		return d
	}
	// The double's methods the package calls through its interfaces are
	// the code's side, wherever they run; the tests' side is the rest.
	impls := make(map[*ssa.Function]bool)
	type invocation struct {
		by   *ssa.Function
		impl *ssa.Function
	}
	invoked := make(map[*types.Named][]invocation)
	for _, fn := range s.e.Functions() {
		if s.inTestFile(fn.Pos()) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok || !call.Common().IsInvoke() {
					continue
				}
				for _, impl := range s.e.Implementations(call.Common().Method) {
					named := s.testDouble(impl)
					if named == nil {
						continue
					}
					impls[impl] = true
					if offOwner[fn] {
						invoked[named] = append(invoked[named], invocation{fn, impl})
					}
				}
			}
		}
	}
	if len(invoked) == 0 || s.everyLoopNamed() {
		return
	}
	// A double only counts where a test hands it to code that starts
	// goroutines: an implementation of the interface is not a value the
	// goroutine's call reaches (a fake another test calls in place).
	startedWith := s.startedWith(slices.Collect(maps.Keys(invoked)))
	for named, calls := range invoked {
		if !startedWith[named] {
			continue
		}
		for _, c := range calls {
			acc := s.written.accesses(c.impl)
			d := of(named)
			maps.Copy(d.offWrites, acc.unlockedWrites)
			maps.Copy(d.offReads, acc.unlockedReads)
			d.calledOff[c.impl.Name()+" (called by "+flow.Name(c.by)+")"] = true
		}
	}
	// A test that stops the code before it looks (s.Close() waiting for
	// its goroutine, wg.Wait()) races with none of its goroutines.
	waits := make(map[*ssa.Function]bool)
	joins := func(instr ssa.Instruction) bool {
		if isJoin(instr) {
			return true
		}
		call, ok := instr.(*ssa.Call)
		if !ok || call.Call.StaticCallee() == nil || call.Call.StaticCallee().Blocks == nil {
			return false
		}
		return flow.Memoized(waits, call.Call.StaticCallee(), func(callee *ssa.Function) bool {
			for fn := range s.reachable([]*ssa.Function{callee}) {
				if slices.ContainsFunc(fn.Blocks, func(b *ssa.BasicBlock) bool { return slices.ContainsFunc(b.Instrs, isJoin) }) {
					return true
				}
			}
			return false
		})
	}
	for _, fn := range s.e.Functions() {
		if !s.inTestFile(fn.Pos()) || impls[fn] || startedByGo(fn) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				v, index, write, ok := walk.FieldTouch(instr, s.written.elementField)
				if !ok {
					continue
				}
				named := names.DerefNamed(v.Type())
				if named == nil || touches[named.Origin()] == nil {
					continue
				}
				d := touches[named.Origin()]
				key := fieldKey(named, named.Underlying().(*types.Struct).Field(index).Name())
				if write && literalSetUp(instr) || ranBefore(instr, joins) {
					continue // set up before the start, or read after the join
				}
				if !write && !ranBefore(instr, isSleep) && !pollsIn(b) {
					// A test reading with no wait before it reads what
					// code it called in place did (a stream's Close
					// clearing itself); one polling, or sleeping first,
					// waits for a goroutine without a join.
					continue
				}
				if write {
					d.testWrites[key] = true
				}
				d.tested[key] = true
				if name := flow.Name(fn); !slices.Contains(d.testers, name) {
					d.testers = append(d.testers, name)
				}
			}
		}
	}
	for _, named := range slices.SortedFunc(maps.Keys(touches), func(a, b *types.Named) int { return cmp.Compare(a.Obj().Pos(), b.Obj().Pos()) }) {
		d := touches[named]
		var shared []string
		for key := range union(d.offWrites, d.offReads) {
			if d.offWrites[key] && d.tested[key] || d.testWrites[key] {
				shared = append(shared, key[strings.LastIndex(key, ".")+1:])
			}
		}
		if len(shared) == 0 {
			continue
		}
		slices.Sort(shared)
		slices.Sort(d.testers)
		why := fmt.Sprintf("a test double: code off the owner calls %s through an interface, and %s touches %s after building it: the test's goroutine is the owner, and the check reports that code",
			strings.Join(firstN(slices.Sorted(maps.Keys(d.calledOff)), 2), ", "), strings.Join(firstN(d.testers, 2), ", "),
			names.Plural(len(shared), "its field "+shared[0], "its fields "+strings.Join(shared, ", ")))
		if keepsOwn(d.offWrites, shared) {
			// What its methods keep to themselves (a count of what they
			// handed out) races with nothing: only the shared fields are
			// the test's.
			for _, name := range shared {
				if f := names.FieldNamed(named.Obj(), name); f != nil {
					s.record(proposal{obj: f, verb: directive.VerbOwner, evidence: why})
				}
			}
			continue
		}
		s.record(proposal{obj: named.Obj(), verb: directive.VerbOwner, evidence: why})
		st := named.Underlying().(*types.Struct)
		for key := range d.offReads {
			f := names.FieldNamed(named.Obj(), key[strings.LastIndex(key, ".")+1:])
			// Written after set-up by any code (a method the package calls
			// in place, a test's goroutine) or by the test itself, it
			// must stay confined: :any would hide that write.
			if f == nil || s.written.writtenAfterSetUp()[key] || d.testWrites[key] || model.ConcurrencySafe(f.Type()) {
				continue
			}
			if slices.ContainsFunc(fix.LineMates(s.pass.Fset, st, f), func(mate *types.Var) bool { return !model.ConcurrencySafe(mate.Type()) }) {
				continue // its line holds a field that stays confined
			}
			s.record(proposal{obj: f, verb: directive.VerbAny, evidence: "only the test's set-up writes it, and " +
				strings.Join(firstN(slices.Sorted(maps.Keys(d.calledOff)), 1), "") + " reads it off the owner"})
		}
	}
}

// testDouble returns the receiver type of impl when it is a struct
// declared in a test file of the package, with no lock of its own (a
// double that locks shares itself under that lock), and no directive.
func (s *Suggester) testDouble(impl *ssa.Function) *types.Named {
	recv := impl.Signature.Recv()
	if recv == nil {
		return nil
	}
	named := names.DerefNamed(recv.Type())
	if named == nil || named.Obj().Pkg() != s.pass.Pkg || !s.inTestFile(named.Obj().Pos()) || !s.inTestFile(impl.Pos()) ||
		!names.IsStruct(named) || names.HasMutex(named) || s.m.ConfinedNamed(named) != nil {
		return nil
	}
	return named.Origin()
}

// everyLoopNamed reports whether the program has loops and every one
// names its domain: the default owner, a test's goroutine, has no loop
// there, and an unnamed owner would be a mistake. An imported package's
// loop of the default owner counts, unexported too, as it does where
// this package's loops are named apart from it (see importsDefaultLoop).
func (s *Suggester) everyLoopNamed() bool {
	domains := s.m.LoopDomainsInView()
	for _, d := range s.loops {
		domains[d] = true
	}
	return len(domains) > 0 && !domains[""] && len(s.defaultLoopPackages()) == 0
}

// startedByGo reports whether fn is a func literal that its enclosing
// function starts with a go statement: it runs beside the test.
func startedByGo(fn *ssa.Function) bool {
	if fn.Parent() == nil {
		return false
	}
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if g, ok := instr.(*ssa.Go); ok && slices.ContainsFunc(flow.FuncTargets(g.Call.Value), func(t flow.FuncValue) bool { return t.Fn == fn }) {
				return true
			}
		}
	}
	return false
}

// literalSetUp reports whether instr, a write of a field, fills in a
// value its function allocated before anything but the filling of its
// fields refers to it: the fields of a composite literal, or of a double
// set up before it is handed over (router.onSend = h; link.Start()).
func literalSetUp(instr ssa.Instruction) bool {
	fa, ok := instr.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	alloc, ok := fa.X.(*ssa.Alloc)
	if !ok {
		return false
	}
	refs := flow.Referrers(alloc)
	return !ranBefore(instr, func(i ssa.Instruction) bool {
		_, filling := i.(*ssa.FieldAddr)
		return !filling && slices.Contains(refs, i)
	})
}

// startedWith reports, of the doubles, those that a test function
// allocates and hands, itself or inside what carries it (an interface
// value, a struct literal, what a call it was handed to returns), to code
// that starts goroutines.
func (s *Suggester) startedWith(doubles []*types.Named) map[*types.Named]bool {
	out := make(map[*types.Named]bool)
	starts := make(map[*ssa.Function]bool)
	for _, fn := range s.e.Functions() {
		if !s.inTestFile(fn.Pos()) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				alloc, ok := instr.(*ssa.Alloc)
				if !ok || !alloc.Heap {
					continue
				}
				named := names.DerefNamed(alloc.Type())
				if named == nil || out[named.Origin()] || !slices.Contains(doubles, named.Origin()) {
					continue
				}
				out[named.Origin()] = slices.ContainsFunc(s.handedTo(alloc), func(callee *ssa.Function) bool {
					return flow.Memoized(starts, callee, s.startsCode)
				})
			}
		}
	}
	return out
}

// handedTo lists the functions that v, or what carries it in its
// function, is handed to: called with it, or started with it.
func (s *Suggester) handedTo(v ssa.Value) []*ssa.Function {
	var out []*ssa.Function
	seen := make(map[ssa.Value]bool)
	work := []ssa.Value{v}
	for len(work) > 0 {
		c := work[0]
		work = work[1:]
		if seen[c] {
			continue
		}
		seen[c] = true
		for _, ref := range flow.Referrers(c) {
			switch r := ref.(type) {
			case *ssa.MakeInterface, *ssa.ChangeType, *ssa.ChangeInterface, *ssa.MakeClosure:
				work = append(work, r.(ssa.Value))
			case *ssa.Store:
				if root := flow.AllocRoot(r.Addr); root != nil && r.Val == c {
					work = append(work, root)
					for _, load := range flow.Referrers(root) {
						if u, ok := load.(*ssa.UnOp); ok && u.Op == token.MUL {
							work = append(work, u)
						}
					}
				}
			case ssa.CallInstruction:
				for _, t := range flow.FuncTargets(r.Common().Value) {
					out = append(out, t.Fn)
				}
				if res := r.Value(); res != nil {
					work = append(work, res)
				}
			}
		}
	}
	return out
}

// startsCode reports whether fn, or a function it calls by name or
// closure, starts code off its caller's goroutine.
func (s *Suggester) startsCode(fn *ssa.Function) bool {
	seen := make(map[*ssa.Function]bool)
	var visit func(fn *ssa.Function) bool
	visit = func(fn *ssa.Function) bool {
		if seen[fn] {
			return false
		}
		seen[fn] = true
		if w := s.e.Walk(fn); len(goStatements(fn)) > 0 || w != nil && len(w.Spawns) > 0 {
			return true
		}
		// Only what it calls by name or closure: a call through an
		// interface may reach any implementation, and would make about
		// any call a start.
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok || call.Common().IsInvoke() {
					continue
				}
				for _, t := range flow.FuncTargets(call.Common().Value) {
					if visit(t.Fn) {
						return true
					}
				}
			}
		}
		return false
	}
	return visit(fn)
}

// isSleep reports whether instr calls time.Sleep: a test that sleeps
// before it looks waits for a goroutine, without a join.
func isSleep(instr ssa.Instruction) bool {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	fn := flow.StaticFunc(call)
	return fn != nil && names.FuncName(fn) == "time.Sleep"
}

// pollsIn reports whether b is in a loop that sleeps: a test polling
// for what a goroutine does (for store.saves == 0 { time.Sleep(ms) }).
func pollsIn(b *ssa.BasicBlock) bool {
	for _, other := range b.Parent().Blocks {
		if slices.ContainsFunc(other.Instrs, isSleep) && flow.Reaches(b, other) && flow.Reaches(other, b) {
			return true
		}
	}
	return false
}
