package model

// This file turns positions into the form facts and witnesses carry, and
// back, and says how fix hints may use a hop sink.

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/fix"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
)

func (m *Model) Position(pos token.Pos) summary.Position {
	p := m.pass.Fset.Position(pos)
	return summary.Position{File: p.Filename, Line: p.Line, Col: p.Column}
}

// TokenPos finds p in the files of this package; positions in other
// packages are only named in the message.
func (m *Model) TokenPos(p summary.Position) token.Pos {
	for _, f := range m.pass.Files {
		tf := m.pass.Fset.File(f.FileStart)
		if tf != nil && tf.Name() == p.File && p.Line >= 1 && p.Line <= tf.LineCount() {
			return tf.LineStart(p.Line) + token.Pos(max(p.Col-1, 0))
		}
	}
	return token.NoPos
}

// DescribeHop says how fix hints may use fn, a hop sink for the arguments
// hop, named name.
func (m *Model) DescribeHop(name string, fn *types.Func, hop []int) fix.HopSink {
	sig := fn.Signature()
	plain := slices.ContainsFunc(hop, func(arg int) bool { return takesNoArguments(sig, arg) })
	h := fix.HopSink{Name: name, Key: directive.FuncKey(fn), Hop: hop, Domain: m.HopDomain(fn), Returns: sig.Results().Len() > 0, Plain: plain, Message: len(hop) == 0,
		Registers: m.RegistersCallbacks(fn)}
	if owner, ok := fix.WrapShape(sig, hop, h.Returns); ok && !h.Registers {
		h.Wraps = true
		if owner != nil {
			h.Owner = types.TypeString(owner.Type(), nil)
		}
	}
	return h
}

// RegistersCallbacks reports whether fn returns a value of a confined
// struct type (see fix.HopSink.Registers).
func (m *Model) RegistersCallbacks(fn *types.Func) bool {
	for v := range fn.Signature().Results().Variables() {
		if named := m.ConfinedNamed(v.Type()); named != nil && names.IsStruct(named) {
			return true
		}
	}
	return false
}

// takesNoArguments reports whether the func parameter at argument index
// arg of sig takes no arguments.
func takesNoArguments(sig *types.Signature, arg int) bool {
	for i := range sig.Params().Len() {
		if names.ArgIndex(sig, i) == arg {
			fsig, ok := sig.Params().At(i).Type().Underlying().(*types.Signature)
			return ok && fsig.Params().Len() == 0
		}
	}
	return false
}
