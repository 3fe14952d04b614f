package walk

// This file tells which concrete types an interface value may hold, so
// that a call through an interface stands for the implementations whose
// values reach it.

import (
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/ssa"
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
	pkg *types.Package
	fns []*ssa.Function
	// The fields, indexed on first use: what the package stores in them,
	// and what they hold once worked out (nothing known for a field whose
	// address is taken other than to load or store).
	stored map[*types.Var][]ssa.Value
	held   map[*types.Var]heldTypes
}

func newTypeFlow(pkg *types.Package, fns []*ssa.Function) *typeFlow {
	return &typeFlow{pkg: pkg, fns: fns}
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
