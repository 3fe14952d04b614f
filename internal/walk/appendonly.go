package walk

// This file finds the slice fields whose entries no code rewrites: the
// owner only grows them by appending to themselves, or replaces them with
// other slices. A goroutine reading the entries of such a slice, handed
// the field's value (go w.publish(w.subs)) or capturing a variable
// holding it (hooks := q.hooks; go func() { for _, h := range hooks ...
// }()), reads entries nobody writes again: an append past the end of the
// array it holds leaves them be.

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"golang.org/x/tools/go/ssa"
)

// maxEntryDepth bounds how many calls deep rewritesEntries follows a
// slice handed on.
const maxEntryDepth = 3

// appendOnly reports whether f is an unexported slice field of the
// package whose entries no code of it rewrites (see the file comment).
// Code of other packages cannot reach an unexported field but through
// what the package hands them, which rewritesEntries follows.
func (c *Package) appendOnly(f *types.Var) bool {
	if f == nil || f.Exported() || f.Pkg() != c.pass.Pkg {
		return false
	}
	if _, ok := f.Type().Underlying().(*types.Slice); !ok {
		return false
	}
	return flow.Memoized(c.appended, f, c.findAppendOnly)
}

func (c *Package) findAppendOnly(f *types.Var) bool {
	for _, fn := range c.Fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				fa, ok := instr.(*ssa.FieldAddr)
				if !ok || flow.FieldOf(fa) != f {
					continue
				}
				for _, ref := range flow.Referrers(fa) {
					switch r := ref.(type) {
					case *ssa.UnOp:
						if r.Op != token.MUL || rewritesEntries(r, false, maxEntryDepth, make(map[ssa.Value]bool)) {
							return false
						}
					case *ssa.Store:
						if r.Addr != fa || keepsArray(r.Val, f) {
							return false
						}
					case *ssa.DebugRef:
					default:
						return false // its address handed on: anything may follow
					}
				}
			}
		}
	}
	return true
}

// keepsArray reports whether v, stored in the field f, is a cut of f's
// own array (s.items = s.items[:0]), whose next appends rewrite the
// entries a reader of the old slice holds. An append to f grows it, and
// any other value is another array.
func keepsArray(v ssa.Value, f *types.Var) bool {
	cut, ok := v.(*ssa.Slice)
	if !ok {
		return false
	}
	load, ok := cut.X.(*ssa.UnOp)
	return !ok || load.Op != token.MUL || flow.FieldOf(load.X) == f || flow.FieldOf(load.X) == nil
}

// rewritesEntries reports whether code may write an entry of the slice v
// through it: an element's address written, an append to a cut of it
// (append(s[:i], s[i+1:]...) writes over entry i), a call that may (copy,
// clear, a function without a body, one following it too deep), or v
// handed where it cannot be followed (returned, stored, boxed). Reading
// entries, len, cap, appending from it and appending to the whole slice,
// past its end, write none. cut says v is a cut of the field's slice.
func rewritesEntries(v ssa.Value, cut bool, depth int, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return false
	}
	seen[v] = true
	for _, ref := range flow.Referrers(v) {
		switch r := ref.(type) {
		case *ssa.IndexAddr:
			if !onlyRead(r) {
				return true
			}
		case *ssa.Slice:
			if rewritesEntries(r, true, depth, seen) {
				return true
			}
		case *ssa.Phi:
			if rewritesEntries(r, cut, depth, seen) {
				return true
			}
		case *ssa.MakeClosure:
			for i, b := range r.Bindings {
				if b == v && rewritesEntries(r.Fn.(*ssa.Function).FreeVars[i], cut, depth, seen) {
					return true
				}
			}
		case ssa.CallInstruction:
			if callRewrites(r.Common(), v, cut, depth, seen) {
				return true
			}
		case *ssa.Store:
			// hooks := s.hooks, a variable a literal captures: what is
			// loaded from it.
			cell, ok := r.Addr.(*ssa.Alloc)
			if !ok || r.Val != v || rewritesHeld(cell, cut, depth, seen) {
				return true
			}
		case *ssa.DebugRef, *ssa.BinOp:
		default:
			return true
		}
	}
	return false
}

// rewritesHeld is rewritesEntries for the slices loaded from the variable
// cell, a local one or one a literal captures (a FreeVar of it).
func rewritesHeld(cell ssa.Value, cut bool, depth int, seen map[ssa.Value]bool) bool {
	for _, ref := range flow.Referrers(cell) {
		switch r := ref.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL || rewritesEntries(r, cut, depth, seen) {
				return true
			}
		case *ssa.Store:
			if r.Addr != cell {
				return true // the variable's address stored
			}
		case *ssa.MakeClosure:
			for i, b := range r.Bindings {
				if b == cell && rewritesHeld(r.Fn.(*ssa.Function).FreeVars[i], cut, depth, seen) {
					return true
				}
			}
		case *ssa.DebugRef:
		default:
			return true
		}
	}
	return false
}

// onlyRead reports whether the element address addr is only loaded, or
// its fields' addresses are (s[i].name).
func onlyRead(addr ssa.Value) bool {
	return !slices.ContainsFunc(flow.Referrers(addr), func(ref ssa.Instruction) bool {
		switch r := ref.(type) {
		case *ssa.UnOp:
			return r.Op != token.MUL
		case *ssa.FieldAddr:
			return !onlyRead(r)
		case *ssa.DebugRef:
			return false
		}
		return true
	})
}

// callRewrites reports whether call, handed the slice v, may write its
// entries (see rewritesEntries).
func callRewrites(call *ssa.CallCommon, v ssa.Value, cut bool, depth int, seen map[ssa.Value]bool) bool {
	if b, ok := call.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "len", "cap", "print", "println":
			return false
		case "append":
			return cut && call.Args[0] == v // to a cut, over its tail; to the whole, past its end; from it, a read
		}
		return true // copy, clear
	}
	callee := call.StaticCallee()
	if callee == nil || callee.Blocks == nil || depth == 0 {
		return true
	}
	for i, a := range call.Args {
		if a == v && (i >= len(callee.Params) || rewritesEntries(callee.Params[i], cut, depth-1, seen)) {
			return true
		}
	}
	return false
}
