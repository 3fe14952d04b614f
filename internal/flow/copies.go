package flow

// This file is what the library knows of copying collections: a copy of a
// slice or map of funcs holds the same funcs, so calling them calls the
// funcs of the field copied (subs := slices.Clone(b.subs); for _, fn :=
// range subs { fn(ev) }), whichever evaluator reads the code.

import (
	"go/token"

	"go/types"

	"golang.org/x/tools/go/ssa"
)

// copyFuncs are the functions whose result holds the elements of their
// argument: the argument's index, and whether the result is new memory.
var copyFuncs = map[string]struct {
	arg int
	new bool
}{
	"slices.Clone": {0, true},  // a shallow copy of the slice
	"maps.Clone":   {0, true},  // a shallow copy of the map
	"slices.Clip":  {0, false}, // the same slice, capacity trimmed
}

// CopiedArg returns the index of the argument whose elements a call of fn
// returns, if fn copies a collection.
func CopiedArg(fn *types.Func) (int, bool) {
	if fn == nil || fn.Pkg() == nil {
		return 0, false
	}
	c, ok := copyFuncs[fn.Pkg().Path()+"."+fn.Name()]
	return c.arg, ok
}

// NewCopy reports whether fn returns new memory holding its argument's
// elements (slices.Clone, maps.Clone): of plain elements, a copy nobody
// else reaches.
func NewCopy(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && copyFuncs[fn.Pkg().Path()+"."+fn.Name()].new
}

// CopySource returns the collection whose elements v holds when v is a
// copy of it: a call of a copying function, an append of its elements
// (append(x[:0:0], x...), append(other, x...)), a reslice, a slice made
// and filled by copy(dst, x), or a literal's capture of one. Otherwise it
// returns v.
func CopySource(v ssa.Value) ssa.Value {
	for range 4 { // copies of copies, a few deep
		next := copySource(v)
		if next == v {
			return v
		}
		v = next
	}
	return v
}

func copySource(v ssa.Value) ssa.Value {
	switch x := v.(type) {
	case *ssa.FreeVar: // a literal's capture: what its one maker captured (go func() { for _, fn := range subs {...} }())
		if bound := CapturedValue(x); bound != nil {
			return bound
		}
	case *ssa.UnOp: // the same, captured as a variable: what its maker stored in it, once
		if fv, ok := x.X.(*ssa.FreeVar); ok && x.Op == token.MUL {
			if held, cell := HeldValue(CapturedValue(fv)); cell != nil {
				return held
			}
		}
	case *ssa.Slice:
		return x.X
	case *ssa.MakeSlice:
		for _, ref := range Referrers(x) {
			if call, ok := ref.(*ssa.Call); ok && IsBuiltin(call, "copy") && len(call.Call.Args) == 2 && call.Call.Args[0] == x {
				return call.Call.Args[1]
			}
		}
	case *ssa.Call:
		if IsBuiltin(x, "append") && len(x.Call.Args) == 2 {
			return x.Call.Args[1] // what append(x, y...) adds
		}
		if fn, ok := x.Call.Value.(*ssa.Function); ok {
			if i, ok := CopiedArg(DeclaredFunc(fn)); ok && i < len(x.Call.Args) {
				return x.Call.Args[i]
			}
		}
	}
	return v
}

// IsBuiltin reports whether call calls the built-in function name.
func IsBuiltin(call *ssa.Call, name string) bool {
	b, ok := call.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == name
}
