package walk

// This file tells which concrete types an interface value may hold, so
// that a call through an interface stands for the implementations whose
// values reach it.

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/refactor/satisfy"
)

// BindRecv settles the dynamic type a touch requires (witness.Recv) against
// v, the caller's value for the touch's source. The touch is dropped (ok is
// false) when v cannot hold that type, and holds whatever v's sources are
// when it can. When nothing can be told, the requirement passes on to the
// caller's caller if v is the caller's own parameter or capture, and is
// dropped (the touch holds) otherwise.
func (tf *typeFlow) BindRecv(wit summary.Witness, v ssa.Value) (_ summary.Witness, ok bool) {
	if wit.Recv == "" || v == nil {
		return wit, true
	}
	keys, known := flow.DynamicTypes(v, tf.fieldTypes)
	switch {
	case known && !slices.Contains(keys, wit.Recv):
		return wit, false
	case known:
		wit.Recv = ""
	case !tf.mayImplementAll(wit.Recv, v):
		return wit, false // a net.Conn is never the package's *Agent
	default:
		switch v.(type) {
		case *ssa.Parameter, *ssa.FreeVar:
		default:
			wit.Recv = ""
		}
	}
	return wit, true
}

// A typeFlow tells the concrete types interface values may hold, for
// bindRecv: from the code around them (flow.DynamicTypes) and from the
// stores into the package's interface-typed fields.
type typeFlow struct {
	pkg   *types.Package
	fns   []*ssa.Function
	info  *types.Info
	files []*ast.File
	// The fields, indexed on first use: what the package stores in them,
	// and what they hold once worked out (nothing known for a field whose
	// address is taken other than to load or store).
	stored map[*types.Var][]ssa.Value
	held   map[*types.Var]heldTypes
	// The conversions of concrete values to interfaces in the package's
	// code, and the types in view by their keys, found on first use.
	conversions *[]conversion
	foreign     *[]types.Type             // see convertedForeign
	view        map[string]*types.Package // see typeOfKey
	returned    map[*types.Named]bool     // the types exported functions return (see handedOut); nil until asked
}

// A conversion is a concrete type the package's code converts to an
// interface type.
type conversion struct{ from, to types.Type }

func newTypeFlow(pass *analysis.Pass, fns []*ssa.Function) *typeFlow {
	return &typeFlow{pkg: pass.Pkg, fns: fns, info: pass.TypesInfo, files: pass.Files}
}

// mayImplementAll reports whether a value of the type keyed key may be
// held in v, and in the interface values v was changed from (a net.Conn
// passed as a package-local closer).
func (tf *typeFlow) mayImplementAll(key string, v ssa.Value) bool {
	for {
		if !tf.mayImplement(key, v.Type()) {
			return false
		}
		change, ok := v.(*ssa.ChangeInterface)
		if !ok {
			return true
		}
		v = change.X
	}
}

// mayImplement reports whether a value of the type keyed key (a
// flow.TypeKey) may be held in a value of static type t: t is not an
// interface, or the type or its pointer implements it. A type it cannot
// find may.
func (tf *typeFlow) mayImplement(key string, t types.Type) bool {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return true
	}
	impl, found := tf.typeOfKey(key)
	return !found || types.Implements(impl, iface) || types.Implements(types.NewPointer(impl), iface)
}

// typeOfKey finds the named type a flow.TypeKey ("path.T", "path.T[E any]")
// names among the packages in view: its package by path, the type in its
// scope, so that only the packages asked about are looked into.
func (tf *typeFlow) typeOfKey(key string) (types.Type, bool) {
	if tf.view == nil {
		tf.view = names.PackagesInView(tf.pkg)
	}
	if i := strings.IndexByte(key, '['); i >= 0 {
		key = key[:i]
	}
	i := strings.LastIndexByte(key, '.')
	if i < 0 {
		return nil, false
	}
	pkg := tf.view[key[:i]]
	if pkg == nil {
		return nil, false
	}
	tn, ok := pkg.Scope().Lookup(key[i+1:]).(*types.TypeName)
	if !ok {
		return nil, false
	}
	return tn.Type(), true
}

// MayHold reports whether an interface value of type iface may hold a
// value of type t: t's package converts it (or its pointer) to iface or to
// an interface that has iface's methods; or t is exported, or an exported
// function returns it, and other packages may. A value only ever converted to an empty interface and
// asserted back is not followed.
func (tf *typeFlow) MayHold(t types.Type, iface *types.Interface) bool {
	named := names.DerefNamed(t)
	if named == nil || named.Obj().Exported() || tf.handedOut(named) {
		return true
	}
	convs := tf.converted()
	if convs == nil {
		return true
	}
	for _, conv := range convs {
		if names.DerefNamed(conv.from) == named && types.Implements(conv.to, iface) {
			return true
		}
	}
	return false
}

// handedOut reports whether an exported function or method of the package
// returns a value of the unexported type named (func New() *impl), which
// other packages may then convert.
func (tf *typeFlow) handedOut(named *types.Named) bool {
	if tf.returned == nil {
		tf.returned = make(map[*types.Named]bool)
		note := func(fn *types.Func) {
			for r := range fn.Signature().Results().Variables() {
				if n := names.DerefNamed(r.Type()); n != nil {
					tf.returned[n] = true
				}
			}
		}
		scope := tf.pkg.Scope()
		for _, name := range scope.Names() {
			switch obj := scope.Lookup(name).(type) {
			case *types.Func:
				if obj.Exported() {
					note(obj)
				}
			case *types.TypeName:
				if n, ok := obj.Type().(*types.Named); ok && obj.Exported() {
					for m := range n.Methods() {
						if m.Exported() {
							note(m)
						}
					}
				}
			}
		}
	}
	return tf.returned[named]
}

// converted lists the conversions of concrete values to non-empty
// interfaces that the package's code makes (x/tools' satisfy finds them
// in the syntax, plain functions too), once. Should it fail, every type
// is taken to reach every interface (see MayHold).
func (tf *typeFlow) converted() []conversion {
	if tf.conversions != nil {
		return *tf.conversions
	}
	out := []conversion{}
	func() {
		defer func() {
			if recover() != nil {
				out = nil
			}
		}()
		var finder satisfy.Finder
		finder.Find(tf.info, tf.files)
		for c := range finder.Result {
			if !types.IsInterface(c.RHS) {
				out = append(out, conversion{from: c.RHS, to: c.LHS})
			}
		}
	}()
	// The result is a map: sorted, so that what depends on it is the
	// same from run to run; by keys spelled once, not per comparison.
	keys := make(map[conversion]string, len(out))
	for _, c := range out {
		keys[c] = types.TypeString(c.from, nil) + " " + types.TypeString(c.to, nil)
	}
	slices.SortFunc(out, func(a, b conversion) int { return strings.Compare(keys[a], keys[b]) })
	tf.conversions = &out
	return out
}

// convertedForeign lists the named types of other packages (or pointers to
// them) that the package's code converts to interface values, once.
func (tf *typeFlow) convertedForeign() []types.Type {
	if tf.foreign != nil {
		return *tf.foreign
	}
	out := []types.Type{}
	for _, conv := range tf.converted() {
		t := conv.from
		if named := names.DerefNamed(t); named != nil && named.Obj().Pkg() != nil && named.Obj().Pkg() != tf.pkg &&
			!slices.ContainsFunc(out, func(u types.Type) bool { return types.Identical(t, u) }) {
			out = append(out, t)
		}
	}
	tf.foreign = &out
	return out
}

// heldTypes are the dynamic types a field may hold, once worked out.
type heldTypes struct {
	keys  []string
	known bool
}

// fieldTypes returns the dynamic types (flow.TypeKeys) that the interface
// field f may hold: the union of what the package stores in it, when only
// the package can (an unexported field, or any field of package main) and
// every store is told. known is false otherwise.
func (tf *typeFlow) fieldTypes(f *types.Var) (keys []string, known bool) {
	if f.Pkg() != tf.pkg || (f.Exported() && tf.pkg.Name() != "main") {
		return nil, false
	}
	if tf.held == nil {
		tf.index()
	}
	if ft, done := tf.held[f]; done {
		return ft.keys, ft.known
	}
	tf.held[f] = heldTypes{} // while it is worked out: a field stored from itself holds what nobody can tell
	ft := heldTypes{known: true}
	for _, v := range tf.stored[f] {
		vk, ok := flow.DynamicTypes(v, tf.fieldTypes)
		if !ok {
			ft = heldTypes{}
			break
		}
		ft.keys = append(ft.keys, vk...)
	}
	tf.held[f] = ft
	return ft.keys, ft.known
}

// index finds the stores into the package's interface-typed fields.
func (tf *typeFlow) index() {
	tf.stored, tf.held = make(map[*types.Var][]ssa.Value), make(map[*types.Var]heldTypes)
	for _, fn := range tf.fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				fa, ok := instr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				f := flow.FieldOf(fa)
				if f == nil || !types.IsInterface(f.Type()) {
					continue
				}
				for _, ref := range flow.Referrers(fa) {
					switch ref := ref.(type) {
					case *ssa.Store:
						if ref.Addr != fa {
							tf.held[f] = heldTypes{} // the field's address is stored
							continue
						}
						tf.stored[f] = append(tf.stored[f], ref.Val)
					case *ssa.UnOp, *ssa.DebugRef:
					default:
						tf.held[f] = heldTypes{}
					}
				}
			}
		}
	}
}
