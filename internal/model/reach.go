package model

import (
	"go/types"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
)

// ConfinedInReach reports whether the package's code can reach confined
// state, so that SSA is worth building: it has directives of its own or
// declares an owner, or it uses another package's object that directives
// speak of (a confined type, its fields and methods, also promoted through
// a type that embeds it, a loop) or whose summary says what it touches or
// where its future completes. A package that merely depends on annotated
// code, without using it, cannot touch that code's state; the syntax path
// exports all its importers need.
func (m *Model) ConfinedInReach() bool {
	if len(m.Dirs.Objects) > 0 {
		return true
	}
	for _, f := range m.Declared.Objects {
		if f.Owner {
			return true
		}
	}
	speaks := func(obj types.Object) bool {
		if fn, ok := obj.(*types.Func); ok {
			obj = fn.Origin()
		}
		return obj.Pkg() != nil && obj.Pkg() != m.pass.Pkg && m.SpeaksOfConfined(obj)
	}
	for _, obj := range m.pass.TypesInfo.Uses {
		if speaks(obj) {
			return true
		}
	}
	// x.f and x.M() select through the receiver's type and every type
	// embedded on the way (w.Hits of a Wrapper embedding a confined type).
	for _, sel := range m.pass.TypesInfo.Selections {
		t := sel.Recv()
		for i, index := range sel.Index() {
			if named := names.DerefNamed(t); named != nil && speaks(named.Origin().Obj()) {
				return true
			}
			st, ok := names.DerefUnder(t).(*types.Struct)
			if !ok || i == len(sel.Index())-1 {
				break
			}
			t = st.Field(index).Type()
		}
	}
	return false
}

// speaksOfConfined reports whether another package's facts about obj make
// code using it reach confined state. Each object is asked once: both
// ConfinedInReach and plainFuncs ask of every use.
func (m *Model) SpeaksOfConfined(obj types.Object) bool {
	return flow.Memoized(m.speaks, obj, m.factsSpeakOfConfined)
}

func (m *Model) factsSpeakOfConfined(obj types.Object) bool {
	switch obj.(type) {
	case *types.Func, *types.Var, *types.TypeName:
	default:
		return false // constants and package names have no facts
	}
	if m.pass.ImportObjectFact(obj, &m.probe.directive) {
		return true
	}
	if _, ok := obj.(*types.Func); !ok || !m.pass.ImportObjectFact(obj, &m.probe.summary) {
		return false
	}
	s := m.probe.summary.Summary
	return len(s.Touches)+len(s.FutureTouches)+len(s.Reaches) > 0 || s.Completes != directive.CompletesUnknown
}
