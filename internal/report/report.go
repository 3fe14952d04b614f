package report

// This file turns off-owner code into findings: one per touching place of
// a func literal, or of a function started by name, that runs off the
// owner, reported at the line the state is touched (a write through calls
// at each line it writes at); a method value at the sink reports its most
// telling touch and its writes. Code known to run on one owner (a loop, an
// owner-only function, a hop's callback) is reported the same way where it
// touches another owner's state. It also applies //confined:ignore.

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/fix"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/walk"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"
)

// A finding is a touch of confined state by code that runs off the owner,
// or on another owner (entry.On).
type finding struct {
	// pos is where the off-owner code reaches the state (a line of the
	// literal, the sink of a method value); at is where the finding is
	// reported: where the state is touched, when that is in this package,
	// which is the line the race detector names (see touchPos).
	pos, at token.Pos
	root    string // the off-owner function the path starts from
	witness summary.Witness
	entry   walk.Entry
	// lit is the off-owner function the finding is inside, if any: a func
	// literal, where a fix can hop back to the owner, or an entry point.
	lit *ssa.Function
	// sent is set for a touch of a value after sending it to another
	// owner (see sends.go); entry is then unset.
	sent *handoff
	// field is the field the touch selects, when it selects one.
	field *types.Var
}

type reporter struct {
	c        *walk.Package
	findings map[lineKey]*lineFindings
	// touches are all the findings add was given, those a line's more
	// telling finding hides included: a hop fix must not leave any of
	// them reported (findingFixes).
	touches []finding
	// The fields of the package's types that code writes other than where
	// their value is built (see builtOnly); nil until asked.
	rewritten map[*types.Var]bool
	// The functions that assign them (see assignedBeside); nil until asked.
	assigners map[*types.Var][]*ssa.Function
	// Per way off the owner (the entry's position), the members its code
	// has written so far, in the order add is given touches: a read after
	// that write adds no line the race detector names (see touchedAt).
	written map[token.Pos]map[string]bool
	// The method pointeeMethod found for each pointer or interface field;
	// nil until asked.
	pointeeMethods map[*types.Var]*types.Func
	// The fields a sync.Once publishes (see oncePublished); nil until asked.
	published map[*types.Var]bool
	// The packages in view, each with the members its exported summaries
	// write once read (see foreignWrites); nil until asked.
	foreign map[*types.Package]map[string]bool
	// The functions code off the owner reaches (see reachedOff); nil
	// until asked.
	offFuncs map[*ssa.Function]bool
	// started is what startedTouches finds; nil until asked.
	started map[*ssa.Function][]*start
	// Per domain, the names of the functions of the package that code on
	// its owner runs (see ownerRuns); nil until asked.
	ownerFuncs map[string]map[string]bool
	// The types whose values one actor of the package keeps (see
	// keeperOf); nil until asked.
	keepers map[*types.Named]*types.Named
}

// lineKey identifies a source line and where the code left the owner: one
// finding per line of off-owner code (finding.pos) and way there is enough
// advice, but for the lines its calls write at (lineFindings).
type lineKey struct {
	file  string
	line  int
	entry token.Pos
}

// lineFindings are the findings of one line of off-owner code and way
// there: the most telling, and the sure touches it reaches at other lines
// (a helper that writes two fields, or a field on two lines; see
// touchedAt), the most telling per line, each of which the race detector
// names.
type lineFindings struct {
	best  finding
	first finding              // best's first line (see touchedAt), as it was added
	lines map[fileLine]finding // by the line they touch at, best's included
}

// fileLine is a line of a file.
type fileLine struct {
	file string
	line int
}

// Report reports the package's findings, the ignore directives that
// suppress none and, with -explain, what the analyzer took from the
// directives, the declarations and the bodies.
func Report(c *walk.Package) {
	r := &reporter{c: c, findings: make(map[lineKey]*lineFindings)}
	r.run(c.Fns)
	if c.M.Config().Explain {
		r.explain()
	}
}

// run reports the findings of fns.
func (r *reporter) run(fns []*ssa.Function) {
	c := r.c
	for _, fn := range fns {
		w := c.Walks[fn]
		if w == nil {
			continue
		}
		var besides map[besideKey]bool // most functions start no loop
		first := r.firstBesides(w.Spawns)
		for _, sp := range w.Spawns {
			for _, wit := range sp.Entries {
				r.add(finding{pos: sp.Pos, witness: wit, entry: sp})
			}
			if sp.Direct != nil {
				if sp.Starter != nil {
					// A member read again beside the same loop races at its
					// first line; what follows (a t.Fatalf printing it) adds
					// nothing.
					key := besideKey{sp.Pos, sp.Direct.Member}
					if besides[key] || r.c.M.TokenPos(sp.Direct.Site) != first[key] {
						continue
					}
					if besides == nil {
						besides = make(map[besideKey]bool)
					}
					besides[key] = true
				}
				if field, _ := r.builtOnly(*sp.Direct); sp.Starter == nil || field == nil && r.c.TouchedByLoop(sp.Starter, *sp.Direct) {
					r.add(finding{pos: besidePos(r.c.M.TokenPos(sp.Direct.Site), sp), witness: *sp.Direct, entry: sp})
				}
				continue
			}
			for _, t := range sp.Targets {
				r.root(t, sp, 0)
			}
		}
		for _, sp := range w.Hops {
			for _, wit := range sp.Entries {
				r.add(finding{pos: sp.Pos, witness: wit, entry: sp})
			}
			for _, t := range sp.Targets {
				r.root(t, sp, 0)
			}
		}
		if domain, ok := c.M.RunsOn(fn); ok {
			sp := r.ownBody(fn, domain)
			r.inside(nil, fn, "", sp, func(s summary.Source) summary.Origin { return summary.OriginOf(s) })
			r.otherOwnersInTurn(fn, sp)
		}
		if sink, ok := c.EntryPoint(fn); ok {
			owned := c.OwnedSources(fn)
			r.inside(fn, fn, "", walk.Entry{Pos: fn.Pos(), Sink: sink}, func(s summary.Source) summary.Origin {
				if owned.Has(s) {
					return summary.Origin{} // every caller hands it a value of its own
				}
				return summary.OriginOf(s)
			})
		}
	}
	r.reportFieldCalls()
	r.reportConverted(fns)
	r.reportTurnHooks()
	r.reportSends(fns)
	var out []finding
	for _, line := range r.findings {
		for _, f := range r.lineTouches(line) {
			// An ignore on the line the code reaches the state from works too.
			if !r.suppressed(f.at) && (f.pos == f.at || !r.suppressed(f.pos)) {
				out = append(out, f)
			}
		}
	}
	out = slices.DeleteFunc(r.joinEntries(out), r.whileStarterWaits)
	slices.SortFunc(out, func(a, b finding) int {
		return cmp.Or(r.comparePos(a.at, b.at), r.comparePos(a.pos, b.pos), r.comparePos(a.entry.Pos, b.entry.Pos), cmp.Compare(a.witness.Member, b.witness.Member))
	})
	var hops []hopSink
	loopless := false
	if len(out) > 0 { // scanning every use for hop sinks is only worth it for advice
		hops, loopless = r.hopSinks(), !r.c.M.LoopInView()
	}
	fixes := r.findingFixes(out)
	// Two places that reach the same touch from the same start (a write
	// and a call that writes it again) say the same thing there: once is
	// enough, unless the second carries a fix.
	said := make(map[string]bool)
	for _, f := range out {
		hint := sentAdvice
		if f.sent == nil {
			// Another package's loop may run its state's owner without a
			// fact saying so (an unexported loop): only state of this
			// package is known to have none.
			hint = fixHint(hops, f.entry, f.witness.Domain, loopless && r.ownState(f.witness.Member))
		}
		hop, ok := fixes[f.pos]
		switch {
		case f.sent == nil && f.witness.Action == summary.ActionReads && assignedBeforeStart(f.entry.Call, f.field):
			// The starter set the field just before: the code it starts
			// only needs the value, taken before the start.
			hint, ok = captureAdvice(f.field), false
		case ok: // a hop in reach is the best advice
			hint = hopAdvice(hop.Via, f.witness.Domain, f.entry.On != nil)
		}
		d := r.diagnostic(f, hint)
		switch field, kept := r.builtOnly(f.witness); {
		case field != nil && kept == nil && r.pointeeMethod(field) == nil:
			// Marking the field is the fix (the hint keeps the hop as
			// the alternative in words: one fix per finding, so that
			// drivers applying fixes need not choose).
			if edit, ok := fix.DirectiveInsertion(c.Pass().Fset, field, []string{"//confined:" + directive.VerbAny}); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{{Message: "mark " + field.Name() + " //confined:any", TextEdits: []analysis.TextEdit{edit}}}
			}
		case hop.Fix != nil:
			d.SuggestedFixes = []analysis.SuggestedFix{*hop.Fix}
		}
		key := fmt.Sprint(d.Pos, f.entry.Pos, f.witness.Member, f.witness.Action)
		if said[key] && len(d.SuggestedFixes) == 0 {
			continue
		}
		said[key] = true
		c.Pass().Report(d)
	}
	c.M.ReportUnusedIgnores()
}

// besideKey is a member the code that started a loop touches beside it,
// and that start.
type besideKey struct {
	start  token.Pos
	member string
}

// firstBesides returns, of the touches the code that started a loop
// makes beside it, the first line of each member in the source (the walk
// goes by blocks: a loop's exit may come before its condition); nil when
// it started none.
func (r *reporter) firstBesides(spawns []walk.Entry) map[besideKey]token.Pos {
	var first map[besideKey]token.Pos
	for _, sp := range spawns {
		if sp.Direct == nil || sp.Starter == nil {
			continue
		}
		if first == nil {
			first = make(map[besideKey]token.Pos)
		}
		key, at := besideKey{sp.Pos, sp.Direct.Member}, r.c.M.TokenPos(sp.Direct.Site)
		if old, ok := first[key]; !ok || at < old {
			first[key] = at
		}
	}
	return first
}

// besidePos is where the finding of a touch at at, by the code that
// started a loop (sp.Starter), is: its own line, which the race detector
// names (a test reading two fields: two lines). Other direct touches are
// reported where they start.
func besidePos(at token.Pos, sp walk.Entry) token.Pos {
	if sp.Starter != nil && at.IsValid() {
		return at
	}
	return sp.Pos
}

// whileStarterWaits reports whether f is a touch of fields of this
// package, by code its starter waits for, that nothing runs beside: its
// starter, which no code off the owner reaches, waits for it on every way
// out, touching the fields in none of what it does meanwhile, and for
// each field
//   - a read: nothing started in the same function writes it (nor the
//     code itself, when it runs beside copies of itself: a fan-out), and
//     no loop or turn does (workers reading a batch size set before they
//     start);
//   - a write: nothing else started in the same function touches it, no
//     loop or turn does, and the code runs beside no copy of itself (two
//     goroutines joined right after, each filling a field of its own).
//
// A call counts as the touches it reaches, when it writes nothing, they
// are all known, and each is of a field of plain data (a fake's Fetch
// reading its delay while a crawl's fan-out waits). Other code off the owner touching the fields is its own
// finding.
func (r *reporter) whileStarterWaits(f finding) bool {
	wit := f.witness
	if f.sent != nil || f.entry.On != nil || f.entry.Call == nil || r.reachedOff()[f.entry.Call.Parent()] {
		return false
	}
	touched := make(map[string]bool) // by member, whether it is written
	switch wit.Action {
	case summary.ActionReads, summary.ActionWrites:
		touched[wit.Member] = wit.Action == summary.ActionWrites
	case summary.ActionCalls:
		if len(wit.Reaches) == 0 || len(wit.Reaches) >= summary.MaxReaches || len(wit.OtherWrites) > 0 {
			return false
		}
		for _, reach := range wit.Reaches {
			// A field holding a pointer, an interface or a func leads
			// the call on to what it refers to (t.codec.Encode(p)),
			// which the reach does not name; a map or slice of plain
			// values (a calibration table looked up) leads nowhere else.
			if field, _ := r.memberField(reach.Member); reach.Write || field == nil || names.SharesMemory(field.Type()) && !names.PlainElements(field.Type()) {
				return false
			}
			touched[reach.Member] = false
		}
	default:
		return false
	}
	for member, write := range touched {
		if !r.touchWhileStarterWaits(f, member, write) {
			return false
		}
	}
	return true
}

// touchWhileStarterWaits is whileStarterWaits for one member f touches.
func (r *reporter) touchWhileStarterWaits(f finding, member string, write bool) bool {
	field, _ := r.memberField(member)
	if field == nil {
		return false
	}
	copies := flow.InLoop(f.entry.Call.Block()) || r.c.CallJoins(f.entry.Call)
	// The owner's own code waiting for the start writes nothing meanwhile
	// (asked last: it climbs the starter's callers).
	if write && (copies || r.c.OwnerCodeTouches(member)) || r.c.OwnerCodeWrites(member) && !r.c.OnOwnerOnly(f.entry.Call.Parent(), f.witness.Domain) ||
		r.c.StarterTouchesBeside(f.entry.Call, field, member, write) {
		return false
	}
	beside, _ := r.c.RunsBeside(f.entry.Call)
	for _, other := range r.startedTouches()[f.entry.Call.Parent()] {
		written, touched := other.members[member]
		if !touched || !write && !written {
			continue
		}
		if other.call == f.entry.Call && copies || other.call != f.entry.Call && (beside[other.call] || r.startsBeside(other.call, f.entry.Call)) {
			return false
		}
	}
	return true
}

// startsBeside reports whether start starts its code before, and joins it
// after, the start other: their code runs side by side.
func (r *reporter) startsBeside(start, other ssa.Instruction) bool {
	beside, _ := r.c.RunsBeside(start)
	return beside[other]
}

// A start is code a function starts, by the instruction starting it, with
// the members that code touches, each with whether it writes it.
type start struct {
	call    ssa.Instruction
	members map[string]bool
}

// startedTouches is, per function of the package, the code it starts and
// what that code touches; found once.
func (r *reporter) startedTouches() map[*ssa.Function][]*start {
	if r.started != nil {
		return r.started
	}
	r.started = make(map[*ssa.Function][]*start)
	for _, f := range r.touches {
		if f.entry.Call == nil || f.sent != nil || f.witness.Assumed {
			continue
		}
		fn := f.entry.Call.Parent()
		i := slices.IndexFunc(r.started[fn], func(s *start) bool { return s.call == f.entry.Call })
		if i < 0 {
			i = len(r.started[fn])
			r.started[fn] = append(r.started[fn], &start{call: f.entry.Call, members: make(map[string]bool)})
		}
		touches := r.started[fn][i].members
		note := func(member string, write bool) { touches[member] = touches[member] || write }
		note(f.witness.Member, f.witness.Action == summary.ActionWrites)
		for _, reach := range f.witness.Reaches {
			note(reach.Member, reach.Write)
		}
		for _, other := range f.witness.OtherWrites {
			note(other.Member, true)
		}
	}
	return r.started
}

// reachedOff is the functions of the package that code off the owner
// starts or calls, found once: code they start may run beside the owner
// however long they wait for it.
func (r *reporter) reachedOff() map[*ssa.Function]bool {
	if r.offFuncs != nil {
		return r.offFuncs
	}
	r.offFuncs = make(map[*ssa.Function]bool)
	var queue []*ssa.Function
	for _, fn := range r.c.Fns {
		if _, ok := r.c.EntryPoint(fn); ok {
			queue = append(queue, fn)
		}
		if w := r.c.Walks[fn]; w != nil {
			for _, sp := range w.Spawns {
				for _, t := range sp.Started() {
					queue = append(queue, t.Fn)
				}
			}
		}
	}
	for ; len(queue) > 0; queue = queue[1:] {
		fn := queue[0]
		if r.offFuncs[fn] {
			continue
		}
		r.offFuncs[fn] = true
		queue = append(queue, fn.AnonFuncs...)
		for _, callee := range flow.StaticCalls(fn) {
			if callee.Pkg == fn.Pkg {
				queue = append(queue, callee)
			}
		}
	}
	return r.offFuncs
}

// joinEntries drops the reads of a field to hand its map or slice on
// (go func() { save(s.data) }()) where the same way off the owner also
// reads or writes the entries: the field's read races with nothing unless
// other code assigns the field (see readRaces), and the race detector
// names the entries' line, where the other finding is.
func (r *reporter) joinEntries(out []finding) []finding {
	type key struct {
		entry  token.Pos
		member string
	}
	entries := make(map[key]bool)
	for _, f := range out {
		if field, ok := summary.FieldOfContents(f.witness.Member); ok {
			entries[key{f.entry.Pos, field}] = true
		}
	}
	return slices.DeleteFunc(out, func(f finding) bool {
		wit := f.witness
		return wit.Action == summary.ActionReads && len(wit.Reaches) == 0 && entries[key{f.entry.Pos, wit.Member}] && !r.readRaces(wit.Member, wit.Site)
	})
}

// entriesOf reports whether member names the entries of a field.
func entriesOf(member string) bool {
	_, ok := summary.FieldOfContents(member)
	return ok
}

// memberPhrase names a confined member in a message: a field, a method,
// or the entries of a field's map or slice.
func memberPhrase(member string) string {
	if field, ok := summary.FieldOfContents(member); ok {
		return "the entries of " + field
	}
	return member
}

// confinedPhrase is memberPhrase after a verb of a finding: "confined
// pkg.T.f", "the entries of confined pkg.T.f".
func confinedPhrase(member string) string {
	if field, ok := summary.FieldOfContents(member); ok {
		return "the entries of confined " + field
	}
	return "confined " + member
}

// comparePos orders positions by file name, then offset: token.Pos order
// across files is the order the loader happened to parse them in.
func (r *reporter) comparePos(a, b token.Pos) int {
	pa, pb := r.c.Pass().Fset.Position(a), r.c.Pass().Fset.Position(b)
	return cmp.Or(strings.Compare(pa.Filename, pb.Filename), cmp.Compare(pa.Offset, pb.Offset))
}

// suppressed reports whether an ignore directive covers pos.
func (r *reporter) suppressed(pos token.Pos) bool {
	return r.c.M.Dirs.Suppress(r.c.Pass().Fset.Position(pos))
}

// ownState reports whether member, a confined member as witnesses name it
// ("pkg.T.f", "(*pkg.T).M"), is of this package, or of the package an
// external test tests.
func (r *reporter) ownState(member string) bool {
	return strings.HasPrefix(strings.TrimLeft(member, "(*"), names.TestedName(r.c.Pass().Pkg)+".")
}

// add keeps, per line of off-owner code and way there, the most telling
// finding ("s.n++" both reads and writes s.n, and "s.get()" with a value
// receiver copies *s and calls get) and the sure touches it reaches at
// other lines, the most telling per line (see lineFindings). Code on an
// owner may touch that owner's state: f is dropped then, and so is a touch
// of default-owner state on a named owner when no loop runs the default
// owner (UnnamedOwners reported the directive instead).
func (r *reporter) add(f finding) {
	if !f.entry.Reports(f.witness.Domain) || f.entry.On != nil && f.witness.Domain == "" && r.c.M.NoDefaultLoop {
		return
	}
	if f.entry.Keeper != nil {
		if field, _ := r.builtOnly(f.witness); field != nil {
			return // a record's field only set where it is built (its Ref): its keeper writes it no more
		}
	}
	var racy bool
	if f.witness, racy = r.withoutOncePublished(f.witness); !racy {
		return
	}
	f.at = r.touchPos(f)
	r.touches = append(r.touches, f)
	fset := r.c.Pass().Fset
	p := fset.Position(f.pos)
	key := lineKey{p.Filename, p.Line, f.entry.Pos}
	line := r.findings[key]
	if line == nil {
		line = &lineFindings{best: f, first: r.touchedAt(f)[0], lines: make(map[fileLine]finding)}
		r.findings[key] = line
	} else if f.witness.Tells(line.best.witness) || readsEntriesOf(f.witness, line.best.witness) && names.SameLine(fset, f.at, line.best.at) {
		line.best, line.first = f, r.touchedAt(f)[0]
	}
	for _, g := range r.linesTouched(f) {
		at := fset.Position(g.at)
		atLine := fileLine{at.Filename, at.Line}
		if old, dup := line.lines[atLine]; !dup || g.witness.Tells(old.witness) {
			line.lines[atLine] = g
		}
	}
	r.noteWrites(f)
}

// readsEntriesOf reports whether wit reads the entries of the field whose
// read other is (maps.Clone(t.flags) reads both, at one line): the line's
// read that races, where the field's read only hands the map on (see
// joinEntries).
func readsEntriesOf(wit, other summary.Witness) bool {
	field, ok := summary.FieldOfContents(wit.Member)
	return ok && field == other.Member && wit.Action == other.Action
}

// noteWrites records the members f surely writes, for the way off the
// owner it takes.
func (r *reporter) noteWrites(f finding) {
	wit := f.witness
	if wit.Assumed {
		return
	}
	if r.written == nil {
		r.written = make(map[token.Pos]map[string]bool)
	}
	written := r.written[f.entry.Pos]
	if written == nil {
		written = make(map[string]bool)
		r.written[f.entry.Pos] = written
	}
	if wit.Action == summary.ActionWrites {
		written[wit.Member] = true
	}
	for _, reach := range wit.Reaches {
		if reach.Write {
			written[reach.Member] = true
		}
	}
	for _, other := range wit.OtherWrites {
		written[other.Member] = true
	}
}

// linesTouched are the sure touches f makes at lines of their own: its
// own (a write, a read of a field's entries in a helper handed its map,
// a call of a confined method split by touchedAt) and the writes of its
// witness's OtherWrites.
func (r *reporter) linesTouched(f finding) []finding {
	var out []finding
	if wit := f.witness; !wit.Assumed && (wit.Action != summary.ActionReads || entriesOf(wit.Member)) {
		out = r.touchedAt(f)
	}
	for _, other := range f.witness.OtherWrites {
		g := f
		g.witness, g.field = other, nil
		g.at = r.touchPos(g)
		out = append(out, g)
	}
	return out
}

// lineTouches are the findings line reports: its most telling (the first
// line a call of a confined method touches at, with what it joins there),
// then its touches at the other lines, in line order.
func (r *reporter) lineTouches(line *lineFindings) []finding {
	first := line.first
	out := []finding{first}
	for _, k := range slices.SortedFunc(maps.Keys(line.lines), func(a, b fileLine) int {
		return cmp.Or(strings.Compare(a.file, b.file), cmp.Compare(a.line, b.line))
	}) {
		if g := line.lines[k]; !names.SameLine(r.c.Pass().Fset, g.at, first.at) {
			out = append(out, g)
		}
	}
	return out
}

// touchedAt splits a call of a confined method into one finding per line
// the method touches what it reaches at (each naming the reaches there):
// the race detector names each of those lines. Those are the lines it
// writes at, and the line it first reads a member at, before writing it
// and before the code off the owner wrote it (written), when other code
// assigns the member (readRaces). A read of a member set
// up once and read through races with nothing, and one of a member only
// written through (a map's entries) races where the entries are used: it
// joins the first finding. Any other finding is one.
func (r *reporter) touchedAt(f finding) []finding {
	wit := f.witness
	if wit.Action != summary.ActionCalls || len(wit.Reaches) == 0 {
		return []finding{f}
	}
	var out []finding
	place := func(at summary.Reach, own bool) {
		g := f
		g.witness.Reaches = []summary.Reach{at}
		g.at = r.touchPos(g)
		if i := slices.IndexFunc(out, func(h finding) bool { return !own || names.SameLine(r.c.Pass().Fset, h.at, g.at) }); i >= 0 {
			if !slices.ContainsFunc(out[i].witness.Reaches, func(x summary.Reach) bool { return x.Member == at.Member }) {
				out[i].witness.Reaches = append(out[i].witness.Reaches, at)
			}
			return
		}
		out = append(out, g)
	}
	// Reads in the order they may run: what the code reads itself before
	// what its callees read (reaches are kept deepest first); but a field
	// read to hand its map on (sum(k.stock)) right after the read of its
	// entries, which it joins unless its own read races.
	entriesDepth := make(map[string]int)
	for _, reach := range wit.Reaches {
		if field, ok := summary.FieldOfContents(reach.Member); ok {
			entriesDepth[field] = reach.Depth
		}
	}
	order := func(r summary.Reach) (depth, after int) {
		if d, ok := entriesDepth[r.Member]; ok {
			return d, 1
		}
		return r.Depth, 0
	}
	reads := slices.DeleteFunc(slices.Clone(wit.Reaches), func(r summary.Reach) bool { return r.Write })
	slices.SortStableFunc(reads, func(a, b summary.Reach) int {
		da, afterA := order(a)
		db, afterB := order(b)
		return cmp.Or(cmp.Compare(da, db), cmp.Compare(afterA, afterB))
	})
	reaches := append(slices.DeleteFunc(slices.Clone(wit.Reaches), func(r summary.Reach) bool { return !r.Write }), reads...)
	// A read that races has a line of its own; one that does not joins the
	// first line that does (a bound set at construction, read beside the
	// counts), or, with none, the first line.
	var joining []summary.Reach
	for _, reach := range reaches {
		at := reach
		at.OtherSites, at.FirstRead = nil, summary.Position{}
		if reach.Write {
			for _, site := range append([]summary.Position{reach.Site}, reach.OtherSites...) {
				at.Site = site
				place(at, true)
			}
		}
		if read := reach.ReadAt(); read.File != "" {
			at.Site, at.Write = read, false
			if r.written[f.entry.Pos][reach.Member] || !r.readRaces(reach.Member, read) && (reach.Write || !r.readsEntries(reach) || !r.entriesWritten(reach.Member)) {
				joining = append(joining, at)
				continue
			}
			place(at, true)
		}
	}
	for _, at := range joining {
		place(at, false)
	}
	return out
}

// readsEntries reports whether the read reach reaches reads what writes
// of the entries of its member change: the entries, or the length of a
// map (a map's count changes with each entry added or deleted, a slice's
// length only when the slice is assigned).
func (r *reporter) readsEntries(reach summary.Reach) bool {
	switch reach.Use {
	case summary.UseEntries:
		return true
	case summary.UseLength:
		f, _ := r.memberField(reach.Member)
		if f == nil {
			return false
		}
		_, isMap := f.Type().Underlying().(*types.Map)
		return isMap
	}
	return false
}

// readRaces reports whether a read of member at p races with more than
// the finding's other lines: member is a field of this package that code
// other than the reading function assigns (see assignedBeside), or names
// the entries of a field the package writes, read in a function the
// field's map or slice was handed to (sum(k.stock)). A read of a field
// only written through (a map whose entries the owner adds) races where
// the entries are read.
func (r *reporter) readRaces(member string, p summary.Position) bool {
	if field, ok := summary.FieldOfContents(member); ok {
		if written, ok := r.foreignWrites(field); ok {
			entries, _ := r.foreignWrites(member)
			return written || entries
		}
		f, _ := r.memberField(field) // entries: written through or assigned
		return f != nil && r.rewrites(f)
	}
	if written, ok := r.foreignWrites(member); ok {
		return written
	}
	f, _ := r.memberField(member)
	return f != nil && r.assignedBeside(f, r.c.M.TokenPos(p))
}

// entriesWritten reports whether member is a field of this package whose
// entries, or itself, the package writes: a read of its entries (w.res[id])
// races with those writes at its own line.
func (r *reporter) entriesWritten(member string) bool {
	if written, ok := r.foreignWrites(member); ok {
		entries, _ := r.foreignWrites(summary.ContentsMember(member))
		return written || entries
	}
	f, _ := r.memberField(member)
	return f != nil && r.rewrites(f)
}

// touchPos is where f's state is touched, when that is in this package,
// or in another of its module (see model.FindingPos): the write or read
// itself, however deep in helpers and methods the off-owner code calls;
// for a call of a confined method, what the method goes on to touch (see
// summary.Reach), or else the call into the package that touches it.
// Else f.pos. A test's goroutine
// that reaches a touch in production code is reported there too: the
// race detector names that line, and the message names the test's start.
func (r *reporter) touchPos(f finding) token.Pos {
	at := r.c.M.FindingPos
	wit := f.witness
	if wit.Action == summary.ActionCalls {
		for _, reach := range wit.Reaches {
			if pos := r.callIntoOwnerCode(f, wit.PathTo(reach), reach.Site, reach.Write); pos.IsValid() {
				return pos
			}
			if pos := at(reach.Site, reach.Member); pos.IsValid() {
				return pos
			}
			if pos := r.c.M.TokenPos(reach.Call); pos.IsValid() {
				return pos
			}
		}
	}
	if pos := r.callIntoOwnerCode(f, wit.Via, wit.Site, wit.Action == summary.ActionWrites); pos.IsValid() {
		return pos
	}
	if pos := at(wit.Site, wit.Member); pos.IsValid() {
		return pos
	}
	return f.pos
}

// callIntoOwnerCode is where f's off-owner code on path to a write at
// site first calls a function of this package that code on the state's
// owner calls too, when site is a one-line helper's body (func (s *T) note(v V)
// { s.last = v }, a setter the owner's methods share): that line is the
// helper's, right when the owner calls it, and the call is what a fix
// moves back to the owner. A helper of statements of its own keeps the
// finding at the statement that touches, which the race detector names
// first; so does a read, whose fix is as often to guard what it reads.
// Code on another owner (or actor), and code after a hand-off, keep it
// at the helper: the helper is not that code's to call.
func (r *reporter) callIntoOwnerCode(f finding, path []summary.Step, site summary.Position, write bool) token.Pos {
	if !write || f.entry.On != nil || f.entry.Actor != nil || f.sent != nil || !r.c.M.OneLineFunc(site) {
		return token.NoPos
	}
	owners := r.ownerRuns(f.witness.Domain)
	for i, s := range path {
		if !owners[s.Callee] {
			continue
		}
		// The call must be in code off the owner alone: a function the
		// owner does not run, or the literal started.
		if i == 0 && (f.root != "" && owners[f.root] || f.root == "" && f.lit == nil) {
			return token.NoPos
		}
		return r.c.M.TokenPos(s.Call)
	}
	return token.NoPos
}

// ownerRuns names the functions of the package that code on the owner
// of domain runs, found once per domain: from its loops, the code hopped
// to it, and, for the default owner, the functions no code of the
// package starts or calls (the API its owner calls, a test), through
// what they call; never into code they start.
func (r *reporter) ownerRuns(domain string) map[string]bool {
	if runs, ok := r.ownerFuncs[domain]; ok {
		return runs
	}
	// Keyed by generic function: a generic body calls its instances.
	started := make(map[*ssa.Function]bool)
	called := make(map[*ssa.Function]bool)
	var queue []*ssa.Function
	for _, fn := range r.c.Fns {
		if _, ok := r.c.EntryPoint(fn); ok {
			started[flow.Generic(fn)] = true
		}
		if w := r.c.Walks[fn]; w != nil {
			for _, sp := range w.Spawns {
				for _, t := range sp.Started() {
					if sp.On != nil && *sp.On == domain {
						queue = append(queue, t.Fn)
					} else {
						started[flow.Generic(t.Fn)] = true
					}
				}
			}
		}
		for _, callee := range flow.StaticCalls(fn) { // r.c.Fns has the literals too
			called[flow.Generic(callee)] = true
		}
	}
	for _, fn := range r.c.Fns {
		loopDomain, loop := r.c.M.LoopDomain(fn)
		if loop && loopDomain == domain || !loop && domain == "" && fn.Parent() == nil && !started[flow.Generic(fn)] && !called[flow.Generic(fn)] {
			queue = append(queue, fn)
		}
	}
	runs := make(map[string]bool)
	seen := make(map[*ssa.Function]bool)
	for ; len(queue) > 0; queue = queue[1:] {
		fn := queue[0]
		if seen[fn] {
			continue
		}
		seen[fn] = true
		runs[flow.Name(fn)] = true
		for _, anon := range fn.AnonFuncs {
			if !started[flow.Generic(anon)] {
				queue = append(queue, anon)
			}
		}
		for _, callee := range flow.StaticCalls(fn) {
			if callee.Pkg != nil && callee.Pkg.Pkg == r.c.Pass().Pkg || flow.IsWrapper(callee) {
				queue = append(queue, callee) // a method value's wrapper calls the method
			}
		}
	}
	if r.ownerFuncs == nil {
		r.ownerFuncs = make(map[string]map[string]bool)
	}
	r.ownerFuncs[domain] = runs
	return runs
}

// maxRootDepth bounds how far captured func values are followed from a root.
const maxRootDepth = 4

// root reports what the off-owner function t touches: inside a function
// literal at the touching lines, for a named function or method value at
// the sink.
func (r *reporter) root(t flow.FuncValue, sp walk.Entry, depth int) {
	sum := r.rootSummary(t, sp, depth)
	if sum == nil {
		return
	}
	if !flow.IsFuncLit(t.Fn) {
		if !r.body(t, sp) {
			r.atSink(t, sp, sum)
		}
		return
	}
	r.inside(t.Fn, t.Fn, "", sp, func(s summary.Source) summary.Origin {
		if sp.HandedSource(t, s) || r.c.HandedByCallers(sp, t, s) {
			return summary.Origin{} // given away: the started code's own
		}
		return summary.OriginOf(s)
	})
	for _, inner := range capturedFuncs(t, sum) {
		r.root(inner, sp, depth+1)
	}
}

// rootSummary does what every root of a report starts with: the owner's
// loop and roots past maxRootDepth report nothing, and a call that touches
// confined state as a whole is the finding, at the sink. Otherwise it
// returns t's summary, or nil when nothing is known.
func (r *reporter) rootSummary(t flow.FuncValue, sp walk.Entry, depth int) *summary.Summary {
	c := r.c
	if m := flow.BoundMethod(t.Fn); c.M.IsLoop(t.Fn) || m != nil && c.M.IsLoop(m) || depth > maxRootDepth {
		return nil // the owner's loop, also as a method value (goFunc(r.runSnapshots))
	}
	var args []ssa.Value // the started function's arguments, for a go statement's
	if _, started := sp.Call.(*ssa.Go); started {
		args = sp.Args
	}
	if wit := c.StartedCallTouch(t.Fn, sp.Pos, args, sp.Handed); wit != nil && sp.Reports(wit.Domain) {
		r.add(finding{pos: sp.Pos, witness: *wit, entry: sp})
		return nil
	}
	return c.SummaryOf(t.Fn)
}

// capturedFuncs lists the functions that the captured func values t calls
// may denote: they run where t runs.
func capturedFuncs(t flow.FuncValue, sum *summary.Summary) []flow.FuncValue {
	var out []flow.FuncValue
	for _, s := range sum.Invokes.Sources() {
		v := walk.SourceValue(s, nil, t.Bindings)
		if v == nil {
			continue
		}
		values := []ssa.Value{v}
		if cell, ok := v.(*ssa.Alloc); ok && t.Bindings.Cells {
			values = flow.StoredValues(cell) // a variable captured by reference: f := func() {...}; go func() { f() }()
		}
		for _, v := range values {
			out = append(out, flow.FuncTargets(v)...)
		}
	}
	return out
}

// body reports every touching place in the body of t, a function of this
// package started by name ("go upload(b)", "go s.reload()") or as the
// value of a method of no confined type (mux.HandleFunc("/", s.serve)), as
// inside a literal: the race detector names each of them, not only the
// first. A confined method's value, a function whose
// body was not walked is reported at the sink (atSink); so is one whose
// places report nothing, and one that calls through an interface: which
// implementation its places touch depends on what the sink passes, which
// atSink binds.
func (r *reporter) body(t flow.FuncValue, sp walk.Entry) bool {
	fn, toValue := t.Fn, func(s summary.Source) summary.Source { return s }
	if flow.IsWrapper(t.Fn) {
		// A confined method's value is a call of it, which atSink names.
		if fn = flow.BoundMethod(t.Fn); fn == nil || r.c.CallTouch(fn, sp.Pos) != nil {
			return false
		}
		// The method's receiver is the value's bound one, its other
		// parameters the value's own.
		toValue = func(s summary.Source) summary.Source {
			switch {
			case s == summary.ParamSource(0):
				return summary.FreeSource(0)
			case s < summary.FreeBase:
				return s - 1
			}
			return s
		}
	}
	w := r.c.Walks[fn]
	if w == nil || slices.ContainsFunc(w.Sites, func(s walk.Site) bool { return s.Witness.Recv != "" }) {
		return false
	}
	n := len(r.touches)
	r.inside(fn, fn, flow.Name(fn), sp, func(s summary.Source) summary.Origin {
		if s = toValue(s); sp.HandedSource(t, s) {
			return summary.Origin{} // given away: the started code's own
		}
		return summary.OriginOf(s)
	})
	return len(r.touches) > n
}

// atSink reports what the named function or method value t touches
// first, with its path, and the writes that touch carries (lineTouches).
func (r *reporter) atSink(t flow.FuncValue, sp walk.Entry, sum *summary.Summary) {
	i := slices.IndexFunc(sum.Touches, func(tc summary.Touch) bool {
		_, holds := r.c.Types.BindRecv(tc.Witness, walk.SourceValue(tc.Source, sp.Args, t.Bindings))
		return holds && sp.Reports(tc.Witness.Domain) && !sp.HandedSource(t, tc.Source)
	})
	if i < 0 {
		return
	}
	root := ""
	if !flow.IsWrapper(t.Fn) { // method values start their path at the method itself
		root = flow.Name(t.Fn)
	}
	r.add(finding{pos: sp.Pos, root: root, witness: sum.Touches[i].Witness, entry: sp})
}

// inside reports every touching place in the body of the off-owner literal
// fn whose touched value comes from outside; toRoot maps fn's sources to
// the root literal's. root names a named function the paths start from.
func (r *reporter) inside(lit, fn *ssa.Function, root string, sp walk.Entry, toRoot func(summary.Source) summary.Origin) {
	w := r.c.Walks[fn]
	if w == nil {
		return
	}
	mapOrigin := func(o summary.Origin) summary.Origin {
		var out summary.Origin
		for _, s := range o.Sources() {
			out = out.Union(toRoot(s))
		}
		if o.Has(summary.Handed) {
			out = out.Union(summary.OriginOf(summary.Handed))
		}
		return out
	}
	for _, s := range w.Sites {
		if s.Inner != nil {
			innerSources := s.InnerSources
			r.inside(lit, s.Inner, root, sp, func(src summary.Source) summary.Origin { return mapOrigin(innerSources(src)) })
			continue
		}
		if other, ok := r.otherActor(sp, s.Value, s.Impl); ok {
			r.add(finding{pos: r.placePos(s, lit), root: root, witness: s.Witness, entry: other, lit: lit, field: selectedField(s.Instr)})
			continue
		}
		// Off every owner, values handed off are the code's own; on an
		// owner, only what it allocated is.
		if o := mapOrigin(s.Origin); !o.Fresh() || (sp.On != nil && !o.Owned()) {
			r.add(finding{pos: r.placePos(s, lit), root: root, witness: s.Witness, entry: sp, lit: lit, field: selectedField(s.Instr)})
		}
	}
}

// placePos is where the off-owner code reaches the touch of site s: in
// an off-owner literal, the place inside it; in the body of a loop or
// owner-only function (lit is nil), where the witness was taken when that
// is in this package, which keeps two touches its calls reach apart.
func (r *reporter) placePos(s walk.Site, lit *ssa.Function) token.Pos {
	if lit == nil {
		if pos := r.c.M.TokenPos(s.Witness.Site); pos.IsValid() {
			return pos
		}
	}
	return s.Pos
}

// diagnostic renders a finding as one line of advice, with the call path
// also given as related positions.
func (r *reporter) diagnostic(f finding, hint string) analysis.Diagnostic {
	c := r.c
	wit := f.witness
	var b strings.Builder
	switch {
	case f.sent != nil:
		fmt.Fprintf(&b, "%s %s after sending %s to %s (%s): once sent, it is %s's", wit.Action, wit.Member, f.sent.what, names.DomainName(f.sent.to), c.M.Position(f.sent.instr.Pos()), names.DomainName(f.sent.to))
	case f.entry.On != nil:
		fmt.Fprintf(&b, "%s %s from %s (%s)", wit.Action, stateName(wit), f.entry.Sink, c.M.Position(f.entry.Pos))
	case wit.Domain != "":
		fmt.Fprintf(&b, "%s %s off its owner: this code runs via %s (%s)", wit.Action, stateName(wit), f.entry.Sink, c.M.Position(f.entry.Pos))
	default:
		fmt.Fprintf(&b, "%s %s off the owner: this code runs via %s (%s)", wit.Action, confinedPhrase(wit.Member), f.entry.Sink, c.M.Position(f.entry.Pos))
	}
	if wit.Reassigned.Line > 0 {
		fmt.Fprintf(&b, "; the field is reassigned after it is built (%s), so reading it races with that", wit.Reassigned)
	}
	if len(wit.Via) > 0 || f.root != "" {
		var path []string
		if f.root != "" {
			path = append(path, f.root)
		}
		for _, s := range wit.Via {
			path = append(path, s.Callee)
		}
		path = append(path, memberPhrase(wit.Member))
		fmt.Fprintf(&b, "; path %s", strings.Join(path, " → "))
	}
	if len(wit.Reaches) > 0 {
		var members []string
		for _, r := range wit.Reaches {
			verb := summary.ActionReads
			if r.Write {
				verb = summary.ActionWrites
			}
			members = append(members, verb.String()+" "+memberPhrase(r.Member))
		}
		fmt.Fprintf(&b, "; inside, it %s", strings.Join(members, ", "))
	}
	if f, kept := r.builtOnly(wit); f != nil {
		mark := "mark the field //confined:any"
		if kept != nil {
			mark = fmt.Sprintf("give it a line of its own and mark it //confined:any (a directive on its line would free %s too, which must stay confined)", kept.Name())
		}
		if m := r.pointeeMethod(f); m != nil {
			hint = fmt.Sprintf("if %s never changes once its value is built and what it holds is safe to use from any goroutine (this package calls %s on it), %s; else %s", f.Name(), names.FuncName(m), mark, hint)
		} else {
			hint = fmt.Sprintf("if %s never changes once its value is built (nothing in this package assigns it elsewhere), %s; else %s", f.Name(), mark, hint)
		}
	}
	fmt.Fprintf(&b, "; fix: %s", hint)

	d := analysis.Diagnostic{Pos: f.at, End: r.touchEnd(f.at), Message: b.String()}
	switch {
	case f.sent != nil:
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: f.sent.instr.Pos(), Message: "sent to " + names.DomainName(f.sent.to) + " here"})
	case f.entry.On != nil:
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: f.entry.Pos, Message: f.entry.Sink})
	default:
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: f.entry.Pos, Message: "runs off the owner via " + f.entry.Sink})
	}
	for _, s := range wit.Via {
		if pos := c.M.TokenPos(s.Call); pos.IsValid() {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, Message: summary.ActionCalls.String() + " " + s.Callee})
		}
	}
	if pos := c.M.TokenPos(wit.Site); pos.IsValid() && pos != f.at {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, Message: wit.Action.String() + " " + memberPhrase(wit.Member)})
	}
	return d
}

// touchEnd is where the touching expression at pos ends, so that the
// finding's range covers it: the selector (s.n), the call of a method or
// function (s.get(), lib.Every(f)), the index (m[k]), else the token.
func (r *reporter) touchEnd(pos token.Pos) token.Pos {
	file := names.FileOf(r.c.Pass().Files, pos)
	if file == nil {
		return token.NoPos
	}
	// The innermost node at pos, widened over the selectors, indexes and
	// dereferences around it, and over the call it is the callee of.
	path, _ := astutil.PathEnclosingInterval(file, pos, pos)
	end := path[0].End()
	for i := 1; i < len(path); i++ {
		switch n := path[i].(type) {
		case *ast.SelectorExpr, *ast.IndexExpr, *ast.IndexListExpr, *ast.StarExpr:
			end = n.End()
			continue
		case *ast.CallExpr:
			if n.Fun == path[i-1] {
				end = n.End()
			}
		}
		break
	}
	return end
}
