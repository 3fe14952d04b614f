package syntax

// This file finds which exported fields holding funcs each function calls
// the funcs of (summary.CallsFields), for a package that takes no SSA: an
// importer storing a hook there (imp.OnProgress = ...) and calling the
// function off the owner runs the hook there.

import (
	"go/types"
	"maps"
	"slices"

	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/where"
)

// calledFields lists, for each declared function, the package's hooks
// (where.Hook) whose funcs it calls on its own goroutine, itself or
// through the package's functions it calls. Most packages call no hook:
// one look at the selections tells.
func (p *sinkPass) calledFields() map[*types.Func][]summary.FieldRef {
	if !p.selectsHooks() {
		return nil
	}
	keys := make(map[*types.Func]map[summary.FieldRef]bool)
	callees := make(map[*types.Func][]*types.Func)
	for fn, fd := range names.DeclaredFuncs(p.pass) {
		if fd.Body == nil {
			continue
		}
		for _, ev := range p.events(fd.Body, false) {
			if ev.kind != callEvent {
				continue
			}
			if ref, ok := where.Hook(ev.field, p.pass.Pkg, p.stored); ok {
				if keys[fn] == nil {
					keys[fn] = make(map[summary.FieldRef]bool)
				}
				keys[fn][ref] = true
			}
			if ev.callee != nil && ev.callee.Pkg() == p.pass.Pkg {
				callees[fn] = append(callees[fn], ev.callee.Origin())
			}
		}
	}
	for grew := len(keys) > 0; grew; {
		grew = false
		for fn, cs := range callees {
			for _, callee := range cs {
				for key := range keys[callee] {
					if !keys[fn][key] {
						if keys[fn] == nil {
							keys[fn] = make(map[summary.FieldRef]bool)
						}
						keys[fn][key], grew = true, true
					}
				}
			}
		}
	}
	out := make(map[*types.Func][]summary.FieldRef, len(keys))
	for fn, ks := range keys {
		out[fn] = slices.Collect(maps.Keys(ks)) // AddCalledField sorts them
	}
	return out
}

// selectsHooks reports whether the package's code selects a hook of its
// own (where.IsHook).
func (p *sinkPass) selectsHooks() bool {
	for _, s := range p.info.Selections {
		if f, ok := s.Obj().(*types.Var); ok && where.IsHook(f, p.pass.Pkg, p.stored) {
			return true
		}
	}
	return false
}

// withCalledFields adds to sum, what the sinks found of fn (nil for none),
// the fields fn calls the funcs of: a fact saying that says, of the rest,
// what callers assume without one (summary.Unknown).
func withCalledFields(fn *types.Func, sum *summary.Summary, keys []summary.FieldRef) *summary.Summary {
	var out summary.Summary
	if sum != nil {
		out = sum.Clone()
	} else {
		out = summary.Unknown(fn.Signature())
	}
	for _, key := range keys {
		out.AddCalledField(key)
	}
	return &out
}
