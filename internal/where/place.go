package where

// This file is the rules: where the func values of each event run.

import (
	"fmt"
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/known"
	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
)

// A Place is where code handed somewhere runs, and what takes it there.
// Code may run in more than one place (a callee that calls a func and
// also starts it on a goroutine), so each place is a flag; none set means
// the rules say nothing (a value that is not code, or code handed to what
// they cannot see into).
type Place struct {
	// Here: on the caller's goroutine, or on another one while the caller
	// waits (sync.Once.Do, testing.T.Run, a joined goroutine). Assumed is
	// set when nothing says the callee calls it, only that it sends it
	// nowhere (it may as well keep it: Become(s.closed)).
	Here, Assumed bool
	// Off: off the owner.
	Off bool
	// OnOwner: on an owner (a hop back), the one Domain names.
	OnOwner bool
	// Inherited: a callback of an inherit combinator, which runs where the
	// future it is registered on completes; the walk tells that.
	Inherited bool
	Domain    string // for OnOwner, the owner's domain
	// Sink names a declared or built-in sink for messages; "" when the
	// place is inferred from the callee's summary, which the evaluator
	// names as the call it sees.
	Sink string
	// AtCall is set for funcs stored in a field of this package that code
	// off the owner calls: they run off the owner, but the findings are
	// reported where the field is called, not where the funcs are stored.
	AtCall bool
	// Actor is set for OnOwner code that is a turn of an actor of its own,
	// a func its framework runs on the actor's own mailbox (protoactor's
	// ReceiveFunc): the func type.
	Actor *types.Named
	// SentOn is the channel field the code is sent on when the package
	// sees none of its receivers (a mailbox type another package's loop
	// drains): it runs where they do, which its importers tell. Until one
	// does, an argument is taken to run here (Assumed), as for any callee
	// that keeps what it is handed.
	SentOn *types.Var
	// StoredIn is the field of this package holding funcs that the code
	// is stored in when no code of the package calls its funcs off the
	// owner: it runs where the functions calling them run (a poller's
	// Run calling the onError an option stored), which importers tell.
	StoredIn *types.Var
}

// SentOnRef names the channel field of SentOn when that is all p says
// (see summary.SentOn): what a summary keeps for importers.
func (p Place) SentOnRef() (summary.FieldRef, bool) {
	if p.SentOn == nil || p.Off || p.OnOwner {
		return summary.FieldRef{}, false
	}
	return summary.FieldRefOf(p.SentOn)
}

// StoredInRef names the field of StoredIn (see summary.StoredIn).
func (p Place) StoredInRef() (summary.FieldRef, bool) {
	if p.StoredIn == nil || p.Off {
		return summary.FieldRef{}, false
	}
	return summary.FieldRefOf(p.StoredIn)
}

// RunsHere reports whether code at p runs on the goroutine of the code
// handing it over, as far as the off-owner search follows it: a
// combinator's callbacks are followed as if they ran here.
func (p Place) RunsHere() bool { return p.Here || p.Inherited }

// A Callee is what the rules know of a call's target.
type Callee struct {
	Fn       *types.Func      // the declared function or method; nil for a func value nothing resolves
	Contract *directive.Fact  // what its declaration promises (model.Contract); nil for nothing
	Summary  *summary.Summary // what its body does, inferred; nil when unknown
	// Waits is set when the caller waits for the work it hands over right
	// after handing it (wg.Go(f); wg.Wait()).
	Waits bool
	// Detached is set when the callee's result joins the work it hands
	// over (Summary.Handle) and the caller does not wait on it right away:
	// the work runs beside the caller.
	Detached bool
	// OwnLoop is set when the funcs the caller hands over are bound to
	// the value holding the callee's receiver, a loop (s.loop.OnTick(s.flush),
	// r.OnTick(r.refresh) with r embedding it): the loop keeps them and
	// runs them, on itself, for the value it serves.
	OwnLoop bool
}

// Rules apply the rules of where code runs to the events an evaluator
// extracts, with what directives say (the model) and what the package's
// off-owner search found so far (nil before the first search).
type Rules struct {
	M      *model.Model
	Fields *Fields
}

// Arg is where argument i (counted as summaries count them: a method's
// receiver first) of a call of c runs; isFunc says whether the argument is
// a func value (an any may hold one: runtime.SetFinalizer's finalizer).
//
// A declaration decides first: inherit, then sync (or async while the
// caller waits), async, hop. Then what the callee's body does: sends it off
// the owner or to it. A func the callee neither declares nor is seen to
// send anywhere runs here: a summary cannot see a callback stored in a
// struct (sort.Slice) or called by a returned closure (sync.OnceFunc), so
// running here is the default.
func (r Rules) Arg(c Callee, i int, isFunc bool) Place {
	if actor := SpawnedActor(c.Fn, i); actor != nil {
		if domain, ok := r.M.Turns.Owner(actor); ok {
			return Place{OnOwner: true, Domain: domain, Sink: "a turn of " + names.TypeName(actor), Actor: actor}
		}
	}
	if k := c.Contract; k != nil {
		switch {
		case k.Combinator && slices.Contains(k.Inherit, i):
			return Place{Inherited: true}
		case slices.Contains(k.Sync, i), slices.Contains(k.Async, i) && c.Waits:
			return Place{Here: true}
		case slices.Contains(k.Async, i) && !c.OwnLoop:
			return Place{Off: true, Sink: r.M.Entries.SinkName(c.Fn)}
		case slices.Contains(k.Hop, i), slices.Contains(k.Async, i) && c.OwnLoop:
			return Place{OnOwner: true, Domain: r.M.HopDomain(c.Fn), Sink: names.FuncName(c.Fn)}
		}
	}
	var p Place
	if s := c.Summary; s != nil {
		p = r.Captured(s, summary.ParamSource(i))
		if c.Detached && s.Waited.Has(summary.ParamSource(i)) {
			return Place{Off: true}
		}
	}
	if !p.Here && isFunc && !p.Off && !p.OnOwner {
		p.Here, p.Assumed = true, true
	}
	return p
}

// SpawnedActor returns the framework's type as whose turns argument i of
// a call of fn runs, an actor of its own (see known.SpawnsFunc), or nil.
// The directive language has no word for it: a pack can say a func runs
// off the owner, not that it is an owner of its own.
func SpawnedActor(fn *types.Func, i int) *types.Named {
	af, ok := known.SpawnsFunc(fn)
	if !ok || af.Arg != i {
		return nil
	}
	tn, _ := fn.Pkg().Scope().Lookup(af.Actor).(*types.TypeName)
	if tn == nil {
		return nil
	}
	named, _ := tn.Type().(*types.Named)
	return named
}

// StartArg is where func argument i of the call a go statement starts
// runs: on the new goroutine, unless the callee hands it to the owner.
func (r Rules) StartArg(c Callee, i int) Place {
	hops := c.Contract != nil && slices.Contains(c.Contract.Hop, i) || c.Summary != nil && r.Captured(c.Summary, summary.ParamSource(i)).OnOwner
	if hops {
		return Place{}
	}
	return Place{Off: true, Sink: GoStatement}
}

// GoStatement is how messages name the start of a goroutine.
const GoStatement = "a go statement"

// Store is where the funcs stored in the field f run: off the owner when
// code off the owner calls them, in this package (as the search found) or
// in f's own (its EntryFact).
func (r Rules) Store(f *types.Var) Place {
	if f == nil {
		return Place{}
	}
	if by, ok := r.M.View.ImportedOffOwnerField(f); ok {
		return Place{Off: true, Sink: fmt.Sprintf("the funcs stored in field %s, which %s calls off the owner (in %s)", f.Name(), f.Pkg().Name(), by)}
	}
	if r.Fields != nil {
		if _, ok := r.Fields.Called[f.Origin()]; ok {
			return Place{Off: true, Sink: "a stored callback field called off the owner", AtCall: true}
		}
	}
	if HoldsFuncsOf(f, r.M.Pass().Pkg) {
		return Place{StoredIn: f}
	}
	return Place{}
}

// Send is where the funcs sent on the channel field f run: where their
// receivers call them. localReceiver names a goroutine the sending
// function starts that receives from the channel, when it is one the
// function made ("" otherwise).
func (r Rules) Send(f *types.Var, localReceiver string) Place {
	if localReceiver != "" {
		return Place{Off: true, Sink: "a send on a channel that " + localReceiver + " receives from off the owner"}
	}
	if f == nil {
		return Place{}
	}
	if r.Fields == nil {
		return Place{SentOn: f} // before the search: where its receivers run is not known yet
	}
	if by, ok := r.Fields.ChanOff[f]; ok {
		return Place{Off: true, Sink: "a send on " + f.Name() + ", whose funcs " + by + " runs off the owner"}
	}
	if domain, ok := r.Fields.ChanHop[f]; ok {
		return Place{OnOwner: true, Domain: domain, Sink: "a send on " + f.Name()}
	}
	return Place{SentOn: f}
}

// Convert is where a func value converted to the type t runs: off the
// owner for a func type marked offowner (net/http.HandlerFunc); as the
// turns of an actor of its own for a func type that is an actor with a
// mailbox (protoactor's ReceiveFunc, given to PropsFromFunc).
func (r Rules) Convert(t types.Type) Place {
	if sink, ok := r.M.Entries.OffOwnerValue(t); ok {
		return Place{Off: true, Sink: sink}
	}
	if named, ok := types.Unalias(t).(*types.Named); ok && names.IsFuncTyped(named) && r.M.Turns.Mailbox(named) {
		if domain, ok := r.M.Turns.Owner(named); ok {
			return Place{OnOwner: true, Domain: domain, Sink: "a turn of " + names.TypeName(named), Actor: named.Origin()}
		}
	}
	return Place{}
}

// Go is where the code a go statement starts runs: off the owner, unless
// the statement's function waits for it right after (joined).
func (r Rules) Go(joined bool) Place {
	if joined {
		return Place{Here: true}
	}
	return Place{Off: true, Sink: GoStatement}
}

// Captured is where a func value that a called closure captured (the
// closure's source src) runs: where the closure's body hands it.
func (r Rules) Captured(s *summary.Summary, src summary.Source) Place {
	p := Place{Here: s.Invokes.Has(src), Assumed: s.InvokesAssumed.Has(src), Off: s.Async.Has(src), OnOwner: s.Hop.Has(src), Domain: s.HopTo}
	for _, fs := range s.SentOn {
		if !fs.Sources.Has(src) {
			continue
		}
		if f := r.M.FieldOf(fs.Field); f != nil {
			// Where the channel's receivers run: a loop of this package
			// draining another package's mailbox makes it a hop.
			sent := r.Send(f, "")
			p.Off, p.SentOn = p.Off || sent.Off, sent.SentOn
			if sent.OnOwner {
				p.OnOwner, p.Domain = true, sent.Domain
			}
			if (sent.Off || sent.OnOwner) && p.Assumed {
				p.Here, p.Assumed = false, false // it was only taken to run here, for want of a receiver
			}
		}
	}
	for _, fs := range s.StoredIn {
		if !fs.Sources.Has(src) {
			continue
		}
		if f := r.M.FieldOf(fs.Field); f != nil {
			// Where the field's callers run: its package calling it off
			// the owner makes it async; else its importers tell.
			if stored := r.Store(f); stored.Off && !stored.AtCall {
				p.Off, p.Sink = true, stored.Sink
			} else {
				p.StoredIn = f
			}
		}
	}
	return p
}
