package flow

import "golang.org/x/tools/go/ssa"

// LockCall tells whether instr takes a lock of package sync (1), lets one
// go (-1), or neither (0). A deferred Unlock lets go at the return: not
// before anything in the body.
func LockCall(instr ssa.Instruction) int {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return 0
	}
	callee := call.Common().StaticCallee()
	if callee == nil {
		return 0
	}
	obj := DeclaredFunc(callee)
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "sync" {
		return 0
	}
	switch obj.Name() {
	case "Lock", "RLock":
		return 1
	case "Unlock", "RUnlock":
		return -1
	}
	return 0
}

// LocksFirst reports whether fn takes a lock of a field of its receiver
// before anything else it does, and holds it while it touches its
// receiver: r.mu.Lock(); defer r.mu.Unlock(), a method that shares its
// value under the value's own lock. One that lets the lock go and then
// reads its receiver (n := len(w.subs); w.mu.Unlock(); return w.reloads)
// does not share that read under it.
func LocksFirst(fn *ssa.Function) bool {
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 || len(fn.Blocks) == 0 {
		return false
	}
	for _, instr := range fn.Blocks[0].Instrs {
		if LockCall(instr) > 0 {
			arg := instr.(*ssa.Call).Call.Args[0]
			fa, ok := arg.(*ssa.FieldAddr)
			return ok && fa.X == fn.Params[0] && !touchesAfterUnlock(fn)
		}
		if _, ok := instr.(ssa.CallInstruction); ok {
			return false // a call before the lock may touch
		}
	}
	return false
}

// touchesAfterUnlock reports whether fn, after a call letting a lock go,
// selects a field of its receiver on some path.
func touchesAfterUnlock(fn *ssa.Function) bool {
	recv := fn.Params[0]
	seen := make(map[*ssa.BasicBlock]bool)
	var after func(b *ssa.BasicBlock, from int) bool
	after = func(b *ssa.BasicBlock, from int) bool {
		for _, instr := range b.Instrs[from:] {
			if fa, ok := instr.(*ssa.FieldAddr); ok && fa.X == recv {
				return true
			}
		}
		for _, succ := range b.Succs {
			if !seen[succ] {
				seen[succ] = true
				if after(succ, 0) {
					return true
				}
			}
		}
		return false
	}
	for _, b := range fn.Blocks {
		for i, instr := range b.Instrs {
			if LockCall(instr) < 0 && after(b, i+1) {
				return true
			}
		}
	}
	return false
}
