package report

// This file reports confined values touched after they were sent to
// another owner (docs/directives.md, "Domains"). A value a callback handed
// to another domain's hop captures and touches, or one sent on a channel that
// another domain's loop receives from, is that domain's code's to touch from
// then on: the sender touching it again, in the same function or in a
// callee it hands the value to, races with the receiver. A value sent and
// left is a handoff, and fine. The sending function is followed, and the
// sends of the package's helpers it hands values to (walk's SentValues).

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
	instr ssa.Instruction
	to    string // the domain it hands them to
	// kept: the receiving loop keeps what it receives (registers a
	// subscription), so no receive from the value's channels hands it
	// back.
	kept bool
	// sendCase is, for a select, the case that sends (in its States).
	sendCase int
	values   []sentValue // the values, as the function reaches them
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
	var receivers map[*types.Var]receiver // built on the first channel send
	var hopped map[*ssa.Function]string   // likewise, on the first handoff
	var looped map[*ssa.Function]bool     // likewise, on the first send to the default loop
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
		// But a value sent from code no loop runs to a loop that keeps
		// what it receives (a handler registering a subscription with the
		// hub) is the loop's from then on in any program.
		sendsToAnother := func(to receiver) bool {
			if toAnother(to.domain) {
				return true
			}
			if known || !to.keeps {
				return false
			}
			if looped == nil {
				looped = r.loopReached(fns)
			}
			return !looped[fn]
		}
		// A callback posted to another domain that captures the sender's
		// own state touches it there (a finding inside the callback): the
		// state is not handed over. Where the sender's domain is not
		// known, state of a domain other than the receiver's is taken as
		// the sender's.
		own := func(named *types.Named, to string) bool {
			d := r.c.M.TypeDomain(named)
			return known && d == from || !known && d != "" && d != to
		}
		for _, h := range r.handoffs(w, receivers, toAnother, sendsToAnother, own) {
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
			return in.Op == token.ARROW && sent(in.X) && !h.kept
		case *ssa.Select:
			return slices.ContainsFunc(in.States, func(st *ssa.SelectState) bool { return st.Dir == types.RecvOnly && sent(st.Chan) }) && !h.kept
		case *ssa.Defer:
			return false // it runs as the function returns
		case ssa.CallInstruction:
			return !touching[instr] && slices.ContainsFunc(flow.CallArgs(in.Common()), sent)
		}
		return false
	}
	after := flow.RunsAfter(h.instr, waits)
	if sel, ok := h.instr.(*ssa.Select); ok {
		after = flow.RunsAfterCase(sel, h.sendCase, waits) // the other cases sent nothing
	}
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
func (r *reporter) handoffs(w *walk.Walk, receivers map[*types.Var]receiver, toAnother func(string) bool, sendsToAnother func(receiver) bool, own func(*types.Named, string) bool) []handoff {
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
		for ch, x := range c.SentValues(send) {
			to, ok := receivers[flow.LoadedField(ch)]
			if !ok || !sendsToAnother(to) {
				continue
			}
			h := handoff{instr: send, to: to.domain, kept: to.keeps}
			if sel, ok := send.(*ssa.Select); ok {
				h.sendCase = slices.IndexFunc(sel.States, func(st *ssa.SelectState) bool { return st.Dir == types.SendOnly && st.Chan == ch && st.Send == x })
			}
			for _, v := range r.carried(x, 2) {
				h.values = append(h.values, sentValue{flow.PathOf(v), types.TypeString(v.Type(), names.Qualifier)})
			}
			if len(h.values) > 0 {
				out = append(out, h)
			}
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

// A receiver is a loop receiving from a channel field: its domain, and
// whether it keeps what it receives in its state.
type receiver struct {
	domain string
	keeps  bool
}

// loopReceivers maps the channel fields that the package's loops receive
// from to the loops.
func (r *reporter) loopReceivers(fns []*ssa.Function) map[*types.Var]receiver {
	c := r.c
	out := make(map[*types.Var]receiver)
	for _, fn := range fns {
		if !c.M.IsLoop(fn) {
			continue
		}
		domain, _ := c.M.RunsOn(fn)
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				for _, ch := range flow.ReceivedChannels(instr) {
					f := flow.LoadedField(ch)
					out[f] = receiver{domain: domain, keeps: out[f].keeps}
				}
				if v, ok := instr.(ssa.Value); ok && keptInField(v) {
					if f := flow.LoadedField(flow.ReceivedFrom(v)); f != nil {
						out[f] = receiver{domain: domain, keeps: true}
					}
				}
			}
		}
	}
	delete(out, nil)
	return out
}

// keptInField reports whether v is stored in a map or field (h.subs[s.id]
// = s, h.subs[s] = true): a loop receiving it keeps it past its turn.
func keptInField(v ssa.Value) bool {
	for _, ref := range flow.Referrers(v) {
		switch ref := ref.(type) {
		case *ssa.MapUpdate:
			if (ref.Value == v || ref.Key == v) && flow.LoadedField(ref.Map) != nil {
				return true
			}
		case *ssa.Store:
			if ref.Val == v && flow.FieldOf(ref.Addr) != nil {
				return true
			}
		}
	}
	return false
}

// loopReached lists the package's functions its loops call, directly or
// through others: code that may run on a loop.
func (r *reporter) loopReached(fns []*ssa.Function) map[*ssa.Function]bool {
	out := make(map[*ssa.Function]bool)
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		if out[fn] || fn.Blocks == nil {
			return
		}
		out[fn] = true
		for _, callee := range flow.StaticCalls(fn) {
			visit(callee)
		}
		for _, anon := range fn.AnonFuncs {
			visit(anon)
		}
	}
	for _, fn := range fns {
		if r.c.M.IsLoop(fn) {
			visit(fn)
		}
	}
	return out
}
