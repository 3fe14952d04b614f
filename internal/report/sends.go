package report

// This file reports confined values touched after they were sent to
// another owner (docs/directives.md, "Domains"). A value a callback handed
// to another domain's hop captures and touches, or one sent on a channel that
// another domain's loop receives from, is that domain's code's to touch from
// then on: the sender touching it again, in the same function or in a
// callee it hands the value to, races with the receiver. A value sent and
// left is a handoff, and fine. Only the sending function is followed; a
// send in a callee is not seen from its caller.

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/walk"
	"golang.org/x/tools/go/ssa"
)

// A handoff is a place where a function hands confined values to the code
// of another domain.
type handoff struct {
	instr  ssa.Instruction
	to     string      // the domain it hands them to
	values []sentValue // the values, as the function reaches them
	// what is, in a finding, the type of the value touched after the
	// handoff, for its message.
	what string
}

// A sentValue is a value handed off, and its type as messages name it.
type sentValue struct {
	path flow.ValuePath
	what string
}

// reportSends reports, in every function of the package that hands
// confined values to another domain, the touches of them that may follow.
func (r *reporter) reportSends(fns []*ssa.Function) {
	var receivers map[*types.Var]string // built on the first channel send
	var hopped map[*ssa.Function]string // likewise, on the first handoff
	for _, fn := range fns {
		w := r.c.Walks[fn]
		if w == nil {
			continue
		}
		if len(w.Hops) == 0 && len(w.Sends) == 0 {
			continue
		}
		if receivers == nil && len(w.Sends) > 0 {
			receivers = r.loopReceivers(fns)
		}
		if hopped == nil {
			hopped = r.hoppedFuncs(fns)
		}
		from, known := r.c.M.RunsOn(fn)
		if !known {
			from, known = hopped[fn]
		}
		// Code whose owner is unknown hands values over to a named domain
		// only: a program without names has no other owner.
		toAnother := func(to string) bool { return known && from != to || !known && to != "" }
		// A callback posted to another domain that captures the sender's
		// own state touches it there (a finding inside the callback): the
		// state is not handed over. Where the sender's domain is not
		// known, state of a domain other than the receiver's is taken as
		// the sender's.
		own := func(named *types.Named, to string) bool {
			d := r.c.M.TypeDomain(named)
			return known && d == from || !known && d != "" && d != to
		}
		for _, h := range r.handoffs(w, receivers, toAnother, own) {
			r.touchedAfter(w, h)
		}
	}
}

// hoppedFuncs maps the functions the package hands to hops to the domain
// they run on.
func (r *reporter) hoppedFuncs(fns []*ssa.Function) map[*ssa.Function]string {
	out := make(map[*ssa.Function]string)
	for _, fn := range fns {
		if w := r.c.Walks[fn]; w != nil {
			for _, sp := range w.Hops {
				for _, t := range sp.Targets {
					out[t.Fn] = *sp.On
				}
			}
		}
	}
	return out
}

// touchedAfter reports the touches of what h hands over that w's function
// may make after it, unless the function stores a new value there first,
// or waits for the receiver before: a receive from a channel of a sent
// value, or a call on one that touches nothing (reply.Wait(),
// future.Error()), hands it back, as a request answered is.
func (r *reporter) touchedAfter(w *walk.Walk, h handoff) {
	values := slices.DeleteFunc(slices.Clone(h.values), func(v sentValue) bool { return flow.ReplacedAfter(h.instr, v.path) })
	sentAs := func(v ssa.Value) int {
		return slices.IndexFunc(values, func(sv sentValue) bool { return sv.path.Covers(flow.PathOf(v)) })
	}
	sent := func(v ssa.Value) bool { return sentAs(v) >= 0 }
	touching := make(map[ssa.Instruction]bool)
	for _, s := range w.Sites {
		touching[s.Instr] = true
	}
	waits := func(instr ssa.Instruction) bool {
		switch in := instr.(type) {
		case *ssa.UnOp:
			return in.Op == token.ARROW && sent(in.X)
		case *ssa.Select:
			return slices.ContainsFunc(in.States, func(st *ssa.SelectState) bool { return st.Dir == types.RecvOnly && sent(st.Chan) })
		case ssa.CallInstruction:
			return !touching[instr] && slices.ContainsFunc(flow.CallArgs(in.Common()), sent)
		}
		return false
	}
	after := flow.RunsAfter(h.instr, waits)
	for _, s := range w.Sites {
		if s.Value != nil && after[s.Instr] && sent(s.Value) {
			hv := h
			hv.what = values[sentAs(s.Value)].what
			r.add(finding{pos: s.Pos, witness: s.Witness, sent: &hv})
		}
	}
}

// handoffs lists where w's function hands confined values to the code of
// a domain that toAnother accepts: captured by a hop's callbacks (but the
// sender's own, which own accepts), sent on a channel a loop of the
// package receives from (receivers).
func (r *reporter) handoffs(w *walk.Walk, receivers map[*types.Var]string, toAnother func(string) bool, own func(*types.Named, string) bool) []handoff {
	c := r.c
	var out []handoff
	for _, sp := range w.Hops {
		if sp.Call == nil || !toAnother(*sp.On) {
			continue
		}
		h := handoff{instr: sp.Call, to: *sp.On}
		for _, t := range sp.Targets {
			for _, b := range r.touchedCaptures(t) {
				p, typ := flow.PathOf(b), b.Type()
				if alloc, ok := b.(*ssa.Alloc); ok && t.Bindings.Cells {
					p, typ = p.Load(), alloc.Type().(*types.Pointer).Elem()
				}
				if named := c.M.ConfinedNamed(typ); named != nil && !own(named, h.to) {
					h.values = append(h.values, sentValue{p, types.TypeString(typ, names.Qualifier)})
				}
			}
		}
		if len(h.values) > 0 {
			out = append(out, h)
		}
	}
	for _, send := range w.Sends {
		to, ok := receivers[flow.LoadedField(send.Chan)]
		if !ok || !toAnother(to) {
			continue
		}
		h := handoff{instr: send, to: to}
		for _, v := range r.carried(send.X, 2) {
			h.values = append(h.values, sentValue{flow.PathOf(v), types.TypeString(v.Type(), names.Qualifier)})
		}
		if len(h.values) > 0 {
			out = append(out, h)
		}
	}
	return out
}

// touchedCaptures lists the captured values (or the bound receiver) that
// the function t denotes touches confined state through: those it takes
// over. What it only holds or passes on stays the sender's.
func (r *reporter) touchedCaptures(t flow.FuncValue) []ssa.Value {
	c := r.c
	sum := c.SummaryOf(t.Fn)
	if sum == nil {
		return nil
	}
	var out []ssa.Value
	for _, tc := range sum.Touches {
		if i := int(tc.Source - summary.FreeBase); tc.Source >= summary.FreeBase && tc.Source != summary.Ambient && i < len(t.Bindings.Values) {
			out = append(out, t.Bindings.Values[i])
		}
	}
	return slices.Compact(out)
}

// carried lists the confined values v carries: v itself, or what a message
// built in place holds (auditMsg{Book: c.book}), depth levels down.
func (r *reporter) carried(v ssa.Value, depth int) []ssa.Value {
	c := r.c
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return r.carried(x.X, depth)
	case *ssa.ChangeType:
		return r.carried(x.X, depth)
	}
	if c.M.ConfinedNamed(v.Type()) != nil {
		return []ssa.Value{v}
	}
	alloc, _ := v.(*ssa.Alloc)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		alloc, _ = load.X.(*ssa.Alloc)
	}
	if alloc == nil || depth == 0 {
		return nil
	}
	var out []ssa.Value
	for _, ref := range *alloc.Referrers() {
		if fa, ok := ref.(*ssa.FieldAddr); ok {
			for _, st := range *fa.Referrers() {
				if st, ok := st.(*ssa.Store); ok && st.Addr == fa {
					out = append(out, r.carried(st.Val, depth-1)...)
				}
			}
		}
	}
	return out
}

// loopReceivers maps the channel fields that the package's loops receive
// from to the loops' domains.
func (r *reporter) loopReceivers(fns []*ssa.Function) map[*types.Var]string {
	c := r.c
	out := make(map[*types.Var]string)
	for _, fn := range fns {
		if !c.M.IsLoop(fn) {
			continue
		}
		domain, _ := c.M.RunsOn(fn)
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.UnOp:
					if in.Op == token.ARROW {
						out[flow.LoadedField(in.X)] = domain
					}
				case *ssa.Select:
					for _, st := range in.States {
						if st.Dir == types.RecvOnly {
							out[flow.LoadedField(st.Chan)] = domain
						}
					}
				}
			}
		}
	}
	delete(out, nil)
	return out
}
