package analyzer

// This file recognizes goroutines that their starter waits for: a go
// statement followed by a receive on a channel the goroutine closes or sends
// on, or by Wait on a group the goroutine signals Done on; a sink method such
// as (*sync.WaitGroup).Go or (*errgroup.Group).Go followed by Wait on the
// same group. Such code runs while its starter waits, like testing.T.Run's
// subtests, so it runs where the starter runs. Only a lone goroutine counts:
// one started in a loop, or next to another on the same group or channel,
// runs beside its siblings, and they race with each other.

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// waitsFor reports whether this function waits for the work it hands to the
// async sink method fn: it calls Wait on the same receiver.
func (w *walker) waitsFor(fn *types.Func, args []ssa.Value) bool {
	if fn == nil || fn.Signature().Recv() == nil || len(args) == 0 || !waitsOn(args[0]) {
		return false
	}
	starts := 0
	for _, ref := range referrersOf(args[0]) {
		if call, ok := ref.(ssa.CallInstruction); ok && call.Common().Args[0] == args[0] {
			if callee := call.Common().StaticCallee(); callee != nil && callee.Name() != "Wait" {
				if inLoop(ref.Block()) {
					return false
				}
				starts++
			}
		}
	}
	return starts == 1
}

// inLoop reports whether b can run more than once: it reaches itself.
func inLoop(b *ssa.BasicBlock) bool {
	seen := make(map[*ssa.BasicBlock]bool)
	queue := slices.Clone(b.Succs)
	for len(queue) > 0 {
		next := queue[0]
		queue = queue[1:]
		if next == b {
			return true
		}
		if !seen[next] {
			seen[next] = true
			queue = append(queue, next.Succs...)
		}
	}
	return false
}

// waitsOn reports whether some call passes v as the receiver of a Wait method.
func waitsOn(v ssa.Value) bool {
	for _, ref := range referrersOf(v) {
		if call, ok := ref.(ssa.CallInstruction); ok {
			common := call.Common()
			if callee := common.StaticCallee(); callee != nil && callee.Name() == "Wait" && len(common.Args) > 0 && common.Args[0] == v {
				return true
			}
		}
	}
	return false
}

// joined reports whether this function waits for the goroutine the go
// statement starts: the goroutine closes or sends on a channel this
// function receives from, or calls Done on a group this function waits on.
func (w *walker) joined(in *ssa.Go) bool {
	call := in.Common()
	if call.IsInvoke() || inLoop(in.Block()) || w.goStatements() > 1 {
		return false
	}
	for _, t := range funcTargets(call.Value) {
		for _, sig := range signals(t.fn) {
			v := spawnerValue(sig.v, t, call.Args)
			if v != nil && ((sig.done && waitsOn(v)) || (!sig.done && receivesFrom(v))) {
				return true
			}
		}
	}
	return false
}

// goStatements counts the go statements of the function. Two of them may
// signal the same channel or group, and run beside each other.
func (w *walker) goStatements() int {
	n := 0
	for _, b := range w.fn.Blocks {
		for _, instr := range b.Instrs {
			if _, ok := instr.(*ssa.Go); ok {
				n++
			}
		}
	}
	return n
}

// A signal is how a goroutine may tell its starter it is done: by closing
// or sending on the channel v, or by calling Done on v.
type signal struct {
	v    ssa.Value
	done bool
}

func signals(fn *ssa.Function) []signal {
	var out []signal
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Send:
				out = append(out, signal{v: in.Chan})
			case ssa.CallInstruction: // close(ch), wg.Done(), also deferred
				common := in.Common()
				if len(common.Args) == 0 {
					continue
				}
				if b, ok := common.Value.(*ssa.Builtin); ok && b.Name() == "close" {
					out = append(out, signal{v: common.Args[0]})
				} else if callee := common.StaticCallee(); callee != nil && callee.Name() == "Done" {
					out = append(out, signal{v: common.Args[0], done: true})
				}
			}
		}
	}
	return out
}

// spawnerValue maps a value of the spawned function to the starter's: a
// captured variable (a cell, loaded or not) to what was captured, a
// parameter to the argument.
func spawnerValue(v ssa.Value, t funcValue, args []ssa.Value) ssa.Value {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X
	}
	switch v := v.(type) {
	case *ssa.FreeVar:
		for i, fv := range t.fn.FreeVars {
			if fv == v && i < len(t.bindings) {
				return t.bindings[i]
			}
		}
	case *ssa.Parameter:
		for i, p := range t.fn.Params {
			if p == v && i < len(args) {
				return args[i]
			}
		}
	}
	return nil
}

// receivesFrom reports whether the channel v (or the cell holding it) is
// received from, in a receive, a select or a range.
func receivesFrom(v ssa.Value) bool {
	chans := []ssa.Value{v}
	if _, isCell := v.(*ssa.Alloc); isCell {
		chans = nil
		for _, ref := range referrersOf(v) {
			if load, ok := ref.(*ssa.UnOp); ok && load.Op == token.MUL {
				chans = append(chans, load)
			}
		}
	}
	for _, ch := range chans {
		for _, ref := range referrersOf(ch) {
			switch r := ref.(type) {
			case *ssa.UnOp:
				if r.Op == token.ARROW {
					return true
				}
			case *ssa.Select:
				for _, st := range r.States {
					if st.Chan == ch && st.Dir == types.RecvOnly {
						return true
					}
				}
			}
		}
	}
	return false
}

func referrersOf(v ssa.Value) []ssa.Instruction {
	if refs := v.Referrers(); refs != nil {
		return *refs
	}
	return nil
}
