package report

// This file reports, at each call of a field that runs its funcs off the
// owner, what the funcs stored in that field touch.

import (
	"fmt"
	"strings"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/walk"
	"github.com/confinecheck/confinecheck/internal/where"
	"golang.org/x/tools/go/ssa"
)

// reportFieldCalls reports, at each call of a field that runs off the
// owner, what the funcs stored in that field touch.
func (r *reporter) reportFieldCalls() {
	fs := r.c.Fields()
	if fs == nil {
		return
	}
	for _, call := range fs.FieldCalls {
		stores := fs.Stores[call.Field]
		sp := walk.Entry{Pos: call.Pos, Sink: r.fieldSink(call, stores)}
		for _, s := range stores {
			for _, t := range walk.StoredTargets(s.Val) {
				r.storedFunc(t, sp, 0)
			}
		}
	}
}

// storedFunc reports at the field's call what the stored func t touches,
// and what the captured func values it calls touch: a store is not where
// the func runs, so even a literal's touches are reported at the call.
func (r *reporter) storedFunc(t flow.FuncValue, sp walk.Entry, depth int) {
	sum := r.rootSummary(t, sp, depth)
	if sum == nil {
		return
	}
	r.atSink(t, sp, sum)
	for _, inner := range capturedFuncs(t, sum) {
		r.storedFunc(inner, sp, depth+1)
	}
}

// maxNamedStores bounds how many stored funcs a message names.
const maxNamedStores = 3

// fieldSink describes a field's call as the sink that moves the funcs
// stored in the field off the owner, from the input alone: the stores are
// in source order.
func (r *reporter) fieldSink(call where.FieldCall[*ssa.Function], stores []walk.FieldStore) string {
	c := r.c
	var named []string
	for _, s := range stores {
		for _, t := range walk.StoredTargets(s.Val) {
			named = append(named, fmt.Sprintf("%s at %s", flow.Name(t.Fn), c.M.Position(s.Pos)))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "the func stored in field %s", call.Field.Name())
	if len(named) > 0 {
		if len(named) > maxNamedStores {
			named = append(named[:maxNamedStores], fmt.Sprintf("%d more", len(named)-maxNamedStores))
		}
		fmt.Fprintf(&b, " (%s)", strings.Join(named, ", "))
	}
	if call.Goes {
		fmt.Fprintf(&b, ", started by a go statement in %s", flow.Name(call.By))
	} else {
		fmt.Fprintf(&b, ", called off the owner by %s", flow.Name(call.By))
	}
	return b.String()
}
