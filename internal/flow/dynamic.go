package flow

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// TypeKey names a concrete type for comparing dynamic types across
// packages (it travels in facts): the type's origin, without the pointer,
// fully qualified ("example.com/actor.guardian" for *guardian).
func TypeKey(t types.Type) string {
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		if _, named := types.Unalias(t).(*types.Named); !named {
			t = types.Unalias(p.Elem())
		}
	}
	if named, ok := t.(*types.Named); ok {
		t = named.Origin()
	}
	return types.TypeString(t, nil)
}

// DynamicTypes returns the TypeKeys of the concrete values v may hold, as
// far as the code of v's function tells: v has a concrete type, or boxes
// values of concrete types into an interface, also through phis,
// conversions between interfaces and the variables a closure captures.
// known is false when the code cannot tell (an interface parameter, the
// result of a call). What a field holds, fields tells, when not nil.
func DynamicTypes(v ssa.Value, fields func(*types.Var) ([]string, bool)) (keys []string, known bool) {
	d := dynamicTypes{seen: make(map[ssa.Value]bool), fields: fields}
	if !d.add(v) {
		return nil, false
	}
	slices.Sort(d.keys)
	return slices.Compact(d.keys), true
}

type dynamicTypes struct {
	keys   []string
	seen   map[ssa.Value]bool
	fields func(*types.Var) ([]string, bool)
}

// add adds the types v may hold and reports whether they are known.
func (d *dynamicTypes) add(v ssa.Value) bool {
	if d.seen[v] {
		return true
	}
	d.seen[v] = true
	if !types.IsInterface(v.Type()) {
		d.keys = append(d.keys, TypeKey(v.Type()))
		return true
	}
	switch v := v.(type) {
	case *ssa.MakeInterface:
		return d.add(v.X)
	case *ssa.ChangeInterface:
		return d.add(v.X)
	case *ssa.Phi:
		for _, e := range v.Edges {
			if !d.add(e) {
				return false
			}
		}
		return true
	case *ssa.FreeVar:
		binding := CapturedValue(v)
		return binding != nil && d.add(binding)
	case *ssa.UnOp:
		// A field's value: what the package stores there.
		if f := FieldOf(v.X); f != nil && v.Op == token.MUL && d.fields != nil {
			keys, known := d.fields(f)
			d.keys = append(d.keys, keys...)
			return known
		}
		// A variable captured by reference, read in its function or in
		// the closure.
		if v.Op == token.MUL {
			cell, _ := v.X.(*ssa.Alloc)
			if fv, ok := v.X.(*ssa.FreeVar); ok {
				cell, _ = CapturedValue(fv).(*ssa.Alloc)
			}
			stored, ok := cellValues(cell)
			if !ok {
				return false
			}
			for _, s := range stored {
				if !d.add(s) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// cellValues lists what is stored into a captured variable's cell, and
// reports whether that is all: the cell's function and the closures
// capturing it only read it, besides these stores.
func cellValues(cell *ssa.Alloc) ([]ssa.Value, bool) {
	if cell == nil {
		return nil, false
	}
	for _, ref := range Referrers(cell) {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != cell {
				return nil, false // the cell's address is stored somewhere
			}
		case *ssa.UnOp, *ssa.DebugRef:
		case *ssa.MakeClosure:
			fn := ref.Fn.(*ssa.Function)
			for i, b := range ref.Bindings {
				if b == cell && slices.ContainsFunc(Referrers(fn.FreeVars[i]), isStore) {
					return nil, false
				}
			}
		default:
			return nil, false
		}
	}
	return StoredValues(cell), true
}

func isStore(instr ssa.Instruction) bool {
	_, ok := instr.(*ssa.Store)
	return ok
}

// CapturedValue returns the value a closure's free variable was bound to
// when the closure is made in one place only, or nil. For a variable
// captured by reference that is its cell.
func CapturedValue(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	i := slices.Index(fn.FreeVars, fv)
	if i < 0 || fn.Parent() == nil {
		return nil
	}
	var bound ssa.Value
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn != fn {
				continue
			}
			if bound != nil {
				return nil
			}
			bound = mc.Bindings[i]
		}
	}
	return bound
}
