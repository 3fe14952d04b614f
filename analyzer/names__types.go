package analyzer

// This file holds the helpers that look through pointers to the type
// behind them.

import "go/types"

// derefNamed returns the named type of t or *t, resolving generic
// instantiations to their origin.
func derefNamed(t types.Type) *types.Named {
	if ptr, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, _ := types.Unalias(t).(*types.Named)
	if named != nil {
		named = named.Origin()
	}
	return named
}

// derefUnder returns the underlying type of t, or of *t when t is a
// pointer: the struct a field selection on t selects from.
func derefUnder(t types.Type) types.Type {
	t = t.Underlying()
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem().Underlying()
	}
	return t
}

// receiverNamed returns the named type of fn's receiver (the origin of a
// generic one), or nil.
func receiverNamed(fn *types.Func) *types.Named {
	if recv := fn.Signature().Recv(); recv != nil {
		return derefNamed(recv.Type())
	}
	return nil
}

// addressableMethodSet is the method set of a variable of type t: that of
// *t, unless t is a pointer or an interface already.
func addressableMethodSet(t types.Type) *types.MethodSet {
	if _, isPtr := t.Underlying().(*types.Pointer); isPtr || types.IsInterface(t) {
		return types.NewMethodSet(t)
	}
	return types.NewMethodSet(types.NewPointer(t))
}
