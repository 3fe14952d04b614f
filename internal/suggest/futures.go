package suggest

// This file proposes where futures complete and which callbacks run where
// a future completes, for -suggest:
//
//   - //confined:completes async on a function returning a future (a type
//     with an inherit method) made from a value that a goroutine or a
//     callback of an async sink it starts captures and calls a method on
//     (FromExternal's go func() { p.Complete(<-ch) }());
//   - //confined:inherit on a method keeping its func parameter in a slice
//     of such funcs of its receiver, and running it itself when the future
//     has completed: the registry of a future's callbacks (OnComplete's
//     f.callbacks = append(f.callbacks, fn), else fn(v, err)), not an event
//     bus's Subscribe;
//   - //confined:inherit on a function that registers, through an inherit
//     parameter, a callback calling its own func parameter on a future it
//     was handed (FlatMap, Transform, and Map on Transform).

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/walk"
	"golang.org/x/tools/go/ssa"
)

// maxCombinatorRounds bounds the search for combinators built on others.
const maxCombinatorRounds = 4

// proposeCombinators proposes inherit (see the file comment); it needs no
// summaries, and the summaries need it.
func (s *Suggester) proposeCombinators() {
	for _, fn := range s.e.Functions() {
		obj := flow.DeclaredFunc(fn)
		if obj == nil || s.inTestFile(fn.Pos()) {
			continue
		}
		for _, p := range registered(fn) {
			s.propose(proposal{obj: obj, verb: directive.VerbInherit, args: []string{p.Name()}, evidence: fmt.Sprintf(
				"it keeps %s among its receiver's callbacks, which run where the receiver completes", p.Name())})
		}
	}
	for range maxCombinatorRounds {
		found := false
		for fn, p := range s.funcParams {
			obj := flow.DeclaredFunc(fn)
			if via := s.registersCalling(fn, p); via != "" && !s.proposed(obj, directive.VerbInherit, p.Name()) {
				s.propose(proposal{obj: obj, verb: directive.VerbInherit, args: []string{p.Name()}, evidence: fmt.Sprintf(
					"it hands %s, in a callback, to %s on a future it was handed", p.Name(), via)})
				found = true
			}
		}
		if !found {
			return
		}
	}
}

// proposed reports whether a proposal of verb names param on obj.
func (s *Suggester) proposed(obj types.Object, verb, param string) bool {
	return slices.ContainsFunc(s.proposals, func(p proposal) bool {
		return p.obj == obj && p.verb == verb && slices.Contains(p.args, param)
	})
}

// proposeCompletions proposes completes async on the functions returning
// futures that code they send off the owner completes. It reads the walks:
// the timer a future's Sleep hands its callback to may be async only by
// inference. It returns the proposals, for the caller to adopt.
func (s *Suggester) proposeCompletions() []proposal {
	var out []proposal
	for _, fn := range s.e.Functions() {
		obj := flow.DeclaredFunc(fn)
		w := s.e.Walk(fn)
		if obj == nil || w == nil || s.inTestFile(fn.Pos()) || !s.returnsFuture(obj.Signature()) {
			continue
		}
		if by := s.completedOffOwner(fn, w); by != "" {
			p := proposal{obj: obj, verb: directive.VerbCompletes, args: []string{directive.CompletesOffOwner.String()}, evidence: fmt.Sprintf(
				"the future it returns is completed by %s", by)}
			if s.propose(p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// completedOffOwner names the sink through which code of fn that runs off
// the owner captures a value fn's result is made from and calls a method
// on it (Complete). The result is made here: fn allocates it, or gets it
// from a method of a value it allocates (p.Future() of p := NewPromise()),
// not from a future it was handed. It returns "" when there is none.
func (s *Suggester) completedOffOwner(fn *ssa.Function, w *walk.Walk) string {
	originOf := s.e.ValueOrigins(fn)
	made := make(map[ssa.Value]bool)
	own := func(v ssa.Value) {
		if originOf(v).Owned() {
			made[v] = true
		}
	}
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 {
			v := ret.Results[0]
			own(v)
			if call, ok := v.(*ssa.Call); ok && call.Common().Signature().Recv() != nil { // p.Future()
				own(flow.CallArgs(call.Common())[0])
			}
		}
	}
	for v := range made { // p, f := New(): the promise is made with the future
		if x, ok := v.(*ssa.Extract); ok {
			for _, r := range *x.Tuple.Referrers() {
				if sibling, ok := r.(*ssa.Extract); ok {
					made[sibling] = true
				}
			}
		}
	}
	for v := range made { // a variable's value: the variable, as closures capture it
		if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
			if cell, ok := load.X.(*ssa.Alloc); ok {
				made[cell] = true
			}
		}
	}
	// A callback completes the future when it calls a method (Complete) on
	// a value the result is made from; filling its fields is not that.
	captures := func(t flow.FuncValue) bool {
		for i, b := range t.Bindings.Values {
			cell, isCell := b.(*ssa.Alloc)
			if made[b] || isCell && slices.ContainsFunc(flow.StoredValues(cell), func(x ssa.Value) bool { return made[x] }) {
				if i < len(t.Fn.FreeVars) && callsMethodOn(t.Fn.FreeVars[i]) {
					return true
				}
			}
		}
		return false
	}
	for _, sp := range w.Spawns {
		for _, t := range sp.Targets {
			if captures(t) {
				return "the code it hands to " + sp.Sink
			}
		}
	}
	return s.sentToWorkers(fn, made)
}

// sentToWorkers names the goroutines that receive a value fn made (a
// promise), alone or in the request it sends (queue <- req{p: p}), on a
// channel field that only goroutines started off the owner receive from:
// a worker pool, none of them a loop. It returns "" when there are none.
func (s *Suggester) sentToWorkers(fn *ssa.Function, made map[ssa.Value]bool) string {
	carries := func(x ssa.Value) bool {
		if made[x] {
			return true
		}
		load, ok := x.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			return false
		}
		local, ok := load.X.(*ssa.Alloc)
		if !ok {
			return false
		}
		for _, r := range *local.Referrers() {
			if field, ok := r.(*ssa.FieldAddr); ok {
				for _, fr := range *field.Referrers() {
					if st, ok := fr.(*ssa.Store); ok && st.Addr == field && made[st.Val] {
						return true
					}
				}
			}
		}
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			for ch, x := range flow.Sends(instr) {
				if f := flow.LoadedField(ch); f != nil && carries(x) {
					if by := s.workersReceiving(f); by != "" {
						return by
					}
				}
			}
		}
	}
	return ""
}

// workersReceiving names the goroutines receiving from the channel field
// f, started by a go statement (or a spawner), when no loop of the package
// receives from it; else "". Other receivers (a Close draining the queue
// once the workers stopped) complete some futures where they run, the
// workers the others.
func (s *Suggester) workersReceiving(f *types.Var) string {
	starts, _ := s.loopStarts()
	var by []string
	for _, fn := range s.e.Functions() {
		receives := false
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				receives = receives || slices.ContainsFunc(flow.ReceivedChannels(instr), func(ch ssa.Value) bool { return flow.LoadedField(ch) == f })
			}
		}
		if !receives {
			continue
		}
		if _, loop := s.loops[fn]; loop {
			return ""
		}
		if len(starts[fn]) > 0 {
			by = append(by, flow.Name(fn))
		}
	}
	if len(by) == 0 {
		return ""
	}
	return fmt.Sprintf("the goroutines running %s, which receive it on %s", strings.Join(by, ", "), f.Name())
}

// returnsFuture reports whether sig's first result is a future: (a
// pointer to) a type with a method whose callbacks run where it completes,
// declared or proposed inherit.
func (s *Suggester) returnsFuture(sig *types.Signature) bool {
	if sig.Results().Len() == 0 {
		return false
	}
	t := sig.Results().At(0).Type()
	mset := names.AddressableMethodSet(t)
	for sel := range mset.Methods() {
		m := sel.Obj().(*types.Func)
		for i := range m.Signature().Params().Len() {
			if s.inherits(m.Origin(), names.ArgIndex(m.Signature(), i)) {
				return true
			}
		}
	}
	return false
}

// callsMethodOn reports whether the free variable v, or the value of the
// variable it is, is the receiver of a method call.
func callsMethodOn(v *ssa.FreeVar) bool {
	isRecv := func(x ssa.Value) bool {
		for _, ref := range *x.Referrers() {
			if c, ok := ref.(ssa.CallInstruction); ok && c.Common().Signature().Recv() != nil && len(c.Common().Args) > 0 && c.Common().Args[0] == x {
				return true
			}
		}
		return false
	}
	if isRecv(v) {
		return true
	}
	for _, ref := range *v.Referrers() {
		if load, ok := ref.(*ssa.UnOp); ok && load.Op == token.MUL && isRecv(load) {
			return true
		}
	}
	return false
}

// registered lists the func parameters of method fn that it keeps in a
// slice field of its receiver holding funcs of their type.
func registered(fn *ssa.Function) []*ssa.Parameter {
	obj := flow.DeclaredFunc(fn)
	if obj == nil || obj.Signature().Recv() == nil || len(fn.Params) == 0 {
		return nil
	}
	st, ok := names.DerefUnder(fn.Params[0].Type()).(*types.Struct)
	if !ok {
		return nil
	}
	var out []*ssa.Parameter
	for _, p := range fn.Params[1:] {
		if !names.IsFuncTyped(p.Type()) || !holdsFuncs(st, p.Type()) {
			continue
		}
		// A future's registry also runs the callback itself when the
		// future has already completed; an event bus's Subscribe only
		// keeps it.
		stored := slices.ContainsFunc(*p.Referrers(), func(ref ssa.Instruction) bool {
			st, ok := ref.(*ssa.Store)
			return ok && st.Val == p
		})
		// Only a call of the callback itself runs it there. Run by a go
		// statement (go cb(fill)) or handed to a timer or an executor
		// (time.AfterFunc(0, cb)), it runs off every owner: an async
		// sink, which the walk infers.
		ranNow := slices.ContainsFunc(*p.Referrers(), func(ref ssa.Instruction) bool {
			_, async := ref.(*ssa.Go)
			call, ok := ref.(ssa.CallInstruction)
			return ok && !async && call.Common().Value == p
		})
		if stored && ranNow {
			out = append(out, p)
		}
	}
	return out
}

// holdsFuncs reports whether st has a field that is a slice of funcs of
// type t.
func holdsFuncs(st *types.Struct, t types.Type) bool {
	for f := range st.Fields() {
		if sl, ok := f.Type().Underlying().(*types.Slice); ok && types.Identical(sl.Elem(), t) {
			return true
		}
	}
	return false
}

// registersCalling names the inherit function to which fn hands a
// callback that calls its func parameter p, on a future fn was handed (its
// receiver or a parameter), or returns "".
func (s *Suggester) registersCalling(fn *ssa.Function, p *ssa.Parameter) string {
	for call, callee := range flow.StaticCalls(fn) {
		target := flow.DeclaredFunc(callee)
		if target == nil {
			continue
		}
		args := call.Common().Args
		if !slices.ContainsFunc(args, func(a ssa.Value) bool { _, ok := a.(*ssa.Parameter); return ok && a != p }) {
			continue // no future of fn's own
		}
		for i, a := range args {
			if s.inherits(target, i) && callsParam(a, p) {
				return names.FuncName(target)
			}
		}
	}
	return ""
}

// inherits reports whether argument i of fn is declared or proposed
// inherit.
func (s *Suggester) inherits(fn *types.Func, i int) bool {
	if slices.Contains(s.m.Contract(fn).Inherit, i) {
		return true
	}
	return s.proposed(fn, directive.VerbInherit, names.ParamName(fn.Signature(), i))
}

// callsParam reports whether the closure v calls p, captured.
func callsParam(v ssa.Value, p *ssa.Parameter) bool {
	for _, t := range flow.FuncTargets(v) {
		for i, b := range t.Bindings.Values {
			cell, isCell := b.(*ssa.Alloc)
			if b != p && !(isCell && slices.Contains(flow.StoredValues(cell), ssa.Value(p))) {
				continue
			}
			free := t.Fn.FreeVars[i]
			for _, ref := range *free.Referrers() {
				if c, ok := ref.(ssa.CallInstruction); ok && c.Common().Value == free {
					return true
				}
				if load, ok := ref.(*ssa.UnOp); ok && isCell {
					for _, r := range *load.Referrers() {
						if c, ok := r.(ssa.CallInstruction); ok && c.Common().Value == load {
							return true
						}
					}
				}
			}
		}
	}
	return false
}
