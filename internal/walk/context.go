package walk

import (
	"go/token"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/ssa"
)

// sendOff records that v is sent off the owner by sink at the call.
func (w *Walker) SendOff(v ssa.Value, at Entry) {
	sources := w.FuncSources(v)
	w.Sum.Async = w.Sum.Async.Union(sources)
	w.NoteEvidence(sources, SinkEvidence{Sink: at.Sink, Pos: at.Pos})
	at.Targets = flow.FuncTargets(v)
	if len(at.Targets) > 0 {
		if at.Call == nil {
			at.Call = w.At
		}
		for _, t := range at.Targets {
			at.Handed = append(at.Handed, w.HandedOff(at.Call, nil, t.Bindings)...)
		}
		w.Spawns = append(w.Spawns, at)
	}
}

// hopTo records that v is sent to the owner by sink at pos: it is not
// code that runs here, but code that runs on domain, when that is known
// (a future that completes on the owner does not say which).
func (w *Walker) HopTo(v ssa.Value, sink string, domain *string, pos token.Pos) {
	sources := w.FuncSources(v)
	h := SinkEvidence{Sink: sink, Pos: pos, Hop: true}
	if domain != nil {
		w.Sum.AddHop(sources, *domain)
		if targets := flow.FuncTargets(v); len(targets) > 0 {
			w.Hops = append(w.Hops, Entry{Pos: pos, Sink: HopSinkFor(sink, *domain), Targets: targets, On: domain, Call: w.At})
		}
		h.To = *domain
	} else {
		w.Sum.AddHop(sources, "")
	}
	w.NoteEvidence(sources, h)
}

// noteEvidence keeps, for -explain, the evidence that the function is a sink
// of its func parameters among sources.
func (w *Walker) NoteEvidence(sources summary.Origin, h SinkEvidence) {
	if w.C.M.Cfg.Explain && !sources.Fresh() {
		h.Sources = sources
		w.Evidence = append(w.Evidence, h)
	}
}

// funcSources is where a func value comes from, for inferring sinks: the
// sources of an unresolved value, or the func-valued sources a resolved
// closure calls (a closure sent off the owner that calls f sends f along).
func (w *Walker) FuncSources(v ssa.Value) summary.Origin {
	targets := flow.FuncTargets(v)
	if len(targets) == 0 {
		return w.Origins.Of(v)
	}
	var o summary.Origin
	for _, t := range targets {
		if sum := w.C.SummaryOf(t.Fn); sum != nil {
			o = o.Union(w.Origins.MapOrigin(sum.Invokes, nil, t.Bindings))
		}
	}
	return o
}
