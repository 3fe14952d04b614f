package walk

import (
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/ssa"
)

// bindRecv settles the dynamic type a touch requires (witness.Recv) against
// v, the caller's value for the touch's source. The touch is dropped (ok is
// false) when v cannot hold that type, and holds whatever v's sources are
// when it can. When nothing can be told, the requirement passes on to the
// caller's caller if v is the caller's own parameter or capture, and is
// dropped (the touch holds) otherwise.
func (tf *TypeFlow) BindRecv(wit summary.Witness, v ssa.Value) (_ summary.Witness, ok bool) {
	if wit.Recv == "" || v == nil {
		return wit, true
	}
	keys, known := flow.DynamicTypes(v, tf.FieldTypes)
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
type TypeFlow struct {
	Pkg *types.Package
	Fns []*ssa.Function
	// The fields, indexed on first use: what the package stores in them,
	// and what they hold once worked out (nothing known for a field whose
	// address is taken other than to load or store).
	Stored map[*types.Var][]ssa.Value
	Held   map[*types.Var]HeldTypes
}

func NewTypeFlow(pkg *types.Package, fns []*ssa.Function) *TypeFlow {
	return &TypeFlow{Pkg: pkg, Fns: fns}
}

// heldTypes are the dynamic types a field may hold, once worked out.
type HeldTypes struct {
	Keys  []string
	Known bool
}

// fieldTypes returns the dynamic types (flow.TypeKeys) that the interface
// field f may hold: the union of what the package stores in it, when only
// the package can (an unexported field, or any field of package main) and
// every store is told. known is false otherwise.
func (tf *TypeFlow) FieldTypes(f *types.Var) (keys []string, known bool) {
	if f.Pkg() != tf.Pkg || (f.Exported() && tf.Pkg.Name() != "main") {
		return nil, false
	}
	if tf.Held == nil {
		tf.Index()
	}
	if ft, done := tf.Held[f]; done {
		return ft.Keys, ft.Known
	}
	tf.Held[f] = HeldTypes{} // while it is worked out: a field stored from itself holds what nobody can tell
	ft := HeldTypes{Known: true}
	for _, v := range tf.Stored[f] {
		vk, ok := flow.DynamicTypes(v, tf.FieldTypes)
		if !ok {
			ft = HeldTypes{}
			break
		}
		ft.Keys = append(ft.Keys, vk...)
	}
	tf.Held[f] = ft
	return ft.Keys, ft.Known
}

// index finds the stores into the package's interface-typed fields.
func (tf *TypeFlow) Index() {
	tf.Stored, tf.Held = make(map[*types.Var][]ssa.Value), make(map[*types.Var]HeldTypes)
	for _, fn := range tf.Fns {
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
							tf.Held[f] = HeldTypes{} // the field's address is stored
							continue
						}
						tf.Stored[f] = append(tf.Stored[f], ref.Val)
					case *ssa.UnOp, *ssa.DebugRef:
					default:
						tf.Held[f] = HeldTypes{}
					}
				}
			}
		}
	}
}
