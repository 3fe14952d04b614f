package walk

// This file finds what a function sends on channels, also through the
// package's helpers it hands values to (s.hub.add(ctx, sub), add sending
// sub in a select): report's sends rule follows a value sent to a loop
// through them.

import (
	"go/token"
	"go/types"
	"iter"
	"slices"

	"github.com/confinecheck/confinecheck/internal/names"

	"github.com/confinecheck/confinecheck/internal/flow"
	"golang.org/x/tools/go/ssa"
)

// maxSendDepth bounds how many helpers deep sentParams follows a
// parameter handed on.
const maxSendDepth = 2

// A paramSend is a function sending its parameter Index on Chan, a
// channel as the function reaches it.
type paramSend struct {
	Index int
	Chan  ssa.Value
}

// SentValues yields the channels instr, one of a Walk's Sends, sends on,
// each with the value sent, as the function reaches it: for a call of a
// helper sending what it is handed, the argument.
func (c *Package) SentValues(instr ssa.Instruction) iter.Seq2[ssa.Value, ssa.Value] {
	return c.sentBy(instr, maxSendDepth)
}

// sentBy is SentValues, following helpers depth deep.
func (c *Package) sentBy(instr ssa.Instruction, depth int) iter.Seq2[ssa.Value, ssa.Value] {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return flow.Sends(instr)
	}
	return func(yield func(ssa.Value, ssa.Value) bool) {
		args := flow.CallArgs(call.Common())
		for _, ps := range c.sentParams(call.Call.StaticCallee(), depth) {
			if !yield(ps.Chan, args[ps.Index]) {
				return
			}
		}
	}
}

// sentParams lists the parameters fn, a function of the package walked
// already, sends on channels itself, or hands to helpers that do, depth
// helpers deep.
func (c *Package) sentParams(fn *ssa.Function, depth int) []paramSend {
	w := c.Walks[fn]
	if w == nil || depth == 0 {
		return nil
	}
	var out []paramSend
	for _, instr := range w.Sends {
		for ch, x := range c.sentBy(instr, depth-1) {
			if p, ok := flow.Unboxed(x).(*ssa.Parameter); ok {
				if i := slices.Index(fn.Params, p); i >= 0 {
					out = append(out, paramSend{Index: i, Chan: ch})
				}
			}
		}
	}
	return out
}

// returnedChanField is the channel field of funcs of its receiver that the
// method fn returns at ret (return l.ops), if it returns one.
func returnedChanField(fn *ssa.Function, ret *ssa.Return) *types.Var {
	if fn.Signature.Recv() == nil || len(ret.Results) != 1 || len(fn.Params) == 0 {
		return nil
	}
	v := ret.Results[0]
	for conv, ok := v.(*ssa.ChangeType); ok; conv, ok = v.(*ssa.ChangeType) {
		v = conv.X // returned as a receive-only channel
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL || !names.IsFuncChan(v.Type()) {
		return nil
	}
	if fa, ok := load.X.(*ssa.FieldAddr); ok && fa.X == fn.Params[0] {
		return flow.FieldOf(fa)
	}
	return nil
}
