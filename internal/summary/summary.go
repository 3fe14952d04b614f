package summary

// This file defines a function's summary: which of its sources
// (parameters, captured variables, the ambient world) it touches confined
// state through, with one witness call path each; which of its func-valued
// sources it calls, sends off the owner (an inferred async sink) or sends
// to the owner (an inferred hop sink); and where its result comes from.
// The walk computes them bottom-up (package walk); summaries of declared
// functions travel to other packages as facts.

import (
	"cmp"
	"fmt"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/types/objectpath"
)

// maxVia bounds witness paths so that summaries stay small.
const maxVia = 8

// A Position is a token.Position that survives gob encoding.
type Position struct {
	File      string
	Line, Col int
}

// SameLine reports whether p and q are on one line of one file.
func (p Position) SameLine(q Position) bool { return p.File == q.File && p.Line == q.Line }

func (p Position) String() string {
	return fmt.Sprintf("%s:%d", filepath.Base(p.File), p.Line)
}

// A Step is one call on the way from a function to the touch it leads to.
type Step struct {
	Callee string   // the function called
	Call   Position // where it is called
}

// An Action is what a witness does to confined state. The order is the
// rank of advice (see tells): a write over a call over a read.
type Action uint8

const (
	ActionReads Action = iota
	ActionCalls
	ActionWrites
)

// String returns the verb messages use for a.
func (a Action) String() string {
	return [...]string{"reads", "calls", "writes"}[a]
}

// A Witness shows one way a function touches confined state.
type Witness struct {
	Action Action   // actionReads, actionCalls or actionWrites
	Member string   // the confined member, e.g. "(*rpc.Client).send" or "rpc.Client.pending"
	Domain string   // the owner the member belongs to ("" for the default)
	Site   Position // where the touch happens
	Via    []Step   // the calls leading to Site
	// For a call of a confined method: the confined data it goes on to
	// reach, so that the finding names the state that actually races.
	Reaches []Reach
	// For a touch through calls: the other writes the same calls make to
	// state reached from the same source, at other lines, which the
	// race detector names too (a helper that writes two fields). At most
	// maxOtherWrites; their own OtherWrites are empty.
	OtherWrites []Witness
	// For a read of a channel, sync or atomic field: where the owner
	// assigns it, which makes reading it a touch.
	Reassigned Position
	// For a touch through an interface value, by one implementation: the
	// dynamic type (a flow.TypeKey) the value must hold for the touch to
	// happen; "" when any value does. Callers that can tell the concrete
	// types they pass drop the touches of the others.
	Recv string
	// Assumed: the touch is by a func handed to a callee that is only
	// assumed to call it (where.Place.Assumed); a touch the call makes
	// for sure tells more.
	Assumed bool
	// Use: of a read of a field, what it goes on to read of the slice or
	// map the field holds: where the owner writes the entries, the line
	// reading them is the one the race detector names (see addReach).
	Use ReadUse
}

// A ReadUse is what a read of a field goes on to read of the slice or map
// it holds.
type ReadUse uint8

const (
	UseValue   ReadUse = iota // the value itself, or the field is no slice or map
	UseLength                 // only its length: len, cap, a range over its indices
	UseEntries                // its entries: an index, a lookup, a range over them
)

// A Reach is confined data (a field or value) written or read depth calls
// down. Site is the deepest place in the function's package that touches
// it (of the write, when it is both written and read): the touch, or the
// call into another package that touches it. Findings are reported there.
type Reach struct {
	Member string
	Write  bool
	Depth  int
	Site   Position
	// The other places in the package that write it, at other lines (a
	// write on each branch of an if), at most maxOtherWrites.
	OtherSites []Position
	// Of a member written: where it is read before it is first written,
	// when that is at a line of its own (n := len(q.pending) before the
	// append): the race detector names that line too.
	FirstRead Position
	// Use: what the read at Site goes on to read (Witness.Use).
	Use ReadUse
	// Call: for a Site in another package, where the code summarized
	// calls into it: where a finding that cannot be reported at Site is
	// (see model.FindingPos).
	Call Position
	// Via: the calls from the function summarized to Site.
	Via []Step
	// From: the sources of the function summarized through which it
	// reaches the member (its receiver, a parameter): a caller that hands
	// those over does not reach it as its own (go r.archive(m) with m
	// handed off).
	From Origin
}

// PathTo is the calls from wit's function to the site of r, one of the
// reaches of the confined method wit calls.
func (wit Witness) PathTo(r Reach) []Step {
	return path(wit.Via, Step{Callee: wit.Member, Call: wit.Site}, r.Via)
}

// ReadAt is where r is first read, if it is: its Site, or FirstRead when
// it is written too.
func (r Reach) ReadAt() Position {
	if r.Write {
		return r.FirstRead
	}
	return r.Site
}

// MaxReaches bounds the reaches a summary keeps: writes before reads, then
// the deepest, which is the state behind layers of confined managers. Of
// writes it keeps up to maxReachedWrites: each is a line the race detector
// names (a timer's retry writing a queue, a counter and the records it
// requeues, three calls deep), where a read's line is one of many.
const MaxReaches = 4

// maxReachedWrites bounds the writes a summary's reaches keep.
const maxReachedWrites = 16

func addReach(rs []Reach, r Reach) []Reach {
	if i := slices.IndexFunc(rs, func(x Reach) bool { return x.Member == r.Member }); i >= 0 {
		firstRead := rs[i].ReadAt() // a read after the first write adds nothing the detector names
		switch {
		case rs[i].Write && r.Write:
			r.OtherSites = otherSites(rs[i], r)
		case rs[i].Write:
			r.OtherSites = rs[i].OtherSites
		}
		// The first write's place, or the first read's; but of reads, one
		// of the entries before one of the value before one of the length
		// (len(b.scores), then b.scores[i]: the entries' line).
		telling := !rs[i].Write && !r.Write && readRank[r.Use] > readRank[rs[i].Use]
		if keep := rs[i].Site; keep.File != "" && (rs[i].Write || !r.Write) && !telling {
			r.Site, r.Use, r.Call, r.Via = keep, rs[i].Use, rs[i].Call, rs[i].Via
		}
		r.Write = r.Write || rs[i].Write
		r.Depth = max(r.Depth, rs[i].Depth)
		r.From = r.From.Union(rs[i].From)
		r.FirstRead = Position{}
		if r.Write && !firstRead.SameLine(r.Site) && !slices.ContainsFunc(r.OtherSites, firstRead.SameLine) {
			r.FirstRead = firstRead
		}
		rs[i] = r
	} else {
		rs = append(rs, r)
	}
	slices.SortFunc(rs, func(a, b Reach) int {
		switch {
		case a.Write != b.Write:
			if a.Write {
				return -1
			}
			return 1
		case a.Depth != b.Depth:
			return b.Depth - a.Depth
		}
		return strings.Compare(a.Member, b.Member)
	})
	writes := slices.IndexFunc(rs, func(r Reach) bool { return !r.Write })
	if writes < 0 {
		writes = len(rs)
	}
	return rs[:min(len(rs), max(MaxReaches, min(writes, maxReachedWrites)))]
}

// readRank orders the uses of reads by how well their line tells where
// the read races.
var readRank = [...]int{UseLength: 0, UseValue: 1, UseEntries: 2}

// otherSites merges the places two writes of one member write it at: the
// other lines than kept's Site.
func otherSites(kept, r Reach) []Position {
	out := slices.Clone(kept.OtherSites)
	for _, p := range append([]Position{r.Site}, r.OtherSites...) {
		if p.File != "" && !p.SameLine(kept.Site) && !slices.ContainsFunc(out, p.SameLine) && len(out) < maxOtherWrites {
			out = append(out, p)
		}
	}
	return out
}

// Tells reports whether wit is better advice than other: a write over a call
// over a read ("s.n++" reads and writes s.n), then a sure touch over an
// assumed one, then the shorter path.
func (wit Witness) Tells(other Witness) bool {
	switch {
	case wit.Action != other.Action:
		return wit.Action > other.Action
	case wit.Assumed != other.Assumed:
		return other.Assumed
	}
	return len(wit.Via) < len(other.Via)
}

// Through returns wit as seen from a caller that reaches it by calling callee at call.
func (wit Witness) Through(callee string, call Position) Witness {
	wit.Via = path(nil, Step{Callee: callee, Call: call}, wit.Via)
	if len(wit.OtherWrites) > 0 {
		others := make([]Witness, len(wit.OtherWrites))
		for i, o := range wit.OtherWrites {
			others[i] = o.Through(callee, call)
		}
		wit.OtherWrites = others
	}
	return wit
}

// path joins the calls before a call, the call and the calls after it,
// keeping at most maxVia: the first ones and the last.
func path(before []Step, call Step, after []Step) []Step {
	via := make([]Step, 0, len(before)+1+len(after))
	via = append(append(append(via, before...), call), after...)
	if len(via) > maxVia {
		via = append(via[:maxVia-1], via[len(via)-1])
	}
	return via
}

// maxOtherWrites bounds Witness.OtherWrites.
const maxOtherWrites = 4

// withOtherWrite returns wit with other among its other writes, when
// other is a sure write at another line than wit's and than those it
// has (other's own other writes too).
func (wit Witness) withOtherWrite(other Witness) Witness {
	add := func(o Witness) {
		o.OtherWrites = nil
		sameLine := func(x Witness) bool { return x.Site.SameLine(o.Site) }
		if o.Action != ActionWrites || o.Assumed || o.Site.File == "" || sameLine(wit) ||
			slices.ContainsFunc(wit.OtherWrites, sameLine) || len(wit.OtherWrites) >= maxOtherWrites {
			return
		}
		wit.OtherWrites = append(slices.Clip(wit.OtherWrites), o)
	}
	add(other) // AddTouch's merge, for every touch a walk makes: no slice built here
	for _, o := range other.OtherWrites {
		add(o)
	}
	return wit
}

// A Touch says that a function touches confined state of one domain
// (Witness.Domain) reached from Source.
type Touch struct {
	Source  Source
	Witness Witness
}

// compareTouch orders touches by source, then domain, then the dynamic
// type they require.
func compareTouch(t Touch, src Source, wit Witness) int {
	if t.Source != src {
		return int(t.Source) - int(src)
	}
	if c := strings.Compare(t.Witness.Domain, wit.Domain); c != 0 {
		return c
	}
	return strings.Compare(t.Witness.Recv, wit.Recv)
}

// A Summary is what calling a function may do.
type Summary struct {
	Touches []Touch // at most one per source, domain and required type, sorted by them
	Invokes Origin  // func-valued sources it calls on the caller's goroutine
	// Of Invokes, those it only hands to callees taken to call them
	// (where.Place.Assumed): they may keep them instead (Become(f)).
	InvokesAssumed Origin
	// Of Invokes, those it runs on another goroutine while it waits for
	// it (a joined goroutine): what -suggest proposes sync.
	Waited Origin
	Async  Origin // func-valued sources it sends off the owner
	// Of Async, those it sends only to goroutines it waits for before it
	// returns (a fan-out helper: g.Go(func() error { return fn(x) }) in a
	// loop, then return g.Wait()): they run beside each other, and their
	// caller waits for them.
	Joined Origin
	// Handle: its result is how its callers join the goroutines it runs
	// Waited sources on (a channel they signal once, a func waiting for
	// them): a caller that does not wait on it right away runs beside
	// them.
	Handle bool
	Hop    Origin // func-valued sources it sends to the owner
	HopTo  string // the domain of that owner
	Result Origin // where its results come from
	// Where the future it returns completes.
	Completes directive.Completion
	// Confined data it reaches through its sources, deepest first.
	Reaches []Reach
	// Touches by callbacks it registers on futures it is handed, which
	// run wherever the caller's future completes.
	FutureTouches []FutureTouch
	// Started: sources it hands to code it starts on another goroutine (a
	// go statement's arguments and captures, an async sink's captures),
	// which keeps running after it returns: its caller shares them with
	// that code from then on. StartedResults: so are the results it returns
	// at these indices (a constructor that starts the value's loop, a
	// test's helper returning the actor it spawned beside the engine).
	// StartedFields: so are the values held in these fields of its
	// results (a fixture returning the actors it spawned, o.Inv), sorted.
	// StartsLoop: what it starts includes a loop (a //confined:loop, or
	// turns a framework runs), so that an importer, which sees no body,
	// knows a Start from a retry's goroutine. StopResults: the results
	// that are funcs returning only once a loop it started on a
	// goroutine of its own has returned (a test helper's stop, which
	// waits for the goroutine running the loop): past a call of one,
	// the caller touches what the loop left.
	Started        Origin
	StartedResults Indices
	StopResults    Indices
	StartedFields  []ResultField
	StartsLoop     bool
	// RecvWaits: a method that waits on its receiver's field (<-c.done,
	// c.wg.Wait()), as a Close waits for the loop's end; RecvLockedFirst:
	// one that takes its receiver's lock first. An importer that started
	// the loop calls them beside it safely.
	RecvWaits, RecvLockedFirst bool
	// What it does to the entries of maps and slices its sources are
	// themselves (sum(stock) ranging its parameter): a caller handing it
	// a confined field's map touches that field's entries there.
	Contents []ContentTouch
	// CallsFields are the exported fields of its package holding funcs
	// whose funcs it calls on the caller's goroutine (an importer's Run
	// calling its OnProgress hook), sorted: the funcs an importer stores
	// there run where that importer calls the function (see where.Hook).
	CallsFields []FieldRef
	// Returns are the touches of the funcs it returns, when they are
	// called, by its sources, sorted as Touches are: a method of an actor
	// returning a closure over its receiver (func() { d.idle = ... })
	// touches the receiver's state wherever its caller calls the closure.
	Returns []Touch
	// ResultCarriers are its results that carry a confined field's map or
	// slice (a getter that hops to the loop and receives its live map
	// back), sorted by result: a caller touching their entries touches
	// that field's (see CarrierFact).
	ResultCarriers []ResultCarrier
	// SentOn are the func-valued sources it sends on channel fields of its
	// package whose receivers that package does not see (a mailbox's
	// Post), by field, sorted: they run where an importer's receivers of
	// the field run, its loop that drains the mailbox (see where.Send).
	SentOn []FieldSend
	// ResultChan is the channel field of funcs its receiver holds that
	// it returns (a mailbox's Ops()), if it is one: a loop receiving from
	// the result receives from the field.
	ResultChan FieldRef
	// StoredIn are the func-valued sources it stores in fields of its
	// package holding funcs, itself or in the funcs it returns (an
	// option's func(p *Poller) { p.onError = fn }), by field, sorted:
	// they run where the functions calling the field's funcs
	// (CallsFields) run, which the importer calling those tells.
	StoredIn []FieldSend
}

// A FieldSend is a function's func-valued sources sent on a channel field,
// or stored in a field.
type FieldSend struct {
	Field   FieldRef
	Sources Origin
}

func (fs FieldSend) sourceNames() string {
	var srcs []string
	for _, src := range fs.Sources.Sources() {
		srcs = append(srcs, sourceName(src))
	}
	return strings.Join(srcs, " ")
}

// AddSentOn records that the function sends the func values of o on the
// channel field f, keeping SentOn sorted with one entry per field.
func (s *Summary) AddSentOn(o Origin, f FieldRef) { s.SentOn = addFieldSend(s.SentOn, o, f) }

// AddStoredIn records that the function stores the func values of o in
// the field f, keeping StoredIn sorted with one entry per field.
func (s *Summary) AddStoredIn(o Origin, f FieldRef) { s.StoredIn = addFieldSend(s.StoredIn, o, f) }

func addFieldSend(list []FieldSend, o Origin, f FieldRef) []FieldSend {
	if o.Fresh() {
		return list
	}
	i, found := slices.BinarySearchFunc(list, f, func(fs FieldSend, f FieldRef) int { return compareFieldRef(fs.Field, f) })
	if found {
		list[i].Sources = list[i].Sources.Union(o)
		return list
	}
	return slices.Insert(list, i, FieldSend{Field: f, Sources: o})
}

// trackedSends is list without the handed mark (see Untrack).
func trackedSends(list []FieldSend) []FieldSend {
	list = slices.DeleteFunc(list, func(fs FieldSend) bool { return fs.Sources.tracked().Fresh() })
	for i := range list {
		list[i].Sources = list[i].Sources.tracked()
	}
	return list
}

// A ResultCarrier is a result of a function carrying a confined field's
// map or slice.
type ResultCarrier struct {
	Result int
	CarrierFact
}

// AddResultCarrier records that the result at index carries what fact
// says, keeping ResultCarriers sorted with one entry per result.
func (s *Summary) AddResultCarrier(index int, fact CarrierFact) {
	i, found := slices.BinarySearchFunc(s.ResultCarriers, index, func(rc ResultCarrier, index int) int { return cmp.Compare(rc.Result, index) })
	if !found {
		s.ResultCarriers = slices.Insert(s.ResultCarriers, i, ResultCarrier{index, fact})
	}
}

// A FieldRef names a field the same in every package that sees it, for
// summaries that travel as facts: its package's path, and its object
// path there (x/tools' objectpath).
type FieldRef struct {
	Pkg, Path string
}

// FieldRefOf names f; ok is false for a field no path reaches (of a type
// declared in a function).
func FieldRefOf(f *types.Var) (ref FieldRef, ok bool) {
	if f.Pkg() == nil {
		return FieldRef{}, false
	}
	path, err := objectpath.For(f.Origin())
	if err != nil {
		return FieldRef{}, false
	}
	return FieldRef{Pkg: f.Pkg().Path(), Path: string(path)}, true
}

func (r FieldRef) String() string { return r.Pkg + "." + r.Path }

func compareFieldRef(a, b FieldRef) int {
	return cmp.Or(strings.Compare(a.Pkg, b.Pkg), strings.Compare(a.Path, b.Path))
}

// Unknown is what callers assume of a function with signature sig they
// know nothing about: it calls its func arguments on the caller's
// goroutine and its result derives from its arguments (the receiver
// first).
func Unknown(sig *types.Signature) Summary {
	var s Summary
	var params []*types.Var
	if recv := sig.Recv(); recv != nil {
		params = append(params, recv)
	}
	params = append(params, slices.Collect(sig.Params().Variables())...)
	returns := sig.Results().Len() > 0
	for i, p := range params {
		if names.IsFuncTyped(p.Type()) {
			s.Invokes = s.Invokes.Union(OriginOf(ParamSource(i)))
		}
		if returns && names.SharesMemory(p.Type()) {
			// A plain argument (a key, a count) lends the result no memory.
			s.Result = s.Result.Union(OriginOf(ParamSource(i)))
		}
	}
	s.Result = TypedResult(sig, s.Result)
	return s
}

// TypedResult is o, the origin of the results of a function of signature
// sig, less what cannot reach them by their types: when every result but
// an error is a type parameter of sig's own (Query[T](l *Loop, fn func()
// T) (T, error)), a value of it comes only from arguments whose types
// mention it (fn's result, not l, nor a global, which the error may be).
func TypedResult(sig *types.Signature, o Origin) Origin {
	typed := resultTypeParams(sig)
	if typed == nil {
		return o
	}
	var params []*types.Var
	if recv := sig.Recv(); recv != nil {
		params = append(params, recv)
	}
	params = append(params, slices.Collect(sig.Params().Variables())...)
	var out Origin
	for _, src := range o.Sources() {
		if i := int(src); src < FreeBase && i < len(params) && slices.ContainsFunc(typed, func(tp *types.TypeParam) bool { return mentions(params[i].Type(), tp, nil) }) {
			out = out.Union(OriginOf(src))
		}
	}
	return out
}

// resultTypeParams are the type parameters of sig's own that its results
// are, when every result but an error is one (Query[T](l *Loop, fn func()
// T) (T, error)): a value of such a type comes from an argument whose type
// mentions it (fn's result, not l). Nil otherwise.
func resultTypeParams(sig *types.Signature) []*types.TypeParam {
	var out []*types.TypeParam
	for r := range sig.Results().Variables() {
		if types.Identical(r.Type(), types.Universe.Lookup("error").Type()) {
			continue
		}
		tp, ok := types.Unalias(r.Type()).(*types.TypeParam)
		if !ok || tp.Index() >= sig.TypeParams().Len() || sig.TypeParams().At(tp.Index()) != tp {
			return nil
		}
		out = append(out, tp)
	}
	return out
}

// mentions reports whether t mentions the type parameter tp: a value of
// tp's type can be reached through a value of t.
func mentions(t types.Type, tp *types.TypeParam, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	if seen == nil {
		seen = make(map[types.Type]bool)
	}
	seen[t] = true
	switch t := types.Unalias(t).(type) {
	case *types.TypeParam:
		return t == tp
	case *types.Pointer:
		return mentions(t.Elem(), tp, seen)
	case *types.Slice:
		return mentions(t.Elem(), tp, seen)
	case *types.Array:
		return mentions(t.Elem(), tp, seen)
	case *types.Chan:
		return mentions(t.Elem(), tp, seen)
	case *types.Map:
		return mentions(t.Key(), tp, seen) || mentions(t.Elem(), tp, seen)
	case *types.Signature:
		for v := range t.Results().Variables() {
			if mentions(v.Type(), tp, seen) {
				return true
			}
		}
		return false
	case *types.Struct:
		for f := range t.Fields() {
			if mentions(f.Type(), tp, seen) {
				return true
			}
		}
		return false
	case *types.Named:
		for a := range t.TypeArgs().Types() {
			if mentions(a, tp, seen) {
				return true
			}
		}
		return false
	case *types.Interface:
		return true // it may hold anything
	}
	return false
}

// Inert reports whether calling the function touches no confined state,
// by itself or through what it reaches, and sends, starts or waits on no
// func: a method that is safe to call from anywhere.
func (s *Summary) Inert() bool {
	var none Origin
	return len(s.Touches) == 0 && len(s.Reaches) == 0 && len(s.FutureTouches) == 0 && len(s.Contents) == 0 &&
		s.Async == none && s.Hop == none && s.Started == none && s.Waited == none && len(s.SentOn) == 0 && len(s.StoredIn) == 0
}

// A ContentTouch is the first read, or the first write, of the entries of
// the map or slice Source is.
type ContentTouch struct {
	Source Source
	Action Action // ActionReads or ActionWrites
	Site   Position
	// Off names what runs the touch off the owner when code the function
	// starts makes it (go process(items), a tea.Cmd closure capturing
	// them), and Start is where that code leaves; "" for a touch on the
	// caller's goroutine.
	Off   string
	Start Position
}

// maxContents bounds Contents.
const maxContents = 4

// AddContent records ct unless a touch of that kind through that source
// is already known.
func (s *Summary) AddContent(ct ContentTouch) {
	s.Contents = addNew(s.Contents, ct, maxContents, func(x ContentTouch) bool {
		return x.Source == ct.Source && x.Action == ct.Action && (x.Off == "") == (ct.Off == "")
	})
}

// addNew appends x to list unless list holds one same accepts or has max
// elements already.
func addNew[T any](list []T, x T, max int, same func(T) bool) []T {
	if len(list) >= max || slices.ContainsFunc(list, same) {
		return list
	}
	return append(list, x)
}

// ContentsMember names the entries of the confined member field ("pkg.T.f"):
// the finding of a touch of what the field's map or slice holds.
func ContentsMember(field string) string { return field + "[]" }

// FieldOfContents returns the field member whose entries member names, if
// it names some.
func FieldOfContents(member string) (string, bool) { return strings.CutSuffix(member, "[]") }

// A FutureTouch says that a callback a function registers on the future
// it receives from source Future touches confined state through Source.
type FutureTouch struct {
	Future, Source Source
	Witness        Witness
}

// maxFutureTouches bounds FutureTouches to keep summaries small.
const maxFutureTouches = 8

func (s *Summary) AddFutureTouch(ft FutureTouch) {
	s.FutureTouches = addNew(s.FutureTouches, ft, maxFutureTouches, func(x FutureTouch) bool { return x.Future == ft.Future && x.Source == ft.Source })
}

// AddTouches records wit for every source in o that has no witness yet, and
// the data it reaches.
func (s *Summary) AddTouches(o Origin, wit Witness) {
	if o.Fresh() {
		return
	}
	for _, src := range o.Sources() {
		s.AddTouch(src, wit)
	}
	from := o.tracked()
	if wit.Action != ActionCalls {
		s.Reaches = addReach(s.Reaches, Reach{Member: wit.Member, Write: wit.Action == ActionWrites, Depth: len(wit.Via), Site: wit.Site, Use: wit.Use, From: from, Via: wit.Via})
	}
	for _, o := range wit.OtherWrites {
		s.Reaches = addReach(s.Reaches, Reach{Member: o.Member, Write: true, Depth: len(o.Via), Site: o.Site, From: from, Via: o.Via})
	}
	for _, r := range wit.Reaches {
		r.From = from
		r.Depth += len(wit.Via) + 1
		r.Via = wit.PathTo(r)
		if r.Site.File != "" && wit.Site.File != "" && filepath.Dir(r.Site.File) != filepath.Dir(wit.Site.File) {
			r.Call = wit.Site // the call into the other package
		}
		s.Reaches = addReach(s.Reaches, r)
	}
}

func (s *Summary) AddTouch(src Source, wit Witness) { s.Touches = addTouch(s.Touches, src, wit) }

// AddReturned records that a func the function returns touches through
// src, as AddTouch does for the function itself.
func (s *Summary) AddReturned(src Source, wit Witness) { s.Returns = addTouch(s.Returns, src, wit) }

// addTouch adds to touches, kept sorted, the touch through src that wit
// witnesses, or the better witness of one it has.
func addTouch(touches []Touch, src Source, wit Witness) []Touch {
	i, found := slices.BinarySearchFunc(touches, src, func(t Touch, src Source) int { return compareTouch(t, src, wit) })
	switch {
	case !found:
		touches = slices.Insert(touches, i, Touch{Source: src, Witness: wit})
	case wit.Tells(touches[i].Witness):
		touches[i].Witness = wit.withOtherWrite(touches[i].Witness)
	default:
		touches[i].Witness = touches[i].Witness.withOtherWrite(wit)
	}
	return touches
}

// Clone returns a copy of s that shares no slice with it: summaries that
// come from facts are read by other passes at the same time, and merging
// sorts slices in place.
func (s *Summary) Clone() Summary {
	out := *s
	out.Touches = slices.Clone(s.Touches)
	out.Reaches = slices.Clone(s.Reaches)
	out.FutureTouches = slices.Clone(s.FutureTouches)
	out.Contents = slices.Clone(s.Contents)
	out.CallsFields = slices.Clone(s.CallsFields)
	out.Returns = slices.Clone(s.Returns)
	out.ResultCarriers = slices.Clone(s.ResultCarriers)
	out.SentOn = slices.Clone(s.SentOn)
	out.StoredIn = slices.Clone(s.StoredIn)
	return out
}

// Merge adds what t says to s, for a call that may reach either.
func (s *Summary) Merge(t *Summary) {
	for _, tc := range t.Touches {
		s.AddTouch(tc.Source, tc.Witness)
	}
	for _, tc := range t.Returns {
		s.AddReturned(tc.Source, tc.Witness)
	}
	for _, ct := range t.Contents {
		s.AddContent(ct)
	}
	s.Invokes = s.Invokes.Union(t.Invokes)
	s.InvokesAssumed = s.InvokesAssumed.Union(t.InvokesAssumed)
	s.Waited = s.Waited.Union(t.Waited)
	detached := s.Async.Without(s.Joined).Union(t.Async.Without(t.Joined))
	s.Async = s.Async.Union(t.Async)
	s.Joined = s.Joined.Union(t.Joined).Without(detached)
	s.Handle = s.Handle || t.Handle
	s.AddHop(t.Hop, t.HopTo)
	for _, fs := range t.SentOn {
		s.AddSentOn(fs.Sources, fs.Field)
	}
	for _, fs := range t.StoredIn {
		s.AddStoredIn(fs.Sources, fs.Field)
	}
	if s.ResultChan == (FieldRef{}) {
		s.ResultChan = t.ResultChan
	}
	s.Result = s.Result.Union(t.Result)
	s.Completes = s.Completes.Join(t.Completes)
	s.Started = s.Started.Union(t.Started)
	s.StartedResults |= t.StartedResults
	s.StopResults &= t.StopResults // a stop only if every callee's is
	s.StartsLoop = s.StartsLoop || t.StartsLoop
	s.RecvWaits = s.RecvWaits || t.RecvWaits
	s.RecvLockedFirst = s.RecvLockedFirst || t.RecvLockedFirst
	for _, f := range t.StartedFields {
		s.AddStartedField(f)
	}
	for _, r := range t.Reaches {
		s.Reaches = addReach(s.Reaches, r)
	}
	for _, ft := range t.FutureTouches {
		s.AddFutureTouch(ft)
	}
	for _, ref := range t.CallsFields {
		s.AddCalledField(ref)
	}
	for _, rc := range t.ResultCarriers {
		s.AddResultCarrier(rc.Result, rc.CarrierFact)
	}
}

// AddCalledField records that the function calls the funcs held in the
// field ref names, keeping CallsFields sorted and without repeats.
func (s *Summary) AddCalledField(ref FieldRef) {
	if i, found := slices.BinarySearchFunc(s.CallsFields, ref, compareFieldRef); !found {
		s.CallsFields = slices.Insert(s.CallsFields, i, ref)
	}
}

// AddHop records that the function sends the func values of o to the
// owner domain. A function hopping to two domains is rare; the greater name
// is kept, so that the result does not depend on the order of calls.
func (s *Summary) AddHop(o Origin, domain string) {
	if o.Fresh() {
		return
	}
	if s.Hop.Fresh() || domain > s.HopTo {
		s.HopTo = domain
	}
	s.Hop = s.Hop.Union(o)
}

// Untrack drops handed from the origins of a walked function's summary:
// what its callers learn is where values come from in their terms.
func (s *Summary) Untrack() {
	s.Invokes, s.Async, s.Joined, s.Hop, s.Result = s.Invokes.tracked(), s.Async.tracked(), s.Joined.tracked(), s.Hop.tracked(), s.Result.tracked()
	s.SentOn, s.StoredIn = trackedSends(s.SentOn), trackedSends(s.StoredIn)
	s.Started, s.InvokesAssumed, s.Waited = s.Started.tracked(), s.InvokesAssumed.tracked(), s.Waited.tracked()
}

// SameShape reports whether two summaries say the same things, ignoring
// which witness was found first; it decides when recursion has settled.
func (s *Summary) SameShape(t *Summary) bool {
	if s.Invokes != t.Invokes || s.Async != t.Async || s.Joined != t.Joined || s.Handle != t.Handle || s.Hop != t.Hop || s.HopTo != t.HopTo || s.Result != t.Result || s.Completes != t.Completes ||
		s.Started != t.Started || s.StartedResults != t.StartedResults || s.StopResults != t.StopResults || s.StartsLoop != t.StartsLoop || s.RecvWaits != t.RecvWaits || s.RecvLockedFirst != t.RecvLockedFirst || !slices.Equal(s.StartedFields, t.StartedFields) || s.InvokesAssumed != t.InvokesAssumed || s.Waited != t.Waited ||
		len(s.Touches) != len(t.Touches) || len(s.FutureTouches) != len(t.FutureTouches) || len(s.Contents) != len(t.Contents) || !slices.Equal(s.CallsFields, t.CallsFields) || len(s.Returns) != len(t.Returns) || !slices.Equal(s.ResultCarriers, t.ResultCarriers) || !slices.Equal(s.SentOn, t.SentOn) || !slices.Equal(s.StoredIn, t.StoredIn) || s.ResultChan != t.ResultChan {
		return false
	}
	for i := range s.Touches {
		if compareTouch(s.Touches[i], t.Touches[i].Source, t.Touches[i].Witness) != 0 {
			return false
		}
	}
	return true
}

func (s *Summary) String() string {
	var parts []string
	for _, t := range s.Touches {
		part := fmt.Sprintf("%s %s %s%s", sourceName(t.Source), t.Witness.Action, t.Witness.Member, names.AtDomain(t.Witness.Domain))
		if t.Witness.Recv != "" {
			part += " if " + sourceName(t.Source) + " is " + t.Witness.Recv
		}
		parts = append(parts, part)
	}
	for _, set := range []struct {
		Name   string
		O      Origin
		Domain string
	}{{"invokes", s.Invokes, ""}, {"of which assumed", s.InvokesAssumed, ""}, {"of which waited", s.Waited, ""}, {"async", s.Async, ""}, {"of which joined", s.Joined, ""}, {"hop", s.Hop, s.HopTo}, {"started", s.Started, ""}} {
		if !set.O.Fresh() {
			var srcs []string
			for _, src := range set.O.Sources() {
				srcs = append(srcs, sourceName(src))
			}
			parts = append(parts, set.Name+" "+strings.Join(srcs, " ")+names.AtDomain(set.Domain))
		}
	}
	switch s.StartedResults {
	case 0:
	case Indices(0).With(0):
		parts = append(parts, "started result")
	default:
		parts = append(parts, "started results "+s.StartedResults.String())
	}
	for _, f := range s.StartedFields {
		parts = append(parts, fmt.Sprintf("started result %d field %s", f.Result, f.Field))
	}
	if s.StartsLoop {
		parts = append(parts, "starts a loop")
	}
	if s.StopResults != 0 {
		parts = append(parts, "stops it with results "+s.StopResults.String())
	}
	if s.Handle {
		parts = append(parts, "joined by its result")
	}
	if s.RecvWaits {
		parts = append(parts, "waits on arg0")
	}
	if s.RecvLockedFirst {
		parts = append(parts, "locks arg0 first")
	}
	if s.Completes != directive.CompletesUnknown {
		parts = append(parts, "completes "+s.Completes.String())
	}
	for _, ft := range s.FutureTouches {
		parts = append(parts, fmt.Sprintf("on future %s: %s %s %s", sourceName(ft.Future), sourceName(ft.Source), ft.Witness.Action, ft.Witness.Member))
	}
	for _, ct := range s.Contents {
		if ct.Off != "" {
			parts = append(parts, fmt.Sprintf("off by %s: %s the entries of %s", ct.Off, ct.Action, sourceName(ct.Source)))
		} else {
			parts = append(parts, fmt.Sprintf("%s the entries of %s", ct.Action, sourceName(ct.Source)))
		}
	}
	for _, ref := range s.CallsFields {
		parts = append(parts, "calls field "+ref.String())
	}
	for _, t := range s.Returns {
		parts = append(parts, fmt.Sprintf("returns a func: %s %s %s", sourceName(t.Source), t.Witness.Action, t.Witness.Member))
	}
	for _, rc := range s.ResultCarriers {
		parts = append(parts, fmt.Sprintf("result %d %s", rc.Result, rc.String()))
	}
	for _, fs := range s.SentOn {
		parts = append(parts, "sends "+fs.sourceNames()+" on "+fs.Field.String())
	}
	for _, fs := range s.StoredIn {
		parts = append(parts, "stores "+fs.sourceNames()+" in "+fs.Field.String())
	}
	if s.ResultChan != (FieldRef{}) {
		parts = append(parts, "returns "+s.ResultChan.String())
	}
	return "summary(" + strings.Join(parts, "; ") + ")"
}

// A ResultField names a field of the struct one of a function's results
// points to.
type ResultField struct {
	Result int
	Field  string
}

// AddStartedField records that the function started what the field f of
// its result holds, keeping StartedFields sorted and without repeats.
func (s *Summary) AddStartedField(f ResultField) {
	i, found := slices.BinarySearchFunc(s.StartedFields, f, func(a, b ResultField) int {
		return cmp.Or(cmp.Compare(a.Result, b.Result), cmp.Compare(a.Field, b.Field))
	})
	if !found {
		s.StartedFields = slices.Insert(s.StartedFields, i, f)
	}
}

// Indices is a set of small indices (of a function's results).
type Indices uint64

// With returns the set with i added; indices past 63 are not kept.
func (x Indices) With(i int) Indices {
	if i < 0 || i > 63 {
		return x
	}
	return x | 1<<i
}

// Has reports whether i is in the set.
func (x Indices) Has(i int) bool { return i >= 0 && i <= 63 && x&(1<<i) != 0 }

func (x Indices) String() string {
	var out []string
	for i := range 64 {
		if x.Has(i) {
			out = append(out, fmt.Sprint(i))
		}
	}
	return strings.Join(out, " ")
}

func sourceName(s Source) string {
	switch {
	case s == Ambient:
		return "global"
	case s >= FreeBase:
		return fmt.Sprintf("free%d", s-FreeBase)
	default:
		return fmt.Sprintf("arg%d", s)
	}
}
