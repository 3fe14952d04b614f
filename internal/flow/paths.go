package flow

import (
	"go/token"
	"slices"
	"strconv"

	"golang.org/x/tools/go/ssa"
)

// A ValuePath names a value by how the function reaches it: a root value
// and the field selections and loads from it (c.book is c, "1.*").
type ValuePath struct {
	Root ssa.Value
	Path string
}

// PathOf follows v's field selections and loads back to their root.
func PathOf(v ssa.Value) ValuePath {
	var steps []string
	for {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op == token.MUL {
				steps, v = append(steps, "*"), x.X
				continue
			}
		case *ssa.FieldAddr:
			steps, v = append(steps, strconv.Itoa(x.Field)), x.X
			continue
		case *ssa.Field:
			steps, v = append(steps, strconv.Itoa(x.Field)), x.X
			continue
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.MakeInterface:
			v = x.X
			continue
		}
		break
	}
	slices.Reverse(steps)
	p := ValuePath{Root: v}
	for i, s := range steps {
		if i > 0 {
			p.Path += "."
		}
		p.Path += s
	}
	return p
}

// Load is the value stored at the address p.
func (p ValuePath) Load() ValuePath {
	if p.Path == "" {
		return ValuePath{p.Root, "*"}
	}
	return ValuePath{p.Root, p.Path + ".*"}
}

// Covers reports whether q is p or reached from it.
func (p ValuePath) Covers(q ValuePath) bool {
	if p.Root != q.Root {
		return false
	}
	return q.Path == p.Path || p.Path == "" || len(q.Path) > len(p.Path) && q.Path[:len(p.Path)+1] == p.Path+"."
}

// RunsAfter returns the instructions of from's function that may run after
// it without passing through an instruction stop accepts.
func RunsAfter(from ssa.Instruction, stop func(ssa.Instruction) bool) map[ssa.Instruction]bool {
	b := from.Block()
	return runsFrom(b.Instrs[slices.Index(b.Instrs, from)+1:], b.Succs, stop)
}

// RunsAfterCase is RunsAfter for the case k of the select sel (counted in
// sel.States): what may run once that case was taken, not the others.
func RunsAfterCase(sel *ssa.Select, k int, stop func(ssa.Instruction) bool) map[ssa.Instruction]bool {
	branch := SelectCase(sel, k)
	if branch == nil {
		return RunsAfter(sel, stop) // a select of one case: it is taken
	}
	body := branch.Block().Succs[0]
	return runsFrom(body.Instrs, body.Succs, stop)
}

// runsFrom is what runs from instrs on, then on in succs, up to stop.
func runsFrom(instrs []ssa.Instruction, succs []*ssa.BasicBlock, stop func(ssa.Instruction) bool) map[ssa.Instruction]bool {
	out := make(map[ssa.Instruction]bool)
	seen := make(map[*ssa.BasicBlock]bool)
	var visit func(instrs []ssa.Instruction, succs []*ssa.BasicBlock)
	visit = func(instrs []ssa.Instruction, succs []*ssa.BasicBlock) {
		for _, instr := range instrs {
			out[instr] = true
			if stop(instr) {
				return
			}
		}
		for _, b := range succs {
			if !seen[b] {
				seen[b] = true
				visit(b.Instrs, b.Succs)
			}
		}
	}
	visit(instrs, succs)
	return out
}

// ReplacedAfter reports whether the function stores a new value into
// where p is loaded from after from (out <- c.buf; c.buf = newBuf()).
func ReplacedAfter(from ssa.Instruction, p ValuePath) bool {
	after := RunsAfter(from, func(ssa.Instruction) bool { return false })
	for instr := range after {
		if st, ok := instr.(*ssa.Store); ok && PathOf(st.Addr).Load() == p {
			return true
		}
	}
	return false
}

// Dominates reports whether a runs before b on every path to b.
func Dominates(a, b ssa.Instruction) bool {
	if a.Block() == b.Block() {
		return slices.Index(a.Block().Instrs, a) < slices.Index(b.Block().Instrs, b)
	}
	return a.Block().Dominates(b.Block())
}

// PassesOnlyThrough reports whether every path from the select sel to a
// return of its function takes its case k (counted in sel.States), but
// for paths that end at an instruction ends reports (a panic, a test's
// Fatal): past sel, case k was taken. A case that loops back to sel (a
// select in a for loop) passes it again. Cases with empty bodies share
// the block after the select, so the path is followed by its edges: the
// one into case k's body is the only way on.
func PassesOnlyThrough(sel *ssa.Select, k int, ends func(ssa.Instruction) bool) bool {
	branch := SelectCase(sel, k)
	if branch == nil {
		return false
	}
	seen := make(map[*ssa.BasicBlock]bool)
	stack := []*ssa.BasicBlock{sel.Block()}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for i, s := range b.Succs {
			if b == branch.Block() && i == 0 || seen[s] || slices.ContainsFunc(s.Instrs, ends) {
				continue // case k taken, or the goroutine ends
			}
			seen[s] = true
			if _, returns := s.Instrs[len(s.Instrs)-1].(*ssa.Return); returns {
				return false
			}
			stack = append(stack, s)
		}
	}
	return true
}

// SelectCase returns the branch into sel's case k, where its chosen index
// is compared with k (if index == k), or nil: its first successor is the
// case's body.
func SelectCase(sel *ssa.Select, k int) *ssa.If {
	for _, ref := range Referrers(sel) {
		index, ok := ref.(*ssa.Extract)
		if !ok || index.Index != 0 {
			continue
		}
		for _, use := range Referrers(index) {
			eq, ok := use.(*ssa.BinOp)
			if !ok || eq.Op != token.EQL {
				continue
			}
			if c, ok := eq.Y.(*ssa.Const); !ok || c.Int64() != int64(k) {
				continue
			}
			for _, u := range Referrers(eq) {
				if branch, ok := u.(*ssa.If); ok {
					return branch
				}
			}
		}
	}
	return nil
}
