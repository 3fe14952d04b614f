package walk

import (
	"go/token"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/ssa"
)

// sendOff records that v is sent off the owner by sink at the call.
func (w *walker) sendOff(v ssa.Value, at Entry) {
	sources := w.funcSources(v)
	w.Sum.Async = w.Sum.Async.Union(sources)
	w.noteEvidence(sources, sinkEvidence{Sink: at.Sink, Pos: at.Pos})
	at.Targets = flow.FuncTargets(v)
	if len(at.Targets) > 0 {
		if at.Call == nil {
			at.Call = w.at
		}
		for _, t := range at.Targets {
			at.Handed = append(at.Handed, w.handedOff(at.Call, nil, t.Bindings)...)
		}
		w.Spawns = append(w.Spawns, at)
	}
}

// hopTo records that v is sent to the owner by sink at pos: it is not
// code that runs here, but code that runs on domain, when that is known
// (a future that completes on the owner does not say which).
func (w *walker) hopTo(v ssa.Value, sink string, domain *string, pos token.Pos) {
	sources := w.funcSources(v)
	h := sinkEvidence{Sink: sink, Pos: pos, Hop: true}
	if domain != nil {
		w.Sum.AddHop(sources, *domain)
		if targets := flow.FuncTargets(v); len(targets) > 0 {
			w.Hops = append(w.Hops, Entry{Pos: pos, Sink: hopSinkFor(sink, *domain), Targets: targets, On: domain, Call: w.at})
		}
		h.To = *domain
	} else {
		w.Sum.AddHop(sources, "")
	}
	w.noteEvidence(sources, h)
}

// noteEvidence keeps, for -explain, the evidence that the function is a sink
// of its func parameters among sources.
func (w *walker) noteEvidence(sources summary.Origin, h sinkEvidence) {
	if w.c.M.Cfg.Explain && !sources.Fresh() {
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
