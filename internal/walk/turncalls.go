package walk

// This file is the code that runs in an actor's turn, and what of it other
// packages fill in: the exported interface methods and the hooks of the
// package that the turns of its actors call. A package wiring another
// actor's value there (a worker telling a Tracker about each finished
// job, the dispatcher handed over as that Tracker; a closure of the
// dispatcher's stored in the worker's OnIdle) runs that actor's code off
// its own mailbox: only that package sees both (see report's
// converted.go and turnhooks.go).

import (
	"go/types"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/where"
	"golang.org/x/tools/go/ssa"
)

// maxTurnDepth bounds how deep the helpers a turn calls are followed.
const maxTurnDepth = 4

// TurnActor returns the actor fn is a turn of: its receiver's type, when
// fn runs on an owner and that type's values have mailboxes of their own
// (model's Turns.Mailbox). Otherwise nil.
func (c *Package) TurnActor(fn *ssa.Function) *types.Named {
	recv := fn.Signature.Recv()
	if recv == nil {
		return nil
	}
	if _, ok := c.M.RunsOn(fn); !ok {
		return nil
	}
	if named := names.DerefNamed(recv.Type()); named != nil && c.M.Turns.Mailbox(named) {
		return named.Origin()
	}
	return nil
}

// InTurn calls visit with each helper of the package that fn, code on an
// owner, calls on its own goroutine (not itself known to run on an
// owner), callees first, then with fn at depth 0: all of it runs in fn's
// turn.
func (c *Package) InTurn(fn *ssa.Function, visit func(fn *ssa.Function, depth int)) {
	seen := make(map[*ssa.Function]bool)
	var walk func(fn *ssa.Function, depth int)
	walk = func(fn *ssa.Function, depth int) {
		if seen[fn] || depth > maxTurnDepth {
			return
		}
		seen[fn] = true
		for _, callee := range flow.StaticCalls(fn) {
			if _, own := c.M.RunsOn(callee); !own && c.Walks[callee] != nil {
				walk(callee, depth+1)
			}
		}
		visit(fn, depth)
	}
	walk(fn, 0)
}

// exportTurnFacts publishes what of the package its actors' turns call
// that importers fill in, with the actors (model's TurnFact): the methods
// of its exported interfaces, and its hooks (where.IsHook).
func (c *Package) exportTurnFacts() {
	called := make(map[types.Object][]*types.Named)
	for _, fn := range c.Fns {
		actor := c.TurnActor(fn)
		if actor == nil {
			continue
		}
		c.InTurn(fn, func(fn *ssa.Function, _ int) {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if _, goes := instr.(*ssa.Go); goes {
						continue // off the owner: an EntryFact's
					}
					call, ok := instr.(ssa.CallInstruction)
					if !ok {
						continue
					}
					if m := call.Common().Method; m != nil && model.ExportedInterface(m) {
						called[m] = append(called[m], actor)
					} else if f := calledField(call.Common()); where.IsHook(f, c.pass.Pkg, c.storedHooks()) {
						called[f] = append(called[f], actor)
					}
				}
			}
		})
	}
	c.M.View.ExportTurnFacts(called)
}
