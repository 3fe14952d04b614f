package where

// This file is the off-owner search and the channel classification.

import (
	"cmp"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/summary"
)

// MaxRounds bounds how often a package is searched for the fields whose
// funcs run off the owner: each round may make more sinks, which may start
// more code off the owner, and costs a pass over the package's code.
const MaxRounds = 3

// Code is a package's code as an evaluator extracted it, for the off-owner
// search. B identifies a body of code: an SSA function, a syntax block.
type Code[B comparable] struct {
	// Roots run off the owner whoever calls them: what go statements and
	// async sinks start, entry points.
	Roots []B
	// Goes are the go statements that call a field's func (go x.f()): its
	// funcs run off the owner wherever the statement is.
	Goes []FieldCall[B]
	// Stored are the bodies of the funcs stored in each field holding funcs.
	Stored map[*types.Var][]B
	// Receivers are the receives of funcs from channel fields.
	Receivers []Receiver[B]
	// Calls lists what b runs on its own goroutine, call by call; ok is
	// false for a body the search does not enter (an owner's loop, code
	// that was not built).
	Calls func(b B) (calls []Call[B], ok bool)
	// Name names the declared function b is, or is in, for messages.
	Name func(b B) string
	// RunsOn tells the owner b is known to run on (a loop, an owner-only
	// function), if any.
	RunsOn func(b B) (domain string, ok bool)
}

// A Call is a call a body makes, as the search needs it.
type Call[B comparable] struct {
	Pos token.Pos
	// Runs is the code the call runs on the caller's goroutine: its
	// callees (for an interface method, the implementations in view) and
	// the func arguments it runs here (see Rules.Arg).
	Runs []B
	// Fields are the fields whose funcs it calls: the field it calls, or
	// the fields a function of another package calls, its summary says
	// (summary.CallsFields), that this package stores funcs in.
	Fields []*types.Var
	Method *types.Func // the interface method it calls, if any
	// Owned are the positions of the method's arguments (the receiver
	// is 0) that hold values the calling code owns: made by it, or
	// handed to it when it was started (a snapshot its starter reaches
	// no more).
	Owned []int
}

// A FieldCall is a call of the func held in a field that runs off the
// owner: made by off-owner code, or started by a go statement (Goes).
type FieldCall[B comparable] struct {
	Field *types.Var
	By    B // the body making the call
	Pos   token.Pos
	Goes  bool
}

// HoldsFuncsOf reports whether f is a field of pkg holding funcs.
func HoldsFuncsOf(f *types.Var, pkg *types.Package) bool {
	return f != nil && f.Pkg() == pkg && flow.HoldsFuncs(f.Type())
}

// IsHook reports whether f is a hook of pkg: a field of pkg holding funcs
// that importers store funcs in, themselves when it is exported, else
// through pkg's functions (an option, a setter: stored, the fields they
// store their func parameters in, summary.StoredIn), and that pkg's
// functions may call on their callers' goroutines (summary.CallsFields).
// Other unexported fields only pkg's code fills, and its own calls of
// them already count.
func IsHook(f *types.Var, pkg *types.Package, stored map[*types.Var]bool) bool {
	return HoldsFuncsOf(f, pkg) && (f.Exported() || stored[f.Origin()])
}

// Hook names f, a field whose funcs a function of pkg calls, for its
// summary, when f is a hook of pkg (IsHook): both paths record such calls
// through it.
func Hook(f *types.Var, pkg *types.Package, stored map[*types.Var]bool) (summary.FieldRef, bool) {
	if !IsHook(f, pkg, stored) {
		return summary.FieldRef{}, false
	}
	return summary.FieldRefOf(f)
}

// A Receiver is a receive of funcs from a channel field.
type Receiver[B comparable] struct {
	Field  *types.Var
	By     B
	InLoop bool // in a loop: an event loop, if By runs on an owner
}

// Fields is what the off-owner search found that the rules read (see
// Rules.Store and Rules.Send) and the package's facts export.
type Fields struct {
	// Called are the fields whose funcs run off the owner, with the caller
	// of each that comes first in the source.
	Called map[*types.Var]string
	// ChanOff are the channel fields whose funcs code off the owner
	// receives, with a receiver of each; ChanHop those whose funcs code on
	// an owner receives, by the owner's domain.
	ChanOff, ChanHop map[*types.Var]string
	// Invoked are the interface methods off-owner code calls, with what
	// their calls have in common.
	Invoked map[*types.Func]Invocation
}

// An Invocation is what the off-owner calls of an interface method have in
// common: the caller first by name (evaluators that find them in
// different orders say the same), and the argument positions every call
// passes a value it owns (see Call.Owned).
type Invocation struct {
	By    string
	Owned []int
}

// Same reports whether f and g say the same of where funcs run (the
// callers named aside): another round would find no more.
func (f *Fields) Same(g *Fields) bool {
	if f == nil || g == nil {
		return f == g
	}
	return maps.EqualFunc(f.Called, g.Called, func(string, string) bool { return true }) && maps.Equal(f.ChanOff, g.ChanOff) && maps.Equal(f.ChanHop, g.ChanHop)
}

// Found is what the off-owner search found.
type Found[B comparable] struct {
	Fields
	// FieldCalls are the calls that run fields' funcs off the owner, in
	// source order: findings are reported at them.
	FieldCalls []FieldCall[B]
	// OffOwner is the code found to run off the owner.
	OffOwner map[B]bool
}

// Search follows the code that runs off the owner, from the roots through
// what it runs on its own goroutine, and finds the fields whose funcs it
// calls (then the funcs stored there run off the owner too), the channels
// whose funcs it receives and the interface methods it calls. The owner's
// loop, and code handed to the owner, stop it.
func Search[B comparable](code Code[B]) *Found[B] {
	s := &search[B]{code: code, found: &Found[B]{
		Fields:   Fields{Called: make(map[*types.Var]string), Invoked: make(map[*types.Func]Invocation)},
		OffOwner: make(map[B]bool),
	}}
	s.queue = slices.Clone(code.Roots)
	for _, g := range code.Goes {
		s.fieldCall(g)
	}
	for len(s.queue) > 0 {
		b := s.queue[0]
		s.queue = s.queue[1:]
		if s.found.OffOwner[b] {
			continue
		}
		calls, ok := code.Calls(b)
		if !ok {
			continue
		}
		s.found.OffOwner[b] = true
		for _, call := range calls {
			s.call(b, call)
		}
	}
	slices.SortStableFunc(s.found.FieldCalls, func(a, b FieldCall[B]) int { return cmp.Compare(a.Pos, b.Pos) })
	for _, fc := range s.found.FieldCalls {
		if _, ok := s.found.Called[fc.Field]; !ok {
			s.found.Called[fc.Field] = code.Name(fc.By)
		}
	}
	s.classifyChannels()
	return s.found
}

type search[B comparable] struct {
	code  Code[B]
	found *Found[B]
	queue []B
	// fields are the fields found so far, whose stored funcs are queued.
	fields map[*types.Var]bool
}

// call follows one call of off-owner code b.
func (s *search[B]) call(b B, call Call[B]) {
	if call.Method != nil {
		noteInvoked(s.found.Invoked, call.Method, s.code.Name(b), call.Owned)
	}
	for _, f := range call.Fields {
		s.fieldCall(FieldCall[B]{Field: f, By: b, Pos: call.Pos})
	}
	s.queue = append(s.queue, call.Runs...)
}

// fieldCall records a call that runs a field's funcs off the owner: the
// funcs stored there run off the owner.
func (s *search[B]) fieldCall(fc FieldCall[B]) {
	s.found.FieldCalls = append(s.found.FieldCalls, fc)
	if s.fields == nil {
		s.fields = make(map[*types.Var]bool)
	}
	if !s.fields[fc.Field] {
		s.fields[fc.Field] = true
		s.queue = append(s.queue, s.code.Stored[fc.Field]...)
	}
}

// noteInvoked records that by calls the interface method m off the owner,
// passing values it owns at the positions owned.
func noteInvoked(invoked map[*types.Func]Invocation, m *types.Func, by string, owned []int) {
	old, ok := invoked[m]
	if !ok {
		invoked[m] = Invocation{By: by, Owned: owned}
		return
	}
	old.By = min(old.By, by)
	old.Owned = slices.DeleteFunc(slices.Clone(old.Owned), func(i int) bool { return !slices.Contains(owned, i) })
	invoked[m] = old
}

// classifyChannels decides where the funcs sent on each channel field
// run: off the owner when off-owner code receives them, else on the owner
// that a loop or owner-only function receiving them runs on, else,
// received in a loop of code on the owner (an event loop its program's
// main calls), on the default owner.
func (s *search[B]) classifyChannels() {
	f := s.found
	f.ChanOff, f.ChanHop = make(map[*types.Var]string), make(map[*types.Var]string)
	for _, r := range s.code.Receivers {
		if _, ok := f.ChanOff[r.Field]; !ok && f.OffOwner[r.By] {
			f.ChanOff[r.Field] = s.code.Name(r.By)
		}
	}
	for _, r := range s.code.Receivers {
		if _, off := f.ChanOff[r.Field]; off {
			continue
		}
		if domain, ok := s.code.RunsOn(r.By); ok {
			f.ChanHop[r.Field] = domain
		} else if _, ok := f.ChanHop[r.Field]; !ok && r.InLoop {
			f.ChanHop[r.Field] = ""
		}
	}
}

// ExportFacts publishes what the search found that other packages use:
// the interface methods and the fields whose funcs off-owner code calls.
func (r Rules) ExportFacts(f *Fields) {
	if f == nil {
		return
	}
	facts := make(map[*types.Func]*model.EntryFact, len(f.Invoked))
	for m, inv := range f.Invoked {
		facts[m] = &model.EntryFact{By: inv.By, Owned: inv.Owned}
	}
	r.M.View.ExportEntryFacts(facts)
	r.M.View.ExportFieldFacts(f.Called)
}
