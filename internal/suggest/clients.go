package suggest

// This file proposes //confined:offowner on a loop's client methods: the
// exported methods of the loop's receiver type that other goroutines call
// while the loop runs. A type whose constructor starts its loop and whose
// API hands the loop work on channels is called by clients, from
// goroutines of their own; a method of that API that touches what the loop
// writes, instead of asking the loop, races with it (a health check's
// IdleCount reading the pool's idle map). Without the directive the check
// takes it to run on the owner, as it does all code that no goroutine or
// callback starts, and stays quiet.

import (
	"cmp"
	"fmt"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/ssa"
)

// proposeClientMethods proposes //confined:offowner on each exported
// method of a loop's receiver type, outside tests, and of the handles its
// API returns (see handles), that:
//   - belongs to a type whose loop a function other than its methods
//     starts (a constructor), so that every call of the method comes
//     while the loop may run; where a method (Start) starts it, only a
//     method that writes no confined field: a setter may be set-up
//     before the Start, but a getter reading what the loop writes races
//     whenever it runs after;
//   - sits beside an exported method that hands the loop work on a
//     channel the loop receives from: the API is the loop's clients';
//   - is no code the loop, or other owner code, runs (onOwner), and waits
//     for nothing (a Close reading counters after the loop stopped); where
//     a method starts the loop, it registers no callback either (see
//     registers), which may come before the Start;
//   - reads, or writes, without a lock, a confined field (see ownedField)
//     the loop writes without one, or writes one the loop reads: a touch
//     the check will report.
func (s *Suggester) proposeClientMethods(onOwner map[*ssa.Function]bool) {
	loops := slices.SortedFunc(maps.Keys(s.loops), func(a, b *ssa.Function) int { return cmp.Compare(a.Pos(), b.Pos()) })
	starts, _ := s.loopStarts()
	for _, loop := range loops {
		decl := flow.DeclaredFunc(loop)
		if decl == nil || s.inTestFile(loop.Pos()) {
			continue
		}
		recv := names.ReceiverNamed(decl)
		if recv == nil || recv.Obj().Pkg() != s.pass.Pkg {
			continue
		}
		if len(starts[loop]) == 0 {
			continue // its callers run it: they are its owner
		}
		readersOnly := !startedByOther(starts[loop], recv)
		fed := s.workFields(loop)
		methods := s.exportedMethods(recv)
		var feeder *ssa.Function
		for _, m := range methods {
			if sendsOnAny(m, fed) {
				feeder = m
				break
			}
		}
		if feeder == nil {
			continue
		}
		loopWrites, loopReads := s.written.unlockedOf(loop), s.written.readsOf(loop)
		clientCall := func(m *ssa.Function) []string {
			if m == loop || onOwner[m] || receives(m) || sendsOnAny(m, fed) ||
				readersOnly && (s.registers(m) || slices.ContainsFunc(slices.Collect(maps.Keys(s.written.of(m))), s.ownedField)) {
				return nil
			}
			return s.racingFields(m, loopWrites, loopReads)
		}
		for _, m := range methods {
			if touched := clientCall(m); len(touched) > 0 {
				s.propose(proposal{obj: flow.DeclaredFunc(m), verb: directive.VerbOffOwner, evidence: fmt.Sprintf(
					"clients call it while %s runs (%s, beside it, hands that loop its work on a channel), the loop never does, and it touches %s, which the loop uses, without asking the loop",
					flow.Name(loop), flow.Name(feeder), strings.Join(touched, ", "))})
			}
		}
		// The handles the API gives clients (a subscription Subscribe
		// returns, which the loop delivers to): their methods are
		// clients' calls too.
		for _, h := range s.handles(recv, methods) {
			handle, from := h.typ, h.from
			for _, m := range s.exportedMethods(handle) {
				if touched := clientCall(m); len(touched) > 0 {
					s.propose(proposal{obj: flow.DeclaredFunc(m), verb: directive.VerbOffOwner, evidence: fmt.Sprintf(
						"clients hold its values, which %s returns, while %s runs, the loop never calls it, and it touches %s, which the loop uses, without asking the loop",
						flow.Name(from), flow.Name(loop), strings.Join(touched, ", "))})
				}
			}
		}
	}
}

// A handle is a type of values the loop's API hands its clients, with
// the method that returns them.
type handle struct {
	typ  *types.Named
	from *ssa.Function
}

// handles are the other struct types of the package that the exported
// methods of recv, in order, return pointers to: what the loop's API
// hands its clients (a subscription).
func (s *Suggester) handles(recv *types.Named, methods []*ssa.Function) []handle {
	var out []handle
	for _, m := range methods {
		results := m.Signature.Results()
		for i := range results.Len() {
			if _, ptr := results.At(i).Type().(*types.Pointer); !ptr {
				continue
			}
			h := names.DerefNamed(results.At(i).Type())
			if h != nil && h.Origin() != recv.Origin() && h.Obj().Pkg() == s.pass.Pkg && names.IsStruct(h) &&
				!slices.ContainsFunc(out, func(x handle) bool { return x.typ == h }) {
				out = append(out, handle{h, m})
			}
		}
	}
	return out
}

// registers reports whether fn hands over funcs, written or proposed so
// (async, hop, sync): a registration, made before the work it serves is
// sent, not a client's call beside the loop.
func (s *Suggester) registers(fn *ssa.Function) bool {
	obj := flow.DeclaredFunc(fn)
	return s.says(obj, directive.VerbAsync) || s.says(obj, directive.VerbHop) || s.says(obj, directive.VerbSync)
}

// startedByOther reports whether a function that is no method of recv
// starts the loop: its constructor, which returns it running.
func startedByOther(starts []loopStart, recv *types.Named) bool {
	return slices.ContainsFunc(starts, func(st loopStart) bool {
		decl := flow.DeclaredFunc(st.def)
		return decl != nil && names.ReceiverNamed(decl) != recv
	})
}

// workFields are the channel fields the loop receives work from, in a
// loop of its body.
func (s *Suggester) workFields(loop *ssa.Function) map[*types.Var]bool {
	fed := make(map[*types.Var]bool)
	for _, b := range loop.Blocks {
		if !flow.InLoop(b) {
			continue
		}
		for _, instr := range b.Instrs {
			for _, ch := range flow.ReceivedChannels(instr) {
				if f := flow.LoadedField(ch); f != nil && s.workChannel(ch) {
					fed[f] = true
				}
			}
		}
	}
	return fed
}

// exportedMethods are the package's exported methods on recv, outside
// tests, in source order.
func (s *Suggester) exportedMethods(recv *types.Named) []*ssa.Function {
	var out []*ssa.Function
	for _, fn := range s.e.Functions() {
		obj := flow.DeclaredFunc(fn)
		if obj != nil && obj.Exported() && names.ReceiverNamed(obj) == recv && !s.inTestFile(fn.Pos()) {
			out = append(out, fn)
		}
	}
	slices.SortFunc(out, func(a, b *ssa.Function) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return out
}

// sendsOnAny reports whether fn sends on one of the channel fields.
func sendsOnAny(fn *ssa.Function, fields map[*types.Var]bool) bool {
	return anyInstr(fn, func(instr ssa.Instruction) bool {
		return slices.ContainsFunc(flow.SentChannels(instr), func(ch ssa.Value) bool { return fields[flow.LoadedField(ch)] })
	})
}

// receives reports whether fn receives from a channel: it waits for
// something, a reply or the loop's end, and what it touches after may be
// ordered by that.
func receives(fn *ssa.Function) bool {
	return anyInstr(fn, func(instr ssa.Instruction) bool { return len(flow.ReceivedChannels(instr)) > 0 })
}

func anyInstr(fn *ssa.Function, is func(ssa.Instruction) bool) bool {
	for _, b := range fn.Blocks {
		if slices.ContainsFunc(b.Instrs, is) {
			return true
		}
	}
	return false
}

// racingFields names, sorted, the fields m touches, itself and in what it
// calls in place, that race with the loop: it reads or writes one the
// loop writes without a lock, or writes without a lock one the loop
// reads. Fields safe from anywhere (atomics, locks, channels; :any, or
// loaded through a once) do not.
func (s *Suggester) racingFields(m *ssa.Function, loopWrites, loopReads fieldSet) []string {
	var out []string
	for key := range union(union(s.written.readsOf(m), s.written.of(m)), s.written.unlockedOf(m)) {
		ownWrite := s.written.unlockedOf(m)[key]
		if !loopWrites[key] && !(ownWrite && loopReads[key]) || !s.ownedField(key) || s.safeField(key) {
			continue
		}
		out = append(out, key[strings.LastIndex(key, ".")+1:])
	}
	slices.Sort(out)
	return out
}

// ownedField reports whether the field a key names is confined state,
// written or proposed so: its own, or its type's. Fields of values handed
// over (a request's error, which the loop fills) are not.
func (s *Suggester) ownedField(key string) bool {
	f := s.fieldOf(key)
	return f != nil && (s.says(f, directive.VerbOwner) || s.says(s.typeObject(key[:strings.LastIndex(key, ".")]), directive.VerbOwner))
}

// safeField reports whether the field a key names may be touched from
// anywhere: its type is safe, it is :any, proposed so, or ordered by a
// once.
func (s *Suggester) safeField(key string) bool {
	if s.written.orderedByOnce()[key] {
		return true
	}
	f := s.fieldOf(key)
	if f == nil {
		return true
	}
	return model.ConcurrencySafe(f.Type()) || s.says(f, directive.VerbAny)
}

// fieldOf resolves a field key, "pkgpath.T.f", to the field of a type of
// the main module in view, or nil.
func (s *Suggester) fieldOf(key string) *types.Var {
	i := strings.LastIndex(key, ".")
	obj := s.typeObject(key[:i])
	if obj == nil {
		return nil
	}
	return names.FieldNamed(obj, key[i+1:])
}
