package where

// This file is -explain's account of the inferred sinks, for both
// evaluators: a function is an inferred sink of a func parameter because it
// hands it to code the rules place off the owner, or on one.

import (
	"go/token"
	"go/types"
	"strings"

	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
)

// Evidence is what makes a function a sink of its func parameters: it
// hands the func values of Sources to Sink at Pos, which runs them off the
// owner or, for a hop, on an owner (To names its domain, when known).
type Evidence struct {
	Sources summary.Origin
	Sink    string
	Pos     token.Pos
	Hop     bool
	To      string
}

// Explain reports, for -explain, that fn is an inferred sink of the func
// parameters evidence names, and where it hands them.
func Explain(m *model.Model, fn *types.Func, evidence []Evidence) {
	sig := fn.Signature()
	for _, h := range evidence {
		kind := "async"
		switch {
		case h.Hop && h.To != "":
			kind = "hop (to @" + h.To + ")"
		case h.Hop:
			kind = "hop"
		}
		var params []string
		for _, s := range h.Sources.Sources() {
			for i := range sig.Params().Len() {
				if summary.ParamSource(names.ArgIndex(sig, i)) == s && names.IsFuncParam(sig, i) {
					params = append(params, sig.Params().At(i).Name())
				}
			}
		}
		if len(params) == 0 {
			continue // only captured funcs: nothing for callers to declare
		}
		m.Pass().Reportf(fn.Pos(), "explain: %s is an inferred %s sink of %s: it hands %s to %s (%s)",
			names.FuncName(fn), kind, strings.Join(params, ", "), names.Pronoun(len(params)), h.Sink, m.Position(h.Pos))
	}
}
