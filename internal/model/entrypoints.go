package model

// This file is where code runs from the outside in: the entry points a
// framework calls on goroutines of its own. A function or method marked
// //confined:offowner, an implementation (in this package) of an interface
// method so marked, declared or built in (net/http's ServeHTTP), runs off
// the owner whoever calls it, and so does an exported method with
// net/http's handler signature; so does every value of a func type so
// marked (net/http.HandlerFunc), from where it is converted to that type.

import (
	"cmp"
	"go/types"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/ssa"
)

// Entries are the entry points in view: the code that runs off the owner
// whoever calls it, because a directive, a declaration, the built-in table
// or another package's facts say so.
type Entries struct {
	m       *Model
	entries *[]entryMethod // see entryMethods; nil until asked
	marked  *[]entryMethod // see markedEntries; nil until asked
}

// reset forgets what was computed from the directives, which changed.
func (e *Entries) reset() { e.entries, e.marked = nil, nil }

// An entryMethod is an interface method whose implementations run off the
// owner.
type entryMethod struct {
	method   *types.Func
	iface    *types.Interface // the interface marked, which may embed method's
	why      string           // for messages
	inferred bool             // from another package's EntryFact, not marked
	owned    []int            // for an inferred one, the arguments every call owns (EntryFact.Owned)
}

// markedOffOwner is how messages say a directive made code an entry point.
const markedOffOwner = "marked //confined:offowner"

// EntryPoint reports whether the body of fn, a function of the package,
// runs off the owner whoever calls it, and names it as the root of the
// findings in it. For a method that implements an interface another
// package was seen calling off the owner (EntryFact), inferred is that
// interface: only values that reach that package make it an entry point
// (see walk's EntryPoint).
func (e *Entries) EntryPoint(fn *ssa.Function) (sink string, inferred *types.Interface, ok bool) {
	obj := flow.DeclaredFunc(fn)
	if obj == nil || fn.Synthetic != "" {
		return "", nil, false
	}
	return e.EntryFunc(obj)
}

// EntryFunc reports whether obj, a declared function of the package, runs
// off the owner whoever calls it, and names it: a directive or declaration
// marks it offowner, or it implements an entry method (inferred is set as
// for EntryPoint). Most functions are neither, and the cheap checks come
// first: directives name few, and the full check of a method needs an
// entry method of its name.
func (e *Entries) EntryFunc(obj *types.Func) (sink string, inferred *types.Interface, ok bool) {
	if (e.m.Dirs.Objects[obj] != nil || e.m.Declared.Objects[obj] != nil) && e.m.Contract(obj).OffOwner {
		return e.SinkName(obj), nil, true
	}
	recv := obj.Signature().Recv()
	if recv == nil || names.IsInterfaceMethod(obj) {
		return "", nil, false
	}
	if e.isEntryName(obj.Name()) {
		for _, e := range e.entryMethods() {
			if e.implementedBy(obj) {
				if e.inferred {
					inferred = e.iface
				}
				return e.sinkFor(obj), inferred, true
			}
		}
	}
	if exportedHandler(obj) {
		return names.FuncName(obj) + ", an exported method with net/http's handler signature, " + httpServes, nil, true
	}
	return "", nil, false
}

// MarkedEntry reports whether obj, a method of another package's type
// that this package converts to iface, implements a method of iface that
// a directive or declaration marks offowner, or that another package
// calls off the owner (EntryFact), and names it as EntryFunc does. The
// built-in entry methods are left out: the type's own package knows them
// as well as this one.
func (e *Entries) MarkedEntry(obj *types.Func, iface *types.Interface) (sink string, ok bool) {
	for _, entry := range e.markedEntries() {
		if entry.implementedBy(obj) && slices.Contains(slices.Collect(iface.Methods()), entry.method) {
			return entry.sinkFor(obj), true
		}
	}
	return "", false
}

// sinkFor names obj, which implements e, as the sink of its findings.
func (e entryMethod) sinkFor(obj *types.Func) string {
	return names.FuncName(obj) + ", which implements " + names.FuncName(e.method) + ", " + e.why
}

// implementedBy reports whether the method obj implements e.
func (e entryMethod) implementedBy(obj *types.Func) bool {
	recv := obj.Signature().Recv().Type()
	return e.method.Name() == obj.Name() && (types.Implements(recv, e.iface) || types.Implements(types.NewPointer(recv), e.iface))
}

// OwnedArguments lists the positions of the arguments (the receiver is 0)
// that every call of obj, an entry point only because other packages call
// the interface methods it implements off the owner, passes a value the
// calling code owns (EntryFact.Owned): a snapshot an exporter is handed
// is the exporter's own. Nil for any other function.
func (e *Entries) OwnedArguments(obj *types.Func) []int {
	if e.m.Dirs.Objects[obj] != nil || e.m.Declared.Objects[obj] != nil || obj.Signature().Recv() == nil || !e.isEntryName(obj.Name()) {
		return nil
	}
	var owned []int
	matched := false
	for _, entry := range e.entryMethods() {
		if !entry.implementedBy(obj) {
			continue
		}
		if !entry.inferred {
			return nil
		}
		if !matched {
			owned, matched = entry.owned, true
		}
		owned = slices.DeleteFunc(slices.Clone(owned), func(i int) bool { return !slices.Contains(entry.owned, i) })
	}
	return owned
}

// exportedHandler reports whether obj is an exported method with
// net/http's handler signature, func(http.ResponseWriter, *http.Request):
// another package (a main, a router) registers it, where this package does
// not see it (http.HandlerFunc(s.HandleHealth) in main or in a test).
func exportedHandler(obj *types.Func) bool {
	sig := obj.Signature()
	if sig.Recv() == nil || !obj.Exported() || sig.Params().Len() != 2 || sig.Results().Len() != 0 {
		return false
	}
	return types.TypeString(sig.Params().At(0).Type(), nil) == "net/http.ResponseWriter" &&
		types.TypeString(sig.Params().At(1).Type(), nil) == "*net/http.Request"
}

// isEntryName reports whether an entry method (see entryMethods) may have
// the name given: a marked one has it, or a built-in one by its spelling
// (resolving those means finding their packages among all in view).
func (e *Entries) isEntryName(name string) bool {
	for _, entry := range builtinTable {
		if entry.verb == directive.VerbOffOwner && strings.HasSuffix(entry.spec, "."+name) {
			return true
		}
	}
	return slices.ContainsFunc(e.markedEntries(), func(e entryMethod) bool { return e.method.Name() == name })
}

// OffOwnerValue reports whether values of type t, a named func type, run
// off the owner, and names where they do.
func (e *Entries) OffOwnerValue(t types.Type) (sink string, ok bool) {
	named, isNamed := types.Unalias(t).(*types.Named)
	if !isNamed {
		return "", false
	}
	if _, isFunc := named.Underlying().(*types.Signature); !isFunc {
		return "", false
	}
	obj := named.Origin().Obj()
	what := "a value of " + names.TypeName(named.Origin())
	if d := e.m.Directives(obj); d != nil && d.OffOwner {
		return what + ", " + markedOffOwner, true
	}
	if obj.Pkg() == nil {
		return "", false
	}
	key := obj.Pkg().Path() + "." + obj.Name()
	if _, ok := builtinOffOwner().LookupKey(key); ok {
		return what + ", " + builtinWhy[key], true
	}
	return "", false
}

// SinkName names fn as a sink or an entry point, with the built-in
// table's reason or the directive that makes it one.
func (e *Entries) SinkName(fn *types.Func) string {
	name := names.FuncName(fn)
	if why := builtinWhy[directive.FuncKey(fn)]; why != "" {
		return name + ", " + why
	}
	if d := e.m.Directives(fn); d != nil && d.OffOwner {
		return name + ", " + markedOffOwner
	}
	return name
}

// entryMethods lists the interface methods in view whose implementations
// run off the owner: marked (see markedEntries) or built in. It is computed
// once.
func (e *Entries) entryMethods() []entryMethod {
	if e.entries != nil {
		return *e.entries
	}
	out := slices.Clone(e.markedEntries())
	if view := names.PackagesInView(e.m.pass.Pkg); len(view) > 0 {
		for _, entry := range builtinTable {
			if entry.verb != directive.VerbOffOwner {
				continue
			}
			pkg, rest := directive.SplitPackage(view, entry.spec)
			typeName, method, isMethod := strings.Cut(rest, ".")
			if pkg == nil || !isMethod {
				continue
			}
			if tn, ok := pkg.Scope().Lookup(typeName).(*types.TypeName); ok {
				if obj, _, _ := types.LookupFieldOrMethod(tn.Type(), false, pkg, method); obj != nil {
					out = addEntries(out, obj, entry.why)
				}
			}
		}
	}
	// Objects of a map come in any order: the first match names a finding.
	// Each name is built once: there are many, from std's facts.
	keys := make(map[*types.Func]string, len(out))
	for _, e := range out {
		if _, ok := keys[e.method]; !ok {
			keys[e.method] = names.FuncName(e.method)
		}
	}
	slices.SortFunc(out, func(a, b entryMethod) int {
		return cmp.Or(cmp.Compare(keys[a.method], keys[b.method]), cmp.Compare(a.why, b.why))
	})
	out = slices.CompactFunc(out, func(a, b entryMethod) bool { return a.method == b.method && a.iface == b.iface })
	e.entries = &out
	return out
}

// markedEntries lists the interface methods whose implementations run off
// the owner because something marks them offowner (the method or its
// interface): the package's directives, the declarations in view or the
// facts of other packages, which also tell the methods other packages
// call off the owner (EntryFact). It is computed once.
func (e *Entries) markedEntries() []entryMethod {
	if e.marked != nil {
		return *e.marked
	}
	var out []entryMethod
	marked := func(objs map[types.Object]*directive.Fact) {
		for obj, f := range objs {
			if f.OffOwner {
				out = addEntries(out, obj, markedOffOwner)
			}
		}
	}
	marked(e.m.Dirs.Objects)
	marked(e.m.Declared.Objects)
	for _, of := range e.m.View.ImportedFacts() {
		switch f := of.Fact.(type) {
		case *directive.Fact:
			if f.OffOwner {
				out = addEntries(out, of.Object, markedOffOwner)
			}
		case *EntryFact:
			if !e.m.placed(of.Object) { // a declaration wins over what is inferred
				inferred := addEntries(nil, of.Object, "which "+of.Object.Pkg().Name()+" calls off the owner (in "+f.By+")")
				for i := range inferred {
					inferred[i].inferred, inferred[i].owned = true, f.Owned
				}
				out = append(out, inferred...)
			}
		}
	}
	e.marked = &out
	return out
}

// addEntries appends to entries the interface methods obj is: itself, or
// the methods of the interface it names.
func addEntries(entries []entryMethod, obj types.Object, why string) []entryMethod {
	switch obj := obj.(type) {
	case *types.Func:
		if recv := obj.Signature().Recv(); recv != nil {
			if iface, ok := recv.Type().Underlying().(*types.Interface); ok {
				entries = append(entries, entryMethod{method: obj, iface: iface, why: why})
			}
		}
	case *types.TypeName:
		if iface, ok := obj.Type().Underlying().(*types.Interface); ok {
			for method := range iface.Methods() {
				entries = append(entries, entryMethod{method: method, iface: iface, why: why})
			}
		}
	}
	return entries
}
