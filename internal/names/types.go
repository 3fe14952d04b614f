package names

// This file holds the helpers that look through pointers to the type
// behind them.

import (
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"strings"
)

// DerefNamed returns the named type of t or *t, resolving generic
// instantiations to their origin.
func DerefNamed(t types.Type) *types.Named {
	if ptr, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, _ := types.Unalias(t).(*types.Named)
	if named != nil {
		named = named.Origin()
	}
	return named
}

// DerefUnder returns the underlying type of t, or of *t when t is a
// pointer: the struct a field selection on t selects from.
func DerefUnder(t types.Type) types.Type {
	t = t.Underlying()
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem().Underlying()
	}
	return t
}

// ReceiverNamed returns the named type of fn's receiver (the origin of a
// generic one), or nil.
func ReceiverNamed(fn *types.Func) *types.Named {
	if recv := fn.Signature().Recv(); recv != nil {
		return DerefNamed(recv.Type())
	}
	return nil
}

// AddressableMethodSet is the method set of a variable of type t: that of
// *t, unless t is a pointer or an interface already.
func AddressableMethodSet(t types.Type) *types.MethodSet {
	if _, isPtr := t.Underlying().(*types.Pointer); isPtr || types.IsInterface(t) {
		return types.NewMethodSet(t)
	}
	return types.NewMethodSet(types.NewPointer(t))
}

// PackagesInView maps the import path of pkg and of every package it
// depends on to the package.
func PackagesInView(pkg *types.Package) map[string]*types.Package {
	view := map[string]*types.Package{pkg.Path(): pkg}
	queue := []*types.Package{pkg}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, imp := range p.Imports() {
			if view[imp.Path()] == nil {
				view[imp.Path()] = imp
				queue = append(queue, imp)
			}
		}
	}
	return view
}

// InterfaceMethods yields the methods that pkg's interface types declare
// themselves, with their type: not those of embedded interfaces, nor those
// of an interface defined from another package's (type J other.I), whose
// methods, facts and positions are the other package's.
func InterfaceMethods(pkg *types.Package) iter.Seq2[*types.TypeName, *types.Func] {
	return func(yield func(*types.TypeName, *types.Func) bool) {
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			iface, ok := tn.Type().Underlying().(*types.Interface)
			if !ok {
				continue
			}
			for m := range iface.ExplicitMethods() {
				if m.Pkg() == pkg && !yield(tn, m) {
					return
				}
			}
		}
	}
}

// FileOf returns the file of files that holds pos, or nil.
func FileOf(files []*ast.File, pos token.Pos) *ast.File {
	for _, f := range files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// HeldStruct is the named struct type whose values a slice or array of
// type t holds, or nil.
func HeldStruct(t types.Type) *types.Named {
	var elem types.Type
	switch u := t.Underlying().(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	default:
		return nil
	}
	named, _ := types.Unalias(elem).(*types.Named)
	if named == nil || !IsStruct(named) {
		return nil
	}
	return named
}

// SharesMemory reports whether a value of type t refers to memory a copy
// shares with the original: a pointer, map, slice, channel, interface or
// func, or a struct or array holding one. Strings are immutable.
func SharesMemory(t types.Type) bool {
	if IsNamedType(t, "time", "Time") {
		return false // its *Location is never written once made
	}
	if p, ok := t.(*types.Pointer); ok && IsNamedType(p.Elem(), "time", "Location") {
		return false // nor is a *Location handed on its own (time.LoadLocation's)
	}
	switch t := t.Underlying().(type) {
	case *types.Basic:
		return t.Kind() == types.UnsafePointer
	case *types.Struct:
		for f := range t.Fields() {
			if SharesMemory(f.Type()) {
				return true
			}
		}
		return false
	case *types.Array:
		return SharesMemory(t.Elem())
	}
	return true
}

// SplitMember splits a member as witnesses name it ("pkg.T.f", "pkg.T" or
// "pkg.T[other.U].f") into its package's name, its type's name without
// type arguments, and its field ("" for the type itself).
func SplitMember(member string) (pkg, typeName, field string, ok bool) {
	pkg, rest, ok := strings.Cut(member, ".")
	if !ok {
		return "", "", "", false
	}
	typeName = rest
	// Type arguments may hold dots: the field follows the closing bracket.
	if i := strings.LastIndex(rest, "."); i > strings.LastIndex(rest, "]") {
		typeName, field = rest[:i], rest[i+1:]
	}
	typeName, _, _ = strings.Cut(typeName, "[")
	return pkg, typeName, field, true
}

// FieldNamed returns the field called name of the struct type obj names,
// or nil.
func FieldNamed(obj *types.TypeName, name string) *types.Var {
	st, ok := obj.Type().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for f := range st.Fields() {
		if f.Name() == name {
			return f
		}
	}
	return nil
}

// SelectedField returns the struct field e selects (x.f), the origin of a
// generic one, if e selects one.
func SelectedField(info *types.Info, e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
		return s.Obj().(*types.Var).Origin()
	}
	return nil
}

// SameLine reports whether a and b are on one line of one file.
func SameLine(fset *token.FileSet, a, b token.Pos) bool {
	pa, pb := fset.Position(a), fset.Position(b)
	return pa.Filename == pb.Filename && pa.Line == pb.Line
}

// Embeds reports whether the struct type outer embeds inner, as a value
// or through a pointer.
func Embeds(outer, inner *types.Named) bool {
	st, ok := outer.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if f := st.Field(i); f.Embedded() {
			if named := DerefNamed(f.Type()); named != nil && named.Origin() == inner.Origin() {
				return true
			}
		}
	}
	return false
}

// HasMutex reports whether the struct type t has a sync.Mutex or
// sync.RWMutex field: a value that guards itself.
func HasMutex(t types.Type) bool {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if n := DerefNamed(f.Type()); n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" &&
			(n.Obj().Name() == "Mutex" || n.Obj().Name() == "RWMutex") {
			return true
		}
	}
	return false
}

// PlainElements reports whether the slice or map type t holds elements
// (and keys) that share no memory: a copy of it is all new.
func PlainElements(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return !SharesMemory(u.Elem())
	case *types.Map:
		return !SharesMemory(u.Key()) && !SharesMemory(u.Elem())
	}
	return false
}
