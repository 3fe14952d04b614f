package model

// This file is what directives say about touching: which types are
// confined, which methods are safe from anywhere (:any) or owner-only,
// and which calls touch confined state whatever their bodies do.

import (
	"go/types"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/ssa"
)

// ConfinedNamed returns the confined named type of t or *t, or nil.
func (m *Model) ConfinedNamed(t types.Type) *types.Named {
	named := names.DerefNamed(t)
	if named == nil {
		return nil
	}
	if d := m.Directives(named.Obj()); d != nil && d.Owner {
		return named
	}
	if _, ok := m.Turns.Owner(named); ok {
		return named
	}
	return nil
}

// HoldsConfined reports whether a value of type t (or *t) holds confined
// state: its type is confined, or some of its fields are (//confined:owner
// on the field).
func (m *Model) HoldsConfined(t types.Type) bool {
	if m.ConfinedNamed(t) != nil {
		return true
	}
	named := names.DerefNamed(t)
	if named == nil {
		return false
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if d := m.Directives(f.Origin()); d != nil && d.Owner { // a generic type's field, as declared
			return true
		}
	}
	return false
}

// OwnerOnly reports whether fn is marked //confined:owner: it must run on
// the owner whatever its body does.
func (m *Model) OwnerOnly(fn *types.Func) bool {
	d := m.Directives(fn)
	return d != nil && d.Owner
}

// BodyInView reports whether fn's package has told what fn's body does even
// without a summary fact: it exports the summary of every exported function
// that says more than callers assume without one (see exportSummaries), and
// a confined method's package always takes the SSA path. Methods reached
// only through embedding in another package (unexported ones), and those
// of types confined by a declaration, stay out of view.
func (m *Model) BodyInView(fn *types.Func) bool {
	return fn.Pkg() != m.pass.Pkg && fn.Exported() && !m.ConfinedByDeclaration(names.ReceiverNamed(fn))
}

// ConfinedByDeclaration reports whether named is confined by a declaration
// (or a turn it implements) that its own package may not see: its methods
// may have been summarized as touching nothing, so calling one counts as
// a touch whatever its summary says. A turn its package sees as this one
// does (Turns.SeenBy) leaves its summaries to say what a call touches: a
// game's Ping that locks for what it writes touches nothing.
func (m *Model) ConfinedByDeclaration(named *types.Named) bool {
	if named == nil {
		return false
	}
	obj := named.Origin().Obj()
	if f := m.Declared.Objects[obj]; f == nil || !f.Owner {
		if _, turn := m.Turns.Owner(named); !turn || m.Turns.SeenBy(named, obj.Pkg()) {
			return false // most types: no fact import on this path
		}
	}
	src := m.sourceDirectives(obj)
	return src == nil || !src.Owner
}

// ConfinedMethod reports whether fn is a method of a confined type.
func (m *Model) ConfinedMethod(fn *types.Func) bool {
	recv := names.ReceiverNamed(fn)
	return recv != nil && m.ConfinedNamed(recv) != nil
}

// InterfaceCallTouches reports whether calling the interface method m on
// a value of type recv touches confined state whatever the implementation
// does: recv or the interface declaring m is confined, or m is marked
// //confined:owner, and m is not :any. Such a method has no body to look
// into. recv matters when m is promoted into it from an embedded interface.
//
// The domain touched is the one m names, else that of m's interface, else
// that of recv.
func (m *Model) InterfaceCallTouches(method *types.Func, recv types.Type) (domain string, touches bool) {
	d := m.Directives(method)
	switch {
	case d != nil && d.Any:
		return "", false
	case d != nil && d.Owner:
		return m.OwnerFuncDomain(method), true
	case m.ConfinedMethod(method):
		return m.ReceiverDomain(method), true
	}
	if named := m.ConfinedNamed(recv); named != nil {
		return m.TypeDomain(named), true
	}
	return "", false
}

// IsAny reports whether fn is a //confined:any method: safe from anywhere,
// so neither a touch nor something to look into.
func (m *Model) IsAny(fn *ssa.Function) bool {
	obj := flow.DeclaredFunc(fn)
	if obj == nil {
		return false
	}
	d := m.Directives(obj)
	return d != nil && d.Any
}

// ConcurrencySafe reports whether a field of type t may be used from any
// goroutine: channels, the types of sync and sync/atomic, and structs
// and arrays made only of them (a statistic of atomic counters).
func ConcurrencySafe(t types.Type) bool {
	return concurrencySafe(t, maxSafeDepth)
}

// maxSafeDepth bounds how deep ConcurrencySafe looks into structs and
// arrays.
const maxSafeDepth = 4

func concurrencySafe(t types.Type, depth int) bool {
	if _, ok := t.Underlying().(*types.Chan); ok {
		return true
	}
	named := names.DerefNamed(t)
	if named != nil && named.Obj().Pkg() != nil {
		if path := named.Obj().Pkg().Path(); path == "sync" || path == "sync/atomic" {
			return true
		}
	}
	if depth == 0 {
		return false
	}
	if _, isPtr := t.Underlying().(*types.Pointer); isPtr {
		return false // the pointer itself may be replaced
	}
	switch u := t.Underlying().(type) {
	case *types.Struct: // a statistic made only of atomics: as safe as its parts
		for f := range u.Fields() {
			if !concurrencySafe(f.Type(), depth-1) {
				return false
			}
		}
		return u.NumFields() > 0
	case *types.Array:
		return concurrencySafe(u.Elem(), depth-1)
	}
	return false
}

// HopTarget returns the arguments fn runs on an owner, and that owner's
// domain, from its contract or, for a package-level function of a package
// imported only indirectly, whose object facts do not reach here, from the
// hop sinks passed on.
func (m *Model) HopTarget(fn *types.Func) (hop []int, domain string) {
	if hop := m.Contract(fn).Hop; len(hop) > 0 {
		return hop, m.HopDomain(fn)
	}
	if fn.Signature().Recv() == nil {
		key := directive.FuncKey(fn)
		for _, s := range m.View.ImportedHopSinks() {
			if s.Key == key {
				return s.Hop, s.Domain
			}
		}
	}
	return nil, ""
}

// ReadableAnywhere reports whether field f of a value of type t may be
// read off the owner: t is not confined, or f is :any.
func (m *Model) ReadableAnywhere(t types.Type, f *types.Var) bool {
	if m.ConfinedNamed(t) == nil {
		return true
	}
	d := m.Directives(f)
	return d != nil && d.Any
}

// CallableAnywhere reports whether calling the method fn touches no
// confined state whatever its body does: it is :any, or a method of a type
// that is neither confined nor an interface.
func (m *Model) CallableAnywhere(fn *types.Func) bool {
	if d := m.Directives(fn); d != nil && d.Any {
		return true
	}
	return !m.ConfinedMethod(fn) && !names.IsInterfaceMethod(fn)
}
