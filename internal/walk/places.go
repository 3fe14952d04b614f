package walk

// This file is where the walk learns where code runs: the places the rules
// (package where) give the func values a function hands over, recorded as
// the function's spawns, hops and summary.

import (
	"go/token"
	"go/types"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/where"
	"golang.org/x/tools/go/ssa"
)

// sendOff records that v is sent off the owner by sink at the call.
func (w *walker) sendOff(v ssa.Value, at Entry) {
	if at.Call == nil {
		at.Call = w.at
	}
	sources := w.funcSources(v)
	w.sendsOff(sources, at.Call)
	w.noteEvidence(sources, where.Evidence{Sink: at.Sink, Pos: at.Pos})
	at.Targets = flow.FuncTargets(v)
	if len(at.Targets) > 0 {
		for _, t := range at.Targets {
			w.hopsOfStarted(t, nil, at)
			w.start(nil, t.Bindings)
			handed := w.handedOff(at.Call, nil, t.Bindings)
			at.Handed = append(at.Handed, handed...)
			at.Entries = append(at.Entries, w.entriesHanded(t, nil, handed, at)...)
		}
		w.Spawns = append(w.Spawns, at)
	}
}

// hopsOfStarted records, for t, code started off the owner with args (nil
// when whoever runs it supplies them), the funcs it hands to a hop: those
// it captured or was handed here (go func() { for range tick.C {
// l.Post(fn) } }(), time.AfterFunc(d, func() { l.Post(fn) })) run on
// that hop's owner, as if this function handed them to the hop.
func (w *walker) hopsOfStarted(t flow.FuncValue, args []ssa.Value, at Entry) {
	sum := w.c.SummaryOf(t.Fn)
	if sum == nil || sum.Hop.Fresh() {
		return
	}
	domain := sum.HopTo
	for _, src := range sum.Hop.Sources() {
		var v ssa.Value
		switch i := int(src - summary.FreeBase); {
		case src < summary.FreeBase && int(src) < len(args):
			v = args[src]
		case src >= summary.FreeBase && src < summary.Ambient && i < len(t.Bindings.Values):
			v, _ = flow.HeldValue(t.Bindings.Values[i]) // a variable assigned once: what it holds
		}
		if v != nil && names.IsFuncTyped(v.Type()) {
			w.hopTo(v, at.Sink, &domain, at.Pos, nil)
		}
	}
}

// sendsOff records that the func values of sources run off the owner,
// started by start: joined, when the function waits for what start starts
// before it returns, or nil.
func (w *walker) sendsOff(sources summary.Origin, start ssa.Instruction) {
	w.Sum.Async = w.Sum.Async.Union(sources)
	if start != nil && !sources.Fresh() && w.c.joinedBeforeReturn(start) {
		w.joinedOff = w.joinedOff.Union(sources)
	} else {
		w.detachedOff = w.detachedOff.Union(sources)
	}
}

// hopTo records that v is sent to the owner by sink at pos: it is not
// code that runs here, but code that runs on domain, when that is known
// (a future that completes on the owner does not say which).
func (w *walker) hopTo(v ssa.Value, sink string, domain *string, pos token.Pos, actor *types.Named) {
	sources := w.funcSources(v)
	h := where.Evidence{Sink: sink, Pos: pos, Hop: true}
	if domain != nil {
		w.Sum.AddHop(sources, *domain)
		if targets := flow.FuncTargets(v); len(targets) > 0 {
			at := Entry{Pos: pos, Sink: hopSinkFor(sink, *domain), Targets: targets, On: domain, Call: w.at, Actor: actor}
			for _, t := range targets {
				// m.work <- m.cleanup(m.names): the code the hop runs
				// on domain touches the entries the field holds.
				at.Entries = append(at.Entries, w.entriesHanded(t, nil, nil, at)...)
			}
			w.Hops = append(w.Hops, at)
		}
		h.To = *domain
	} else {
		w.Sum.AddHop(sources, "")
	}
	w.noteEvidence(sources, h)
}

// noteEvidence keeps, for -explain, the evidence that the function is a sink
// of its func parameters among sources.
func (w *walker) noteEvidence(sources summary.Origin, h where.Evidence) {
	if w.c.M.Config().Explain && !sources.Fresh() {
		h.Sources = sources
		w.Evidence = append(w.Evidence, h)
	}
}

// funcSources is where a func value comes from, for inferring sinks: the
// sources of an unresolved value, or the func-valued sources a resolved
// closure calls (a closure sent off the owner that calls f sends f along).
func (w *walker) funcSources(v ssa.Value) summary.Origin {
	targets := flow.FuncTargets(v)
	if len(targets) == 0 {
		return w.origins.of(v)
	}
	var o summary.Origin
	for _, t := range targets {
		if sum := w.c.SummaryOf(t.Fn); sum != nil {
			o = o.Union(w.origins.mapOrigin(sum.Invokes, nil, t.Bindings))
		}
	}
	return o
}

// place sends v where p says it runs, for the call at call.pos: here, off
// the owner, or to it. A place the rules inferred from the callee's
// summary takes the call's name as its sink.
func (w *walker) place(v ssa.Value, p where.Place, call callSite) {
	if p.Actor != nil && w.actorsBehavior(v) {
		for _, t := range flow.FuncTargets(v) {
			fn := t.Fn
			if m, ok := fn.Object().(*types.Func); ok && flow.IsWrapper(fn) {
				fn = w.c.prog.FuncValue(m) // a method value's wrapper (a.open$bound)
			}
			if fn != nil {
				w.Behaviors = append(w.Behaviors, fn)
			}
		}
		return // an actor's next behavior (Become(a.connected)): a turn of its own
	}
	if p.Here {
		assuming := w.assuming
		w.assuming = w.assuming || p.Assumed
		w.syncInvoke(v, call.pos)
		w.assuming = assuming
	}
	sink := p.Sink
	if (p.Off || p.OnOwner) && sink == "" {
		sink = call.name()
	}
	if p.Off {
		w.sendOff(v, Entry{Pos: call.pos, Sink: sink, Inferred: p.Sink == ""})
	}
	if p.OnOwner {
		domain := p.Domain
		w.hopTo(v, sink, &domain, call.pos, p.Actor)
	}
	if ref, ok := p.SentOnRef(); ok {
		w.Sum.AddSentOn(w.funcSources(v), ref) // its callers' importers may see the receivers
	}
	if ref, ok := p.StoredInRef(); ok {
		w.Sum.AddStoredIn(w.funcSources(v), ref) // its callers' importers may call the field's callers
	}
}

// actorsBehavior reports whether v, a func made the turn of an actor of
// its own (protoactor's ReceiveFunc), is rather an actor's behavior: a
// method value of an actor (Become(w.connected), also in its
// constructor), or a func made in a method of one (its next behavior)
// and not handed to a function that spawns it (PropsFromFunc).
func (w *walker) actorsBehavior(v ssa.Value) bool {
	actor := func(t types.Type) bool {
		named := names.DerefNamed(t)
		return named != nil && w.c.M.Turns.Mailbox(named)
	}
	if mc, ok := v.(*ssa.MakeClosure); ok && flow.IsWrapper(mc.Fn.(*ssa.Function)) && len(mc.Bindings) == 1 && actor(mc.Bindings[0].Type()) {
		return true
	}
	fn := w.fn
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn.Signature.Recv() == nil || !actor(fn.Signature.Recv().Type()) {
		return false
	}
	// Made in a method of an actor: its next behavior, unless the call
	// spawns it (e.SpawnFunc(f, "host"), see where.SpawnedActor), or the
	// conversion hands it to a function of no receiver
	// (actor.PropsFromFunc), which spawns it as an actor of its own.
	if call, ok := w.at.(ssa.CallInstruction); ok {
		if callee := flow.StaticFunc(call); callee != nil {
			for i, a := range flow.CallArgs(call.Common()) {
				if a == v && where.SpawnedActor(callee, i) != nil {
					return false
				}
			}
		}
	}
	if ct, ok := w.at.(*ssa.ChangeType); ok {
		for _, ref := range *ct.Referrers() {
			if call, ok := ref.(ssa.CallInstruction); ok {
				if callee := call.Common().StaticCallee(); callee != nil && callee.Signature.Recv() == nil {
					return false
				}
			}
		}
	}
	return true
}

// store handles a store of func values into a field. Where another
// package calls the field's funcs off the owner, the store is where they
// leave. Where this package's off-owner code calls them, they are reported
// where the field is called (see report's field calls), and the func
// parameters the store sends along make this function an async sink for
// them (rule 3).
func (w *walker) store(in ssa.Instruction) {
	f, val := storedField(in)
	if f == nil {
		return
	}
	p := w.c.rules.Store(f)
	if p.StoredIn != nil && !p.Off && intoParam(in) {
		if ref, ok := w.c.fieldRef(p.StoredIn); ok {
			for _, v := range flow.StoredElements(val) {
				w.Sum.AddStoredIn(w.funcSources(v), ref)
			}
		}
	}
	switch {
	case p.Off && !p.AtCall:
		for _, v := range flow.StoredElements(val) {
			w.sendOff(v, Entry{Pos: storePos(in), Sink: p.Sink})
		}
	case p.AtCall:
		var sources summary.Origin
		for _, v := range flow.StoredElements(val) {
			sources = sources.Union(w.funcSources(v))
		}
		var o summary.Origin
		for _, s := range sources.Sources() {
			if s >= summary.FreeBase && s != summary.Ambient {
				o = o.Union(summary.OriginOf(s)) // a captured func value, for the enclosing function
			} else if int(s) < len(w.fn.Params) && flow.HoldsFuncs(w.fn.Params[s].Type()) {
				o = o.Union(summary.OriginOf(s))
			}
		}
		w.sendsOff(o, nil)
		w.noteEvidence(o, where.Evidence{Sink: p.Sink, Pos: in.Pos()})
	}
}

// intoParam reports whether instr, a store into a field, stores into a
// field of a parameter's value (p.onError = fn in an option, a setter's
// receiver): one its caller holds, not a value the function makes for
// itself (sort.Slice's lessSwap{Less: less}), which summary.StoredIn
// leaves out.
func intoParam(instr ssa.Instruction) bool {
	var addr ssa.Value
	switch in := instr.(type) {
	case *ssa.Store:
		addr = in.Addr
	case *ssa.MapUpdate:
		addr = in.Map
	}
	for range 3 { // x.f, x.fs[i], x.subs[k]: through the load of the field
		switch a := addr.(type) {
		case *ssa.IndexAddr:
			addr = a.X
		case *ssa.UnOp:
			addr = a.X
		case *ssa.FieldAddr:
			_, ok := a.X.(*ssa.Parameter)
			return ok
		default:
			return false
		}
	}
	return false
}

// send handles the func value v sent on the channel ch at pos: it runs
// where the channel's receivers call it. Other sends hand values over
// (see report's sends).
func (w *walker) send(ch, v ssa.Value, pos token.Pos) {
	if !names.IsFuncTyped(v.Type()) {
		return
	}
	w.place(v, w.c.rules.Send(flow.LoadedField(ch), w.gos.localReceiver(ch)), callSite{pos: pos})
}

// hopSinkFor is how a hop by sink to domain is named as a root of findings.
func hopSinkFor(sink, domain string) string {
	return "code that " + sink + " runs on " + names.DomainName(domain)
}
