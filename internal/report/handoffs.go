package report

// This file reports the touches of a value a function handed to code it
// started off the owner, made after the hand-off (see walk's transfer.go).

import (
	"go/token"
	"go/types"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/walk"
	"golang.org/x/tools/go/ssa"
)

// reportHandedOff reports, in the function w walked, the touches of the
// values it handed off that may run after the hand-off.
func (r *reporter) reportHandedOff(w *walk.Walk) {
	for _, sp := range w.Spawns {
		if len(sp.Handed) == 0 || sp.Call == nil {
			continue
		}
		after := flow.RunsAfter(sp.Call, func(ssa.Instruction) bool { return false })
		for _, s := range w.Sites {
			if s.Value == nil || !after[s.Instr] {
				continue
			}
			for _, v := range sp.Handed {
				if derivedFrom(s.Value, v) {
					what := v.Type()
					if cell, ok := v.(*ssa.Alloc); ok {
						what = cell.Type().(*types.Pointer).Elem()
					}
					r.add(finding{pos: s.Pos, witness: s.Witness, sent: &handoff{instr: sp.Call, via: sp.Sink, what: types.TypeString(what, names.Qualifier)}})
					break
				}
			}
		}
	}
}

// derivedFrom reports whether x is v, or an address or field within it.
func derivedFrom(x, v ssa.Value) bool {
	for {
		if x == v {
			return true
		}
		switch y := x.(type) {
		case *ssa.UnOp: // the value of a captured variable
			if _, isCell := y.X.(*ssa.Alloc); !isCell || y.Op != token.MUL {
				return false
			}
			x = y.X
		case *ssa.FieldAddr:
			x = y.X
		case *ssa.Field:
			x = y.X
		case *ssa.IndexAddr:
			x = y.X
		default:
			return false
		}
	}
}
