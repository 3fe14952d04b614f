package report

// This file finds state a sync.Once publishes: fields that only code a
// Once of the value runs writes, and that other code reads only after it
// calls that Once's Do, which returns once the func it ran is done. A
// loader filling cfg in once.Do, on a prefetch goroutine or on its
// caller, and a Get returning cfg after its own once.Do race on nothing;
// a field the once-run code writes that Age reads without the Once does.

import (
	"go/types"
	"maps"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/walk"
	"golang.org/x/tools/go/ssa"
)

// withoutOncePublished is wit without what a sync.Once publishes (see
// oncePublished): a call's other reaches, or nothing to report.
func (r *reporter) withoutOncePublished(wit summary.Witness) (summary.Witness, bool) {
	if wit.Action != summary.ActionCalls {
		return wit, !r.oncePublished(wit.Member)
	}
	if len(wit.Reaches) == 0 {
		return wit, true
	}
	kept := slices.DeleteFunc(slices.Clone(wit.Reaches), func(x summary.Reach) bool { return r.oncePublished(x.Member) })
	wit.Reaches = kept
	return wit, len(kept) > 0
}

// oncePublished reports whether member is a field of the package that
// only code run by the Do of one sync.Once field of the same struct
// writes, and that any other code reads only after a call of that Do.
func (r *reporter) oncePublished(member string) bool {
	if r.published == nil {
		r.published = r.findOncePublished()
	}
	f, _ := r.memberField(member)
	return f != nil && r.published[f]
}

// A onceSet is the sync.Once fields that every run of a function is under.
type onceSet map[*types.Var]bool

func (r *reporter) findOncePublished() map[*types.Var]bool {
	done := &doneBefore{at: make(map[ssa.Instruction]onceSet), in: make(map[*ssa.Function]onceSet)}
	under, after, hasDo := r.onceOrder(done)
	if !hasDo {
		return map[*types.Var]bool{} // no Once in the package: most have none
	}
	type access struct {
		fn    *ssa.Function
		instr ssa.Instruction
		write bool
	}
	byField := make(map[*types.Var][]access)
	owner := make(map[*types.Var]*types.Struct)
	for _, fn := range r.c.Fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				x, index, write, ok := walk.FieldTouch(instr, nil)
				if !ok {
					continue
				}
				st, isStruct := names.DerefUnder(x.Type()).(*types.Struct)
				if !isStruct || index >= st.NumFields() {
					continue
				}
				f := st.Field(index).Origin()
				if f.Pkg() != r.c.Pass().Pkg {
					continue
				}
				byField[f] = append(byField[f], access{fn, instr, write})
				owner[f] = st
			}
		}
	}
	out := make(map[*types.Var]bool)
	for f, accesses := range byField {
		// The Onces of f's struct that every write is under.
		var common onceSet
		for _, a := range accesses {
			if !a.write {
				continue
			}
			if common == nil {
				common = maps.Clone(under[a.fn])
			} else {
				maps.DeleteFunc(common, func(o *types.Var, _ bool) bool { return !under[a.fn][o] })
			}
		}
		for o := range common {
			if !hasField(owner[f], o) {
				continue
			}
			published := true
			for _, a := range accesses {
				if !a.write && !after[a.fn][o] && !done.of(a.instr)[o] {
					published = false
					break
				}
			}
			if published {
				out[f] = true
				break
			}
		}
	}
	return out
}

// onceRef is a place that runs a function of the package: a call, a go
// statement, or a Do of a Once field handed it.
type onceRef struct {
	from *ssa.Function
	at   ssa.Instruction
	once *types.Var // the Once whose Do runs it, or nil
	goes bool       // in a go statement
}

// onceOrder maps the package's functions to the Once fields every run of
// them is under (inside the Do: a func handed to a Do, and what the code
// calling that Do is under, but for a go statement's) and those every run
// of them comes after (those, and the Onces whose Do ran before every call
// of them, or in their callers). A function the package only calls runs
// under, and after, what all its callers do; others (exported ones, those
// taken as values) under and after none.
func (r *reporter) onceOrder(done *doneBefore) (under, after map[*ssa.Function]onceSet, hasDo bool) {
	refs := make(map[*ssa.Function][]onceRef)
	other := make(map[*ssa.Function]bool) // referenced some other way
	fns := r.c.Fns
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if mc, ok := instr.(*ssa.MakeClosure); ok {
					for _, use := range flow.Referrers(mc) {
						if call, ok := use.(ssa.CallInstruction); !ok || onceDo(call.Common()) == nil {
							other[mc.Fn.(*ssa.Function)] = true
						}
					}
					continue
				}
				call, isCall := instr.(ssa.CallInstruction)
				_, goes := instr.(*ssa.Go)
				if isCall {
					if o := onceDo(call.Common()); o != nil {
						hasDo = true
						for _, t := range flow.FuncTargets(call.Common().Args[1]) {
							ref := onceRef{fn, instr, o, goes}
							refs[t.Fn] = append(refs[t.Fn], ref)
							if t.Fn.Synthetic != "" { // a bound method's wrapper
								for _, callee := range flow.StaticCalls(t.Fn) {
									refs[callee] = append(refs[callee], ref)
								}
							}
						}
						continue
					}
					if _, deferred := instr.(*ssa.Defer); !deferred {
						if callee := call.Common().StaticCallee(); callee != nil {
							refs[callee] = append(refs[callee], onceRef{from: fn, at: instr, goes: goes})
						}
					}
				}
				var ops []*ssa.Value
				for i, op := range instr.Operands(ops) {
					if callee, ok := (*op).(*ssa.Function); ok && (!isCall || i != 0) {
						other[callee] = true
					}
				}
			}
		}
	}
	settle := func(contribution func(ref onceRef, sofar map[*ssa.Function]onceSet) onceSet) map[*ssa.Function]onceSet {
		sofar := make(map[*ssa.Function]onceSet, len(fns))
		for changed := true; changed; {
			changed = false
			for _, fn := range fns {
				if other[fn] || len(refs[fn]) == 0 || fn.Object() != nil && fn.Object().Exported() {
					continue
				}
				var set onceSet
				for i, ref := range refs[fn] {
					from := contribution(ref, sofar)
					if i == 0 {
						set = from
					} else {
						maps.DeleteFunc(set, func(o *types.Var, _ bool) bool { return !from[o] })
					}
				}
				if len(set) > len(sofar[fn]) {
					sofar[fn], changed = set, true
				}
			}
		}
		return sofar
	}
	under = settle(func(ref onceRef, sofar map[*ssa.Function]onceSet) onceSet {
		from := onceSet{}
		if !ref.goes {
			maps.Copy(from, sofar[ref.from])
		}
		if ref.once != nil {
			from[ref.once] = true
		}
		return from
	})
	after = settle(func(ref onceRef, sofar map[*ssa.Function]onceSet) onceSet {
		from := maps.Clone(under[ref.from])
		if from == nil {
			from = onceSet{}
		}
		maps.Copy(from, sofar[ref.from])
		if ref.once != nil {
			from[ref.once] = true
		}
		for o := range done.of(ref.at) {
			from[o] = true
		}
		return from
	})
	return under, after, hasDo
}

// doneBefore memoizes, by instruction, the Once fields whose Do, called
// there or in a function of the package called there, runs before it on
// every path to it, and by function the Onces whose Do it calls.
type doneBefore struct {
	at map[ssa.Instruction]onceSet
	in map[*ssa.Function]onceSet
}

func (d *doneBefore) of(instr ssa.Instruction) onceSet {
	if out, ok := d.at[instr]; ok {
		return out
	}
	var out onceSet
	for _, b := range instr.Parent().Blocks {
		for _, i := range b.Instrs {
			call, ok := i.(*ssa.Call)
			if !ok || !flow.Dominates(i, instr) {
				continue
			}
			if o := onceDo(call.Common()); o != nil {
				out = out.with(o)
			} else if callee := call.Common().StaticCallee(); callee != nil && callee.Pkg == instr.Parent().Pkg {
				for o := range d.doneIn(callee) {
					out = out.with(o)
				}
			}
		}
	}
	d.at[instr] = out
	return out
}

func (s onceSet) with(o *types.Var) onceSet {
	if s == nil {
		s = onceSet{}
	}
	s[o] = true
	return s
}

// doneIn are the Once fields whose Do fn calls (not in a go statement).
func (d *doneBefore) doneIn(fn *ssa.Function) onceSet {
	if out, ok := d.in[fn]; ok {
		return out
	}
	var out onceSet
	for _, b := range fn.Blocks {
		for _, i := range b.Instrs {
			if call, ok := i.(*ssa.Call); ok {
				if o := onceDo(call.Common()); o != nil {
					out = out.with(o)
				}
			}
		}
	}
	d.in[fn] = out
	return out
}

// onceDo returns the Once field whose Do call calls, or nil.
func onceDo(call *ssa.CallCommon) *types.Var {
	callee := call.StaticCallee()
	if callee == nil || callee.Object() == nil || names.FuncName(callee.Object().(*types.Func)) != "(*sync.Once).Do" || len(call.Args) != 2 {
		return nil
	}
	return flow.FieldOf(call.Args[0])
}

// hasField reports whether f is a field of st (of its generic origin).
func hasField(st *types.Struct, f *types.Var) bool {
	for i := range st.NumFields() {
		if st.Field(i).Origin() == f {
			return true
		}
	}
	return false
}
