package report

// This file reports what the funcs this package stores in another
// package's hooks touch of an actor's state, when that package's actors
// call the hook in their turns (model's TurnFact): a cluster storing a
// dispatcher's closure in a worker's OnIdle, which the worker calls in its
// turns, off the dispatcher's mailbox. Only the package wiring the two
// sees both.

import (
	"cmp"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/walk"
	"golang.org/x/tools/go/ssa"
)

// reportTurnHooks reports, at each store of a func in another package's
// hook that its actors' turns call, what the func touches of another
// actor's state.
func (r *reporter) reportTurnHooks() {
	fs := r.c.Fields()
	if fs == nil {
		return
	}
	for _, f := range slices.SortedFunc(maps.Keys(fs.Stores), func(a, b *types.Var) int { return cmp.Compare(a.Pos(), b.Pos()) }) {
		actors := r.c.M.View.ImportedTurnActors(f)
		if len(actors) == 0 {
			continue
		}
		for _, s := range fs.Stores[f] {
			for _, v := range flow.StoredElements(s.Val) {
				for _, t := range r.calledTouches(v) {
					r.turnHookTouch(f, actors, s.Pos, t)
				}
			}
		}
	}
}

// A valueTouch is a touch of confined state through a value.
type valueTouch struct {
	v   ssa.Value
	wit summary.Witness
}

// calledTouches lists what calling the func v touches, through which
// values: the touches of the functions it may be (a closure's through
// what it captured), or, for a func another package's function returns,
// what that function's summary says the func touches (Summary.Returns).
func (r *reporter) calledTouches(v ssa.Value) []valueTouch {
	if targets := flow.FuncTargets(v); len(targets) > 0 {
		return r.targetTouches(targets, nil)
	}
	var out []valueTouch
	if call, ok := v.(*ssa.Call); ok {
		if callee := call.Common().StaticCallee(); callee != nil {
			if sum := r.c.SummaryOf(callee); sum != nil {
				for _, tc := range sum.Returns {
					out = append(out, valueTouch{walk.SourceValue(tc.Source, call.Common().Args, flow.Captures{}), tc.Witness})
				}
			}
		}
	}
	return out
}

// targetTouches lists what calling the functions targets, handed args,
// touches, through which values (nil for a touch through no one value).
func (r *reporter) targetTouches(targets []flow.FuncValue, args []ssa.Value) []valueTouch {
	var out []valueTouch
	for _, t := range targets {
		if sum := r.c.SummaryOf(t.Fn); sum != nil {
			for _, tc := range sum.Touches {
				out = append(out, valueTouch{walk.SourceValue(tc.Source, args, t.Bindings), tc.Witness})
			}
		}
	}
	return out
}

// turnHookTouch reports t, a touch of the func stored at pos in the hook
// f, which the turns of actors call, when it is of another actor's state.
func (r *reporter) turnHookTouch(f *types.Var, actors []*types.Named, pos token.Pos, t valueTouch) {
	for _, actor := range actors {
		other, ok := r.otherActor(walk.Entry{Pos: pos, Actor: actor}, t.v, t.wit.Recv)
		if !ok {
			continue
		}
		other.Sink = "the func stored in field " + f.Name() + " here, which runs in " + other.Sink
		r.add(finding{pos: pos, witness: t.wit, entry: other})
		return
	}
}
