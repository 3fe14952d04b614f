package suggest

// This file proposes owners, :any fields and async sinks for -suggest.
//
// A struct type of the main module, without a mutex field, is proposed as
// //confined:owner when code on one owner (a loop's body, a hop's
// callback, and what they call, in the package and through writesFact;
// not tests) writes its fields without holding a lock, is its main writer
// (code that may run anywhere writes no more of its fields; set-up code,
// constructors and functional options, does not count), and the package
// hands none of its values over: sent on a channel, or carried in what is
// sent (messages are handed off, not owned). Goroutines and callbacks off
// every owner that write it are what the check then reports. A field of a
// proposed owner of the package that only set-up code writes, and that
// code off the owner reads, is proposed :any. An exported function whose
// summary sends a func parameter off the owner is proposed
// //confined:async.

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/fix"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/walk"
	"golang.org/x/tools/go/ssa"
)

// proposeOwners proposes //confined:owner on the types owner code is the
// main writer of (see declineOwner), and :any on the fields of those of the
// package, and of those confined by hand, that only set-up code writes and
// code off the owner reads.
func (s *Suggester) proposeOwners() {
	roots, spawned := s.codeRoots()
	var rootFns []*ssa.Function
	for _, r := range roots {
		rootFns = append(rootFns, r.fn)
	}
	onOwner, offOwner := s.reachable(rootFns), s.reachable(spawned.fns)
	byType := ownerWritesByType(s.written, roots, func(fn *ssa.Function) bool {
		recv := names.ReceiverNamed(flow.DeclaredFunc(fn))
		return s.written.startedOnMade(fn) || recv != nil && s.callerRun[recv.Obj()] == fn
	})
	pa := newPlacedAccesses()
	pa.byCallers = s.reachable(s.apiFuncs(spawned.fns))
	once := s.startedOnce(func(fn *ssa.Function) bool { return onOwner[fn] || offOwner[fn] })
	// Code off the owner also where owners reach it too, but not inside a
	// loop, which runs on its owner however it was started.
	offBesideLoops := s.reachableUntil(spawned.fns, func(fn *ssa.Function) bool { _, loop := s.loops[fn]; return loop })
	for _, fn := range s.e.Functions() {
		if !s.inTestFile(fn.Pos()) {
			pa.add(fn, s.written, onOwner[fn], offOwner[fn], once[fn])
			if pa.byCallers[fn] && offOwner[fn] && !onOwner[fn] {
				pa.addCallerReads(fn, s.written)
			}
			s.noteEntriesOff(fn, pa.entriesOff)
			if offBesideLoops[fn] {
				pa.addWrittenOff(fn, s.written)
			}
		}
	}
	// Types the user confined by hand get what they are missing too: the
	// fields only set-up code writes that code off the owner reads.
	var inTests *placedAccesses // see testAccesses; found once a test's type asks
	for _, obj := range confinedByHand(s.pass.Pkg, s.m, s.inTestFile, s.proposals) {
		if s.inTestFile(obj.Pos()) {
			if inTests == nil {
				inTests = s.testAccesses()
			}
			s.proposeAnyFields(obj, inTests, inTests.readOff)
			continue
		}
		s.proposeAnyFields(obj, pa, pa.readOff)
	}
	sent := s.sentTypes()
	// What a loop receives and keeps (a hub's registry of its clients) is
	// handed to that loop to stay: sent, but that loop's own. So is what
	// a loop, or a helper of it, makes and keeps (a download manager's
	// jobs, which it hands to workers and gets back): it still reaches
	// them, whatever it sends.
	keptBy := make(map[string]map[string]bool)
	keeps := func(domain string, kept map[*types.Named]bool) {
		for named := range kept {
			tk := flow.TypeKey(named)
			if keptBy[tk] == nil {
				keptBy[tk] = make(map[string]bool)
			}
			keptBy[tk][domain] = true
		}
	}
	for _, r := range roots {
		keeps(r.domain, s.written.keptReceived(r.fn))
		if r.loop {
			for fn := range s.reachable([]*ssa.Function{r.fn}) {
				keeps(r.domain, s.written.keptMade(fn))
			}
		}
	}
	handedAway := func(tk string, owners map[string]bool) bool {
		return byType[tk].handedOver || sent[tk] && !(len(owners) == 1 && keptBy[tk][slices.Collect(maps.Keys(owners))[0]])
	}
	s.shareHanded(byType, handedAway)
	domainReads := s.readsByDomain(roots)
	// Code that writes a type with a lock held: those values are shared
	// under that lock (a stream's buffers, which its reader locks for),
	// whatever a loop writes of others of the type.
	lockedBy := make(map[string]string)
	locked := make(fieldSet)
	for _, fn := range s.e.Functions() {
		if s.inTestFile(fn.Pos()) {
			continue
		}
		for key := range s.written.underLocks(fn) {
			locked[key] = true
			if s.lockedBlock(key) {
				continue // r.stats.joins++ under the lock r.stats holds: that field's own guard
			}
			if tk := key[:strings.LastIndex(key, ".")]; lockedBy[tk] == "" {
				lockedBy[tk] = flow.Name(fn)
			}
		}
	}
	for _, tk := range slices.Sorted(maps.Keys(byType)) {
		wt := byType[tk]
		obj := s.typeObject(tk)
		if obj == nil || s.m.ConfinedNamed(obj.Type()) != nil {
			continue // not the module's, or confined already
		}
		if names.HasMutex(obj.Type().(*types.Named)) {
			why := declineOwner(wt.domains, len(wt.fields), pa.other[tk], handedAway(tk, wt.domains))
			if why == "" && !s.proposeOwnerFields(obj, wt, locked, pa, len(wt.domains) == 1 && keptBy[tk][slices.Collect(maps.Keys(wt.domains))[0]]) {
				why = "owner code writes it without a lock, but it has a mutex: which of its fields the lock " +
					"guards and which only the owner touches is for its author to say (confine those one by one, //confined:owner on the field)"
			}
			if why != "" {
				s.declined.add(obj, directive.VerbOwner, why)
			}
			continue
		}
		if obj.Pkg() != s.pass.Pkg && !slices.ContainsFunc(roots, func(r ownerRoot) bool {
			return slices.ContainsFunc(slices.Collect(maps.Keys(s.written.directOf(r.fn))), func(key string) bool { return key[:strings.LastIndex(key, ".")] == tk })
		}) {
			// b.cols[i].Cards = cs: the elements of a slice the owner's
			// value keeps, which the check sees read on the way; the
			// type's own package makes and reads values of it for itself
			// (a fake server's columns), which are no one's state.
			s.declined.add(obj, directive.VerbOwner, "owner code writes its fields only in the elements of a slice its own state keeps: "+
				"those are that state's, and values of another package's type made elsewhere are not the owner's")
			continue
		}
		if obj.Pkg() == s.pass.Pkg && !s.pointedTo()[obj] && !s.heldAsElements()[obj] && plainValue(obj.Type(), 0) {
			s.declined.add(obj, directive.VerbOwner, "its values share nothing and no code points to one: each is a copy, "+
				"or part of the value holding it (a struct field's), whose owner that holder's field says")
			continue
		}
		if by := lockedBy[tk]; by != "" {
			s.declined.add(obj, directive.VerbOwner, "owner code writes it, but "+by+" writes it too with a lock held: its values are shared under that lock, not one owner's")
			continue
		}
		if why := declineOwner(wt.domains, len(wt.fields), pa.other[tk], handedAway(tk, wt.domains)); why != "" {
			if wt.handedOver && strings.HasPrefix(why, "the package") {
				why = "its own package" + strings.TrimPrefix(why, "the package")
			}
			s.declined.add(obj, directive.VerbOwner, why)
			continue
		}
		s.propose(proposal{obj: obj, verb: directive.VerbOwner, args: wt.domainArgs(), evidence: ownerEvidence(wt, pa.off[tk], pa.other[tk])})
		if obj.Pkg() == s.pass.Pkg {
			s.proposeAnyFields(obj, pa, readsBesides(pa.readOff, domainReads, wt.domains))
		}
	}
	s.proposeLooplessOwners(byType, roots, spawned, pa, sent)
	s.proposeTestDoubles(offOwner)
	s.withdrawAnyOverFreeElements()
	s.proposeClientMethods(onOwner)
	s.proposeSafeMethods()
}

// withdrawAnyOverFreeElements withdraws :any from the fields whose slice
// or array holds structs of a type that got no owner while code writes
// their fields after set-up (p.tracks[i].plays++). Such a write counts as
// the element's, not the slice's (see elementField), so with neither
// confined, :any on the slice would hide it; confined, the check reports
// the slice's reads on the way to it.
func (s *Suggester) withdrawAnyOverFreeElements() {
	afterSetUp := s.written.writtenAfterSetUp()
	s.proposals = slices.DeleteFunc(s.proposals, func(p proposal) bool {
		f, ok := p.obj.(*types.Var)
		if p.verb != directive.VerbAny || !ok {
			return false
		}
		elem := names.HeldStruct(f.Type())
		if elem == nil || s.m.ConfinedNamed(elem) != nil || slices.ContainsFunc(s.proposals, func(q proposal) bool {
			return q.obj == elem.Obj() && q.verb == directive.VerbOwner
		}) {
			return false
		}
		for st, i := elem.Underlying().(*types.Struct), 0; i < st.NumFields(); i++ {
			if afterSetUp[fieldKey(elem, st.Field(i).Name())] {
				s.declined.add(f, directive.VerbAny, p.evidence+", but code writes the fields of its "+elem.Obj().Name()+
					" values, which get no owner: marking it would hide those writes")
				return true
			}
		}
		return false
	})
}

// proposeOwnerFields proposes //confined:owner, one by one, on the fields
// of obj, a type with a mutex, that its owner code writes and no code
// writes with a lock held, and that code off the owner writes too (also
// a helper of the owner's that a retry timer calls): what the mutex
// guards is the others. So are the fields owner code grows turn after
// turn that code started off the owner reads; code that may run anywhere
// and only reads them is left out: it may wait for the owner to be done
// (a fetcher's report after its loop closed term). Once one field is its
// owner's, so is a field only goroutines write that code not off the
// owner reads without the lock (a clock's ticks, which the UI shows). It
// reports whether it proposed any.
//
// Where a framework's turns write the type (a Bubble Tea model's state),
// the framework names the owner and the code off it (its commands): a
// field the turns write that code off the owner reads is the owner's too,
// and so is a field goroutines write that the turns read.
func (s *Suggester) proposeOwnerFields(obj *types.TypeName, wt *ownerWrites, locked fieldSet, pa *placedAccesses, kept bool) bool {
	off := pa.off[flow.TypeKey(obj.Type())]
	offWrites := func(key string) bool { return off != nil && off.fields[key] || pa.writtenOff[key] != "" }
	// A field owner code grows turn after turn while code started off
	// the owner reads it is the owner's state, read mid-change (a report
	// goroutine summing the loop's stock). One the owner only sets (a
	// handshake's result) may be published by means -suggest cannot see
	// (a channel closed after it); and code that may run anywhere (an
	// exported getter) may wait for the owner, unlike code started off it.
	grownReadOff := func(key string) bool { return pa.grownOn[key] != "" && pa.readStarted[key] != "" }
	// Where a method of the type hops to its owner (a Do, a call that
	// waits for the loop's answer), the package reads the owner's state
	// through the owner; code that may run anywhere reading a field the
	// owner writes in place, without the lock, bypasses it (a Backlog
	// beside Members' h.call).
	hop := s.hopOf(obj)
	readInPlace := func(key string) *ssa.Function {
		if hop == nil {
			return nil
		}
		for _, fn := range pa.otherReads[key] {
			if s.written.accesses(fn).unlockedReads[key] && (pa.byCallers[fn] || flow.DeclaredFunc(fn) != nil && flow.DeclaredFunc(fn).Exported()) {
				return fn
			}
		}
		return nil
	}
	// Likewise an exported method writing, without the lock, a field the
	// owner writes where that hop runs code (SetMax's b.cfg.Max = n
	// beside Reconfigure's b.call(func() { fn(&b.cfg) })).
	writtenInPlace := func(key string) *ssa.Function {
		if hop == nil {
			return nil
		}
		return s.exportedWriter(key)
	}
	// A loop its callers start on a goroutine of their own (a watcher's
	// Run, a server's Serve) runs beside every other call of the value:
	// code that may run anywhere reading, without the lock, a field the
	// loop writes reads it mid-change (a Stats beside the reloads).
	keeper, onKeeper := s.callerRunLoopOf(obj)
	readBesideKeeper := func(key string) *ssa.Function {
		if keeper == nil || !s.written.unlockedOf(keeper)[key] {
			return nil
		}
		for _, fn := range pa.otherReads[key] {
			if s.written.accesses(fn).unlockedReads[key] && !onKeeper[fn] {
				return fn
			}
		}
		return nil
	}
	if off == nil && !wt.turns && !slices.ContainsFunc(slices.Collect(maps.Keys(wt.fields)), func(key string) bool {
		return offWrites(key) || grownReadOff(key) || readInPlace(key) != nil || writtenInPlace(key) != nil || readBesideKeeper(key) != nil
	}) {
		return false
	}
	writers := func(key string) string {
		if off != nil && off.fields[key] {
			return strings.Join(firstN(off.namesOf(key), 3), ", ")
		}
		return pa.writtenOff[key]
	}
	// undeclared is the field key names when it could take a directive:
	// not safe from anywhere by its type, and without one yet.
	undeclared := func(key string) *types.Var {
		field := names.FieldNamed(obj, key[strings.LastIndex(key, ".")+1:])
		if field == nil || model.ConcurrencySafe(field.Type()) || s.m.Directives(field) != nil {
			return nil
		}
		return field
	}
	free := func(key string) *types.Var {
		if locked[key] {
			return nil
		}
		return undeclared(key)
	}
	// A field code off the owner writes only with a lock held, that owner
	// code reads without one and never writes.
	lockedOnlyOff := func(key string) *types.Var {
		if !locked[key] || wt.fields[key] || pa.lockedOff[key] == "" || pa.readOn[key] == "" || pa.otherUnlocked[key] {
			return nil
		}
		return undeclared(key)
	}
	owners := func(key string) string {
		return strings.Join(firstN(slices.Sorted(slices.Values(wt.rootsOf[key])), 3), ", ")
	}
	var proposed []string
	for _, key := range slices.Sorted(maps.Keys(wt.fields)) {
		field := free(key)
		reader, read := pa.readOff[key]
		var evidence string
		switch {
		case field == nil:
		case offWrites(key):
			evidence = fmt.Sprintf("owner code (%s) and code off the owner (%s) write it without a lock; no code writes it with the lock of its %s held",
				owners(key), writers(key), obj.Name())
		case wt.turns && read:
			evidence = fmt.Sprintf("the framework's turns (%s) write it without a lock and code off the owner (%s) reads it; no code writes it with the lock of its %s held",
				owners(key), reader, obj.Name())
		case grownReadOff(key):
			evidence = fmt.Sprintf("owner code (%s) changes it without a lock turn after turn and code started off the owner (%s) reads it; no code writes it with the lock of its %s held",
				pa.grownOn[key], pa.readStarted[key], obj.Name())
		case wt.turns && !read:
			if reader, read = pa.entriesOff[key]; read {
				evidence = fmt.Sprintf("the framework's turns (%s) write it without a lock and hand its entries to %s, which starts code touching them off the owner",
					owners(key), reader)
			} else if writer := s.exportedWriter(key); writer != nil {
				// An exported method the turns call (Acknowledge from a
				// button's handler): whoever calls it elsewhere writes
				// the turns' state.
				evidence = fmt.Sprintf("the framework's turns (%s) write it without a lock, and so does %s, which other code may call off the owner; no code writes it with the lock of its %s held",
					owners(key), flow.Name(writer), obj.Name())
			}
		case readInPlace(key) != nil:
			evidence = fmt.Sprintf("owner code (%s) writes it without a lock, and %s, which other code may call off the owner, reads it in place where %s hops to the owner; no code writes it with the lock of its %s held",
				owners(key), flow.Name(readInPlace(key)), flow.Name(hop), obj.Name())
		case writtenInPlace(key) != nil:
			evidence = fmt.Sprintf("owner code (%s) writes it without a lock, and so does %s, which other code may call off the owner, in place where %s hops to the owner; no code writes it with the lock of its %s held",
				owners(key), flow.Name(writtenInPlace(key)), flow.Name(hop), obj.Name())
		case readBesideKeeper(key) != nil:
			evidence = fmt.Sprintf("%s, which its callers start on a goroutine of their own, writes it without a lock, and %s, which other code calls beside that loop, reads it; no code writes it with the lock of its %s held",
				flow.Name(keeper), flow.Name(readBesideKeeper(key)), obj.Name())
		}
		if evidence != "" {
			s.propose(proposal{obj: field, verb: directive.VerbOwner, args: wt.domainArgs(), evidence: evidence})
			proposed = append(proposed, field.Name())
		}
	}
	if len(proposed) > 0 {
		// A lock the owner's reads do not take guards nothing from them
		// (a dispatcher checking the last pickup its runners note under
		// a mutex of their own).
		tk := flow.TypeKey(obj.Type())
		for _, key := range slices.Sorted(maps.Keys(pa.lockedOff)) {
			if field := lockedOnlyOff(key); field != nil && key[:strings.LastIndex(key, ".")] == tk {
				s.propose(proposal{obj: field, verb: directive.VerbOwner, args: wt.domainArgs(), evidence: fmt.Sprintf(
					"code off the owner (%s) writes it with a lock held, and owner code (%s) reads it without taking that lock, as the owner's %s are",
					pa.lockedOff[key], pa.readOn[key], strings.Join(firstN(proposed, 3), ", "))})
			}
		}
	}
	if len(proposed) == 0 && !kept && !wt.turns || off == nil {
		return len(proposed) > 0
	}
	whose := "as the owner's " + strings.Join(firstN(proposed, 3), ", ") + " are"
	switch {
	case len(proposed) > 0:
	case kept:
		whose = "and the owner keeps the values it makes of it"
	default:
		whose = "and the framework's turns write its other fields: the framework names the owner"
	}
	for _, key := range slices.Sorted(maps.Keys(off.fields)) {
		reader, read := pa.readOutside[key]
		if !read && (wt.turns || kept) {
			reader, read = pa.readOn[key]
		}
		touch := "reads"
		if !read && wt.turns {
			if writer := s.exportedWriter(key); writer != nil {
				// A setter the app's UI calls (a seek slider's Seek):
				// whoever calls it writes beside the goroutines.
				reader, read, touch = flow.Name(writer), true, "writes"
			}
		}
		if field := free(key); field != nil && read && !wt.fields[key] {
			s.propose(proposal{obj: field, verb: directive.VerbOwner, args: wt.domainArgs(), evidence: fmt.Sprintf(
				"code off the owner (%s) writes it without a lock and %s %s it, %s", writers(key), reader, touch, whose)})
			proposed = append(proposed, field.Name())
		}
	}
	return len(proposed) > 0
}

// callerRunLoopOf returns the proposed loop of obj's type that its
// callers start (see callerRunLoops), and the code that runs on it; nil
// if none.
func (s *Suggester) callerRunLoopOf(obj *types.TypeName) (*ssa.Function, map[*ssa.Function]bool) {
	fn := s.callerRun[obj]
	if fn == nil {
		return nil, nil
	}
	return fn, s.reachable([]*ssa.Function{fn})
}

// hopOf returns a method of obj's type that hops to its owner (declared,
// proposed, or as its summary says), or nil.
func (s *Suggester) hopOf(obj *types.TypeName) *ssa.Function {
	for _, fn := range s.e.Functions() {
		decl := flow.DeclaredFunc(fn)
		if decl == nil || names.ReceiverNamed(decl) == nil || names.ReceiverNamed(decl).Obj() != obj {
			continue
		}
		if sum := s.e.SummaryOf(fn); s.says(decl, directive.VerbHop) || sum != nil && sum.Hop != (summary.Origin{}) {
			return fn
		}
	}
	return nil
}

// readsByDomain maps each owner's domain to the fields the code on it
// reads, each with a function reading it; nil with fewer than two
// domains, where no owner reads another's state.
func (s *Suggester) readsByDomain(roots []ownerRoot) map[string]map[string]string {
	fns := make(map[string][]*ssa.Function)
	for _, r := range roots {
		fns[r.domain] = append(fns[r.domain], r.fn)
	}
	if len(fns) < 2 {
		return nil
	}
	out := make(map[string]map[string]string)
	for domain, rs := range fns {
		reads := make(map[string]string)
		for _, fn := range slices.SortedFunc(maps.Keys(s.reachable(rs)), func(a, b *ssa.Function) int { return cmp.Compare(a.Pos(), b.Pos()) }) {
			for key := range s.written.accesses(fn).reads {
				if _, ok := reads[key]; !ok {
					reads[key] = flow.Name(fn)
				}
			}
		}
		out[domain] = reads
	}
	return out
}

// readsBesides is readOff with the reads of the owners of other domains
// than domains: a field another loop reads (a scheduler's cancel func, in
// the server loop's stop) is read off its owner too.
func readsBesides(readOff map[string]string, byDomain map[string]map[string]string, domains map[string]bool) map[string]string {
	out := maps.Clone(readOff)
	for _, d := range slices.Sorted(maps.Keys(byDomain)) {
		if domains[d] {
			continue
		}
		for key, reader := range byDomain[d] {
			if _, ok := out[key]; !ok {
				out[key] = reader
			}
		}
	}
	return out
}

// ownerWrites is what owner code writes of one type: the owners' domains,
// the owner code that writes it (named for evidence), and the fields.
type ownerWrites struct {
	domains map[string]bool
	roots   []string
	fields  fieldSet
	rootsOf map[string][]string // by field, the roots writing it
	turns   bool                // a framework's turns write it (see proposeOwnerFields)
	// handedOver: another package's type whose own package hands its
	// values over (HandedFact).
	handedOver bool
	// others are the roots on other owners that write it too, when the
	// type's own loop names its owner (see ownerWritesByType).
	others []string
}

// ownerWritesByType gathers, by type key, what the owner code of roots
// writes, as x finds it. A type that loops on several owners write
// belongs to the one that is its own method (a hub's run) and that
// ownLoop accepts: the others (a client's write pump deleting from the
// hub's map) touch another owner's state, which the check reports.
func ownerWritesByType(x *writeIndex, roots []ownerRoot, ownLoop func(*ssa.Function) bool) map[string]*ownerWrites {
	writing := make(map[string][]ownerRoot)
	for _, r := range roots {
		for key := range x.of(r.fn) {
			tk := key[:strings.LastIndex(key, ".")]
			if !slices.Contains(writing[tk], r) {
				writing[tk] = append(writing[tk], r)
			}
		}
	}
	byType := make(map[string]*ownerWrites)
	for tk, rs := range writing {
		wt := &ownerWrites{domains: make(map[string]bool), fields: make(fieldSet), rootsOf: make(map[string][]string)}
		byType[tk] = wt
		own, ok := ownLoopDomain(tk, rs, roots, ownLoop)
		for _, r := range rs {
			name := rootName(r.fn)
			if ok && r.domain != own {
				if !slices.Contains(wt.others, name) {
					wt.others = append(wt.others, name)
				}
				continue
			}
			wt.domains[r.domain] = true
			wt.turns = wt.turns || r.turn
			if !slices.Contains(wt.roots, name) {
				wt.roots = append(wt.roots, name)
			}
			for key := range x.of(r.fn) {
				if key[:strings.LastIndex(key, ".")] != tk {
					continue
				}
				wt.fields[key] = true
				if !slices.Contains(wt.rootsOf[key], name) {
					wt.rootsOf[key] = append(wt.rootsOf[key], name)
				}
			}
		}
	}
	return byType
}

// ownLoopDomain returns the one domain among those of the roots rs
// writing the type tk, of several, that a loop of tk itself (among all
// roots, writing or not: it may only run the code handed to it) runs on,
// one ownLoop accepts: started where a value is made (NewHub's go
// h.run()), or run by its callers (an exported Run(ctx)). A loop a method
// starts again and again on its receiver (a timer's session in Start) is
// no owner of the rest of the type.
func ownLoopDomain(tk string, rs, all []ownerRoot, ownLoop func(*ssa.Function) bool) (string, bool) {
	domains := make(map[string]bool)
	for _, r := range rs {
		domains[r.domain] = true
	}
	own := make(map[string]bool)
	for _, r := range all {
		if recv := r.fn.Signature.Recv(); r.loop && domains[r.domain] && recv != nil && flow.TypeKey(recv.Type()) == tk && ownLoop(r.fn) {
			own[r.domain] = true
		}
	}
	if len(domains) < 2 || len(own) != 1 {
		return "", false
	}
	for d := range own {
		return d, true
	}
	return "", false
}

// startedOnMade reports whether the package's go statements run the
// method fn only on values the starting function made itself.
func (x *writeIndex) startedOnMade(fn *ssa.Function) bool {
	started := false
	for _, caller := range x.e.Functions() {
		for _, g := range goStatements(caller) {
			if g.Call.StaticCallee() != fn || len(g.Call.Args) == 0 {
				continue
			}
			if _, made := g.Call.Args[0].(*ssa.Alloc); !made {
				return false
			}
			started = true
		}
	}
	return started
}

// domainArgs are the arguments of the proposed directive: the owner's
// @DOMAIN, if it has one. declineOwner has made sure there is one owner.
func (wt *ownerWrites) domainArgs() []string {
	var args []string
	for d := range wt.domains {
		if d != "" {
			args = []string{"@" + d}
		}
	}
	return args
}

// ownerEvidence tells what owner code writes of a type without a lock
// (wt), and who else writes it: only where a value is built, code off the
// owner (off), which the check will report, or code that may run anywhere
// (other), which writes no more of its fields than the owner.
func ownerEvidence(wt *ownerWrites, off, other *writers) string {
	var fields []string
	for _, key := range slices.Sorted(maps.Keys(wt.fields)) {
		fields = append(fields, key[strings.LastIndex(key, ".")+1:])
	}
	evidence := fmt.Sprintf("code on the owner (%s) writes %s without a lock", strings.Join(wt.roots, ", "),
		names.Plural(len(fields), "its field "+fields[0], fmt.Sprintf("%d of its fields (%s)", len(fields), strings.Join(fields, ", "))))
	if len(wt.others) > 0 {
		evidence += fmt.Sprintf(" on its own loop; code on another owner writes it too (%s), which the check reports", strings.Join(firstN(wt.others, 3), ", "))
	}
	offNames, otherNames := off.names(), other.names()
	switch {
	case len(offNames) == 0 && len(otherNames) == 0:
		return evidence + ", and no other code writes it but where a value is built"
	case len(otherNames) == 0:
		return evidence + fmt.Sprintf(", and besides where a value is built only code off the owner does (%s), which the check then reports",
			strings.Join(firstN(offNames, 3), ", "))
	default:
		n := len(other.fields)
		return evidence + fmt.Sprintf("; code that may run anywhere writes %s too (%s), which the check reports where it runs off the owner",
			names.Plural(n, "one of its fields", fmt.Sprintf("%d of its fields", n)), strings.Join(firstN(slices.Concat(otherNames, offNames), 3), ", "))
	}
}

// placedAccesses is what the package's code writes and reads of the
// fields of candidate types through values it was handed, by where the
// code runs.
type placedAccesses struct {
	other      writersByType              // code that may run anywhere
	otherReads map[string][]*ssa.Function // field -> the code that may run anywhere reading it
	byCallers  map[*ssa.Function]bool     // the code the package's exported functions reach
	// callerReads are the fields read by code that the package's exported
	// functions reach and that goroutines run too (an Annotate that its
	// workers call, and its creator beside a warm-up goroutine).
	callerReads fieldSet
	off         writersByType // code off the owner: the races the check will report
	// writtenOff are the fields code reached off the owner writes, also
	// where owners reach it too (a helper of the loop's that a retry
	// timer calls), but not inside a loop, each with a function writing it.
	writtenOff map[string]string
	readOff    map[string]string // field -> a reader off the owner
	// Writes by any code but set-up code: the value it writes through
	// existed before (a constructor writes through the value it makes,
	// which accesses leaves out) and it is no functional option. What only
	// set-up code writes is fixed by the time owners run; a field anything
	// else writes, even code the search does not place (a callback a
	// framework stores and calls), never gets :any.
	runningWrites fieldSet
	// otherUnlocked are the fields code that may run anywhere writes
	// where no Lock dominates, also in functions that lock elsewhere;
	// otherLocked those it writes with a lock held, which races with a
	// goroutine writing them without.
	otherUnlocked, otherLocked fieldSet
	lockedOff                  map[string]string // field -> code that may run off the owner writing it with a lock held
	unlockedReads              fieldSet          // fields some code reads where no Lock dominates
	// readOutside are the fields code reads without a lock that is not
	// off the owner and starts no goroutine (which could be set-up code
	// reading before the start), each with a function reading it.
	readOutside map[string]string
	readOn      map[string]string // fields owner code reads without a lock, each with a function reading it
	// readStarted are the fields code only started off the owner reads
	// (a reporter goroutine summing a loop's map), grownOn those owner
	// code grows without a lock (see fieldAccesses.grows); each with a
	// function doing it.
	readStarted, grownOn map[string]string
	// entriesOff are the fields whose maps or slices code hands to a
	// helper that starts code touching their entries (m.normalize(st.queue)
	// returning a command that writes them), each with that helper.
	entriesOff map[string]string
}

func newPlacedAccesses() *placedAccesses {
	return &placedAccesses{other: make(writersByType), otherReads: make(map[string][]*ssa.Function), callerReads: make(fieldSet), off: make(writersByType), writtenOff: make(map[string]string), readOff: make(map[string]string), runningWrites: make(fieldSet), otherUnlocked: make(fieldSet), otherLocked: make(fieldSet), lockedOff: make(map[string]string), unlockedReads: make(fieldSet), readOutside: make(map[string]string), readOn: make(map[string]string), readStarted: make(map[string]string), grownOn: make(map[string]string), entriesOff: make(map[string]string)}
}

// add records what fn writes and reads, as x finds it, by where fn runs:
// code reachable from owners (onOwner) or from goroutines off them
// (offOwner) runs once owners run; reached from neither, it may run
// anywhere, but functional options run where a value is built, and so
// does a turn that sets its actor up (see writeIndex.setsUp).
func (pa *placedAccesses) add(fn *ssa.Function, x *writeIndex, onOwner, offOwner, startedOnce bool) {
	acc := x.accesses(fn)
	if !x.setsUp(fn) {
		// A write under a lock leaves :any possible, and so does one
		// handling a framework's started message, which comes first.
		// Setting a value up for a goroutine (c.conn = conn; go c.recv())
		// is no evidence of an owner, but it happens again on a restart,
		// while the last goroutine may still read: no :any, unless the
		// function runs once per value (see startedOnce).
		running := maps.Clone(acc.unlockedWrites)
		if !startedOnce {
			maps.Copy(running, acc.startWrites)
		}
		for key := range running {
			if !acc.startedWrites[key] {
				pa.runningWrites[key] = true
			}
		}
	}
	if !onOwner || offOwner {
		for key := range acc.reads {
			if _, ok := pa.readOff[key]; !ok {
				pa.readOff[key] = flow.Name(fn)
			}
		}
	}
	if offOwner && !onOwner {
		pa.off.add(fn, acc.writes)
		noteFirst(pa.readStarted, acc.reads, fn)
		noteFirst(pa.readStarted, x.importedReads(fn), fn)
	}
	if onOwner && !offOwner {
		noteFirst(pa.grownOn, acc.grows, fn)
		noteFirst(pa.grownOn, x.importedGrows(fn), fn)
	}
	if !flow.FunctionalOption(fn) {
		maps.Copy(pa.unlockedReads, acc.unlockedReads)
	}
	if w := x.e.Walk(fn); !offOwner && !flow.FunctionalOption(fn) && (w == nil || len(w.Spawns) == 0) {
		for key := range acc.unlockedReads {
			if _, ok := pa.readOutside[key]; !ok {
				pa.readOutside[key] = flow.Name(fn)
			}
		}
	}
	if onOwner && !offOwner {
		for key := range acc.unlockedReads {
			if _, ok := pa.readOn[key]; !ok {
				pa.readOn[key] = flow.Name(fn)
			}
		}
	}
	if !onOwner || offOwner {
		for key := range acc.lockedWrites {
			if _, ok := pa.lockedOff[key]; !ok {
				pa.lockedOff[key] = flow.Name(fn)
			}
		}
	}
	if onOwner || offOwner || x.setsUp(fn) {
		return
	}
	pa.other.add(fn, x.withOtherPackages(fn, acc.writes))
	maps.Copy(pa.otherUnlocked, acc.unlockedWrites)
	maps.Copy(pa.otherLocked, acc.lockedWrites)
	for key := range acc.reads {
		if !acc.joinedReads[key] {
			pa.otherReads[key] = append(pa.otherReads[key], fn)
		}
	}
}

// addCallerReads records what fn, code off the owner that the package's
// exported functions reach too, reads (see callerReads).
func (pa *placedAccesses) addCallerReads(fn *ssa.Function, x *writeIndex) {
	acc := x.accesses(fn)
	for key := range acc.reads {
		if !acc.joinedReads[key] {
			pa.callerReads[key] = true
		}
	}
}

// apiFuncs are the package's exported functions and methods outside test
// files but those its code starts (started): where its callers call in.
func (s *Suggester) apiFuncs(started []*ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	for _, fn := range s.e.Functions() {
		if obj := flow.DeclaredFunc(fn); obj != nil && obj.Exported() && fn.Synthetic == "" && !slices.Contains(started, fn) && !s.inTestFile(fn.Pos()) {
			out = append(out, fn)
		}
	}
	return out
}

// noteFirst records fn as the function for each of keys that out does
// not name one for yet.
func noteFirst(out map[string]string, keys fieldSet, fn *ssa.Function) {
	for key := range keys {
		if _, ok := out[key]; !ok {
			out[key] = flow.Name(fn)
		}
	}
}

// addWrittenOff records what fn, code off the owner, writes.
func (pa *placedAccesses) addWrittenOff(fn *ssa.Function, x *writeIndex) {
	for key := range x.accesses(fn).writes {
		if _, ok := pa.writtenOff[key]; !ok {
			pa.writtenOff[key] = flow.Name(fn)
		}
	}
}

// noteEntriesOff records in out the fields whose map or slice fn hands to
// a function of the package that starts code touching the entries off the
// owner (its summary's ContentTouch.Off).
func (s *Suggester) noteEntriesOff(fn *ssa.Function, out map[string]string) {
	for call, callee := range flow.StaticCalls(fn) {
		sum := s.e.SummaryOf(callee)
		if sum == nil {
			continue
		}
		for _, ct := range sum.Contents {
			args := call.Common().Args
			if ct.Off == "" || int(ct.Source) >= len(args) {
				continue
			}
			load, ok := args[ct.Source].(*ssa.UnOp)
			if !ok || load.Op != token.MUL {
				continue
			}
			fa, ok := load.X.(*ssa.FieldAddr)
			if !ok {
				continue
			}
			named := names.DerefNamed(fa.X.Type())
			if named == nil {
				continue
			}
			key := fieldKey(named, names.DerefUnder(fa.X.Type()).(*types.Struct).Field(fa.Field).Name())
			if _, seen := out[key]; !seen {
				out[key] = flow.Name(callee)
			}
		}
	}
}

// startedOnce are the functions that run once per value as far as the
// package shows: it calls them in one place, in code that runs neither on
// an owner nor off it (placed says which does), outside loops and before
// that code starts anything off the owner, and refers to them no other way (a router's Attach, which the constructor
// calls through an interface). What they set up for the goroutines they
// start is written before any of those runs. Any other function that
// starts goroutines may run again while those of its last run still read
// what it set up (a link a loop restarts; an exported Reconnect).
func (s *Suggester) startedOnce(placed func(*ssa.Function) bool) map[*ssa.Function]bool {
	once := make(map[*ssa.Function]bool)
	again := make(map[*ssa.Function]bool)
	afterStarts := make(map[*ssa.Function]map[ssa.Instruction]bool) // by caller, see startedBefore
	note := func(caller, callee *ssa.Function, at ssa.Instruction, repeats bool) {
		if len(goStatements(callee)) == 0 {
			return // sets nothing up for goroutines (see setsUpStarted)
		}
		if repeats || once[callee] || placed(caller) || s.inTestFile(caller.Pos()) || s.startedBefore(afterStarts, caller, at) {
			again[callee] = true
		}
		once[callee] = true
	}
	for _, fn := range s.e.Functions() {
		for _, b := range fn.Blocks {
			inLoop := flow.InLoop(b)
			for _, instr := range b.Instrs {
				call, isCall := instr.(*ssa.Call)
				if isCall && call.Common().IsInvoke() {
					for _, impl := range s.e.Implementations(call.Common().Method) {
						note(fn, impl, instr, inLoop)
					}
				}
				var ops []*ssa.Value
				for i, op := range instr.Operands(ops) {
					if callee, ok := (*op).(*ssa.Function); ok {
						// A static call is operand 0; any other reference
						// (a go statement, a func value) may run it again.
						note(fn, callee, instr, inLoop || !isCall || i != 0)
					}
				}
			}
		}
	}
	for fn := range again {
		delete(once, fn)
	}
	return once
}

// startedBefore reports whether at may run after a goroutine its function
// starts (a go statement, a loop's too, or an async sink), which may
// already read what the callee then sets up; afterStarts memoizes, by
// function, what may run after its starts.
func (s *Suggester) startedBefore(afterStarts map[*ssa.Function]map[ssa.Instruction]bool, fn *ssa.Function, at ssa.Instruction) bool {
	after, ok := afterStarts[fn]
	if !ok {
		after = make(map[ssa.Instruction]bool)
		var starts []ssa.Instruction
		for _, g := range goStatements(fn) {
			starts = append(starts, g)
		}
		if w := s.e.Walk(fn); w != nil {
			for _, e := range w.Spawns {
				if e.Call != nil {
					starts = append(starts, e.Call)
				}
			}
		}
		for _, start := range starts {
			maps.Copy(after, flow.RunsAfter(start, func(ssa.Instruction) bool { return false }))
		}
		afterStarts[fn] = after
	}
	return after[at]
}

// sentTypes are the types, by key, whose values the package hands from
// one goroutine to another, which owns none of them: sent on channels
// (requests, replies, messages), or kept in a container a lock guards (a
// map of a type with a mutex, updated with the lock held: a store; a
// field of one), stored there after it was built.
// A confined value is its owner's, mutex or not: what it holds is the
// owner's too (an actor's helper, beside a table it locks for). So is a
// value that the holder of the locked container also keeps where no lock
// guards it (m.held[name] = l, beside m's locked queue of expired leases
// for it to reap): the locked container only passes it along.
func (s *Suggester) sentTypes() map[string]bool {
	guarded := func(v ssa.Value) bool {
		x, _, ok := fieldUnder(v)
		if !ok {
			return false
		}
		named := names.DerefNamed(x.Type())
		return named != nil && names.HasMutex(named) && s.m.ConfinedNamed(named) == nil
	}
	out := make(map[string]bool)
	// holding is a value stored in a field of a value of holder's type.
	type holding struct{ holder, value string }
	holdingIn := func(container, v ssa.Value) holding {
		x, _, _ := fieldUnder(container)
		return holding{typeKeyOf(x), typeKeyOf(v)}
	}
	var lockedIn []ssa.Value
	lockedHolder := make(map[ssa.Value]holding)
	keptFree := make(map[holding]bool)
	for _, fn := range s.e.Functions() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				for _, x := range flow.Sends(instr) {
					noteSent(out, x, s.pass.Pkg)
				}
				switch in := instr.(type) {
				case *ssa.MapUpdate:
					if guarded(in.Map) && underLock(in) {
						lockedIn = append(lockedIn, in.Value)
						lockedHolder[in.Value] = holdingIn(in.Map, in.Value)
					} else if _, _, ok := fieldUnder(in.Map); ok {
						keptFree[holdingIn(in.Map, in.Value)] = true
					}
				case *ssa.Store:
					// A value the function makes and stores where no lock
					// is held (p.downloads = append(p.downloads,
					// &Download{...}) in a UI handler) is the holder's; one
					// from elsewhere (h.c = newCache()) is handed to its lock.
					if guarded(in.Addr) && !builtWith(in) && !wiredIn(in) && !flow.FunctionalOption(fn) && (underLock(in) || !madeAll(in.Val)) {
						for _, v := range flow.StoredElements(in.Val) {
							lockedIn = append(lockedIn, v)
							lockedHolder[v] = holdingIn(in.Addr, v)
						}
					} else if _, ok := in.Addr.(*ssa.FieldAddr); ok && !underLock(in) {
						for _, v := range flow.StoredElements(in.Val) {
							keptFree[holdingIn(in.Addr, v)] = true
						}
					}
				}
			}
		}
	}
	for _, v := range lockedIn {
		if h := lockedHolder[v]; h.value == "" || !keptFree[h] {
			noteLocked(out, v, s.pass.Pkg)
		}
	}
	return out
}

// noteLocked records the types a value stored in a locked container
// hands over, as noteSent does for one sent. A struct stored by value is
// a copy: the store keeps its own, and hands over only what the copy
// refers to (a fake remote appending the entries it is pushed, while a
// vault keeps pointers to its own).
func noteLocked(sent map[string]bool, v ssa.Value, pkg *types.Package) {
	noteHanded(sent, v, pkg, true)
}

// madeAll reports whether every element stored is a value the function
// allocated itself.
func madeAll(stored ssa.Value) bool {
	return allStored(stored, func(v ssa.Value) bool { _, made := v.(*ssa.Alloc); return made })
}

// typeKeyOf is the key of the named type v is, or points to, or "".
func typeKeyOf(v ssa.Value) string {
	if named := names.DerefNamed(v.Type()); named != nil {
		return flow.TypeKey(named)
	}
	return ""
}

// builtWith reports whether store puts values its function allocates
// into a field of a struct the function allocates too: a helper built with
// its holder (an actor's journal, in the actor's composite literal), or
// rows it appends there as it builds it (b.rows = append(b.rows,
// Row{...})), are the holder's, not kept in a container a lock guards. A
// value from elsewhere (a constructor's result) stored so still is.
func builtWith(store *ssa.Store) bool {
	return storedInMade(store, func(v ssa.Value) bool {
		if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
			v = load.X // a struct value built in a local
		}
		_, made := v.(*ssa.Alloc)
		return made
	})
}

// wiredIn reports whether store puts what its function was handed into a
// field of a struct the function allocates (NewAdmin(srv) building
// &Admin{srv: srv}): the caller keeps its own reference, so the value is
// shared with the new one, not handed to its lock.
func wiredIn(store *ssa.Store) bool {
	return storedInMade(store, func(v ssa.Value) bool {
		_, param := v.(*ssa.Parameter)
		return param
	})
}

// storedInMade reports whether store puts into a field of a struct its
// function allocates only values part accepts, and some.
func storedInMade(store *ssa.Store, part func(ssa.Value) bool) bool {
	x, _, ok := fieldUnder(store.Addr)
	if _, holder := x.(*ssa.Alloc); !ok || !holder {
		return false
	}
	return allStored(store.Val, part)
}

// allStored reports whether stored holds elements (see
// flow.StoredElements), all of which part accepts.
func allStored(stored ssa.Value, part func(ssa.Value) bool) bool {
	parts := flow.StoredElements(stored)
	return len(parts) > 0 && !slices.ContainsFunc(parts, func(v ssa.Value) bool { return !part(v) })
}

// noteSent records the type of a value sent on a channel, and the types
// it carries (an RPC embedding the wire message and its parts): they go
// with it. Through pointers, other packages' types count as cargo
// (generated messages), and the package's own plain data (a job); its
// types with methods are references (a request's *Server).
func noteSent(sent map[string]bool, x ssa.Value, pkg *types.Package) {
	noteHanded(sent, x, pkg, false)
}

// noteHanded is noteSent, and, when partsOnly, for a struct value only
// what it refers to (see noteLocked).
func noteHanded(sent map[string]bool, x ssa.Value, pkg *types.Package, partsOnly bool) {
	x = flow.Unboxed(x)
	if _, null := x.(*ssa.Const); null || copiedOut(x, 0) || keptBySender(x) || rowsOfCopies(x) {
		return // nil carries nothing
	}
	_, named := types.Unalias(x.Type()).(*types.Named)
	if st, isStruct := x.Type().Underlying().(*types.Struct); partsOnly && named && isStruct {
		for f := range st.Fields() {
			noteSentType(sent, f.Type(), pkg, false, 1, nil)
		}
		return
	}
	noteSentType(sent, x.Type(), pkg, false, 0, copiedFields(x))
}

// returnsKept reports whether v, a helper's result, is kept by the helper's
// state: loaded from it (see kept), or stored there (a.series[name] = h),
// on every way it comes.
func returnsKept(v ssa.Value, seen map[ssa.Value]bool) bool {
	if phi, ok := v.(*ssa.Phi); ok {
		if seen[phi] {
			return true
		}
		seen[phi] = true
		return !slices.ContainsFunc(phi.Edges, func(e ssa.Value) bool { return !returnsKept(e, seen) })
	}
	return storedInField(v) || kept(v, seen)
}

// storedInField reports whether v is put in a map or slice held in a
// field, or in a field (a.series[name] = h): state keeps it.
func storedInField(v ssa.Value) bool {
	for _, ref := range flow.Referrers(v) {
		switch r := ref.(type) {
		case *ssa.MapUpdate:
			if _, _, ok := fieldUnder(r.Map); ok && r.Value == v {
				return true
			}
		case *ssa.Store:
			if _, ok := r.Addr.(*ssa.FieldAddr); ok && r.Val == v {
				return true
			}
		}
	}
	return false
}

// copiedFields are the fields of a message built in a local variable
// that hold copies of values kept by pointer elsewhere (getResp{s: *s,
// ok: true}, a loop answering with a copy of a session it keeps): the
// copy goes, the value stays, so the field's type is no cargo. A copy of
// a value embedded in a field (Envelope{Header: r.hdr}) is: the type is
// a message's part, which the package copies into what it sends.
func copiedFields(x ssa.Value) map[int]bool {
	load, ok := x.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	alloc, ok := load.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	out := make(map[int]bool)
	for _, ref := range *alloc.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		for _, use := range *fa.Referrers() {
			if st, ok := use.(*ssa.Store); ok && st.Addr == fa && copiedOut(st.Val, 0) && !embedded(st.Val) {
				out[fa.Field] = true
			}
		}
	}
	return out
}

// keptBySender reports whether x, a pointer, is loaded from a map, a
// field or a field's slice that keeps it (reply <- s.sessions[id]): the sender still reaches
// the value, which it shares with the receiver rather than hands over; or
// whether it points to a copy of such a value, which goes while the value
// stays. So is what a helper of the package returns that is all such
// values, or values it stores there (reply <- a.get(name), with get
// making the entry when it is missing).
func keptBySender(x ssa.Value) bool {
	return kept(x, make(map[ssa.Value]bool))
}

func kept(x ssa.Value, seen map[ssa.Value]bool) bool {
	if _, ok := x.Type().Underlying().(*types.Pointer); !ok || seen[x] {
		return false
	}
	seen[x] = true
	if e, ok := x.(*ssa.Extract); ok && e.Index == 0 { // v, ok := m[k]
		x = e.Tuple
	}
	switch x := x.(type) {
	case *ssa.Call:
		callee := x.Call.StaticCallee()
		if callee == nil || callee.Blocks == nil || callee.Signature.Results().Len() != 1 {
			return false
		}
		returned := false
		for _, b := range callee.Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
				if !returnsKept(ret.Results[0], seen) {
					return false
				}
				returned = true
			}
		}
		return returned
	case *ssa.Lookup:
		_, _, ok := fieldUnder(x.X)
		return ok
	case *ssa.UnOp: // a field, or an element of a field's slice (s.jobs[i])
		_, _, ok := fieldUnder(x.X)
		return x.Op == token.MUL && ok
	case *ssa.Alloc: // cp := *sess; reply <- &cp: a copy goes, sess stays
		stored := flow.StoredValues(x)
		return len(stored) > 0 && !slices.ContainsFunc(stored, func(v ssa.Value) bool { return !copiedOut(v, 0) })
	}
	return false
}

// rowsOfCopies reports whether x is a slice or array the function made of
// a struct's plain values (rows = append(rows, *st), sent as []Stat): the
// copies go, the values kept behind pointers stay.
func rowsOfCopies(x ssa.Value) bool {
	elem := names.HeldStruct(x.Type())
	_, _, kept := fieldUnder(x)
	return elem != nil && !names.SharesMemory(elem) && !kept
}

// embedded reports whether v is loaded from a field's address.
func embedded(v ssa.Value) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok {
		return false
	}
	_, field := load.X.(*ssa.FieldAddr)
	return field
}

// copiedOut reports whether the struct value x is a copy of one kept
// elsewhere, loaded through a pointer (a loop answering with `*l`, or
// the zero value when it has none): the copy goes, the value stays its
// owner's. A message built to be sent is loaded from a local variable.
func copiedOut(x ssa.Value, depth int) bool {
	if _, isStruct := x.Type().Underlying().(*types.Struct); !isStruct || depth > maxCarried {
		return false
	}
	switch x := x.(type) {
	case *ssa.UnOp:
		_, local := x.X.(*ssa.Alloc)
		return x.Op == token.MUL && !local
	case *ssa.Phi:
		copied := false
		for _, e := range x.Edges {
			if _, zero := e.(*ssa.Const); zero {
				continue
			}
			if !copiedOut(e, depth+1) {
				return false
			}
			copied = true
		}
		return copied
	}
	return false
}

// plainData reports whether named is a struct with no methods: through a
// pointer, the package's own such values are cargo (a job a run carries
// to the workers), where one with methods is a reference (a request's
// *Server).
func plainData(named *types.Named) bool {
	_, isStruct := named.Underlying().(*types.Struct)
	return isStruct && types.NewMethodSet(types.NewPointer(named)).Len() == 0
}

// maxCarried bounds how deep noteSentType looks into what is sent.
const maxCarried = 4

func noteSentType(sent map[string]bool, t types.Type, pkg *types.Package, byRef bool, depth int, copied map[int]bool) {
	for {
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t, byRef = u.Elem(), true
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		case *types.Array:
			t = u.Elem()
			continue
		}
		break
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || (byRef && depth > 0 && named.Obj().Pkg() == pkg && !plainData(named)) {
		return
	}
	key := named.Obj().Pkg().Path() + "." + named.Obj().Name()
	if sent[key] || depth > maxCarried {
		return
	}
	sent[key] = true
	if st, ok := named.Underlying().(*types.Struct); ok {
		for i := range st.NumFields() {
			if !copied[i] {
				noteSentType(sent, st.Field(i).Type(), pkg, byRef, depth+1, nil)
			}
		}
	}
}

// proposeAnyFields proposes :any on the fields of the proposed owner obj
// that only set-up code, code holding a lock, or the func of a sync.Once
// whose Do every read follows (orderedByOnce) writes (see runningWrites),
// and that code off the owner reads (readOff) or writes with the lock
// held. A field that shares its line (`cfg, n int`) with
// one that must stay confined gets none: the directive would free both.
func (s *Suggester) proposeAnyFields(obj *types.TypeName, pa *placedAccesses, readOff map[string]string) {
	named := obj.Type().(*types.Named)
	propose := s.propose
	if s.inTestFile(obj.Pos()) {
		if !turnsOwned(s.m, obj) {
			return
		}
		propose = s.record // a test's own type, which only framework turns confine
	}
	st := named.Underlying().(*types.Struct)
	evidence := make(map[*types.Var]string)
	var candidates []*types.Var
	for f := range st.Fields() {
		key := fieldKey(named, f.Name())
		reader, read := readOff[key]
		writer, lockedOff := pa.lockedOff[key]
		once := s.written.orderedByOnce()[key]
		if pa.runningWrites[key] && !once || !read && !lockedOff || model.ConcurrencySafe(f.Type()) {
			continue
		}
		writes := "only code building a " + obj.Name() + " writes it"
		switch {
		case once:
			writes = "only the func a sync.Once runs writes it, and every read follows that once's Do"
		case s.written.writtenAfterSetUp()[key]:
			if lockedOff && pa.unlockedReads[key] && !s.lockedBlock(key) {
				// Code off the owner writes it with the lock held, and
				// a read without the lock races with that write, also
				// where code off the owner reads it under the lock too;
				// but a block with its own lock is read only to lock it.
				continue
			}
			writes = "code writes it only with a lock held"
		}
		off := reader + " reads it off the owner"
		if !read {
			off = writer + " writes it off the owner, with the lock held"
		}
		evidence[f] = writes + ", and " + off
		candidates = append(candidates, f)
	}
	for _, f := range candidates {
		mates := fix.LineMates(s.pass.Fset, st, f)
		if i := slices.IndexFunc(mates, func(mate *types.Var) bool {
			return evidence[mate] == "" && !model.ConcurrencySafe(mate.Type())
		}); i >= 0 {
			s.declined.add(f, directive.VerbAny, evidence[f]+", but it shares its line with "+mates[i].Name()+
				", which must stay confined: give it a line of its own to mark it")
			continue
		}
		propose(proposal{obj: f, verb: directive.VerbAny, evidence: evidence[f]})
	}
}

// typeObject resolves a type key, "pkgpath.T", to a type of the main
// module in view, or nil.
// lockedBlock reports whether the field key names (a fieldSet key) is a
// struct holding a mutex of its own: a counter block with its lock.
func (s *Suggester) lockedBlock(key string) bool {
	i := strings.LastIndex(key, ".")
	obj := s.typeObject(key[:i])
	if obj == nil {
		return false
	}
	st, ok := obj.Type().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if f.Name() == key[i+1:] {
			return names.HasMutex(f.Type())
		}
	}
	return false
}

func (s *Suggester) typeObject(key string) *types.TypeName {
	i := strings.LastIndex(key, ".")
	path, name := key[:i], key[i+1:]
	pkg := s.pass.Pkg
	if !inModule(s.pass, path) {
		return nil
	}
	if path != pkg.Path() {
		pkg = names.PackagesInView(s.pass.Pkg)[path]
	}
	if pkg == nil {
		return nil
	}
	obj, _ := pkg.Scope().Lookup(name).(*types.TypeName)
	return obj
}

// proposeInferredSinks proposes //confined:async, //confined:sync and
// //confined:hop on the package's exported functions whose summaries send
// a func parameter off the owner, run it on a goroutine they wait for, or
// send it to the owner: inferred sinks work without, but importers read
// the directive, and so do reviewers. An interface method is async where an
// implementation of the package is.
func (s *Suggester) proposeInferredSinks() {
	s.proposeInterfaceSinks()
	for _, fn := range s.e.Functions() {
		obj := flow.DeclaredFunc(fn)
		w := s.e.Walk(fn)
		if obj == nil || !obj.Exported() || w == nil || s.inTestFile(fn.Pos()) {
			continue
		}
		k := s.m.Contract(obj)
		sinkParams := func(o summary.Origin) []string {
			var params []string
			for i, p := range fn.Params {
				if names.IsFuncTyped(p.Type()) && o.Has(summary.ParamSource(i)) && !slices.ContainsFunc([][]int{k.Hop, k.Async, k.Sync, k.Inherit}, func(ps []int) bool { return slices.Contains(ps, i) }) {
					params = append(params, p.Name())
				}
			}
			return params
		}
		if params := sinkParams(w.Sum.Async.Without(w.Sum.Joined)); len(params) > 0 {
			s.propose(proposal{obj: obj, verb: directive.VerbAsync, args: params, evidence: fmt.Sprintf(
				"it hands %s to a goroutine or an async sink, which runs %s off the owner", strings.Join(params, ", "), names.Pronoun(len(params)))})
		}
		if params := sinkParams(w.Sum.Joined); len(params) > 0 {
			// Neither verb says it: async would report what the callers'
			// funcs read while the callers wait, sync would hide what the
			// calls write beside each other. The summary says both.
			s.declined.add(obj, directive.VerbAsync, fmt.Sprintf(
				"it runs %s on goroutines beside each other and waits for all of them before it returns (a fan-out): the check reads that from its body, and reports what the calls write beside each other",
				strings.Join(params, ", ")))
		}
		if params := sinkParams(w.Sum.Waited); len(params) > 0 && w.Sum.Handle {
			// A caller waiting on the result right away runs them while
			// it waits; the check tells the callers apart.
			s.propose(proposal{obj: obj, verb: directive.VerbAsync, args: params, evidence: fmt.Sprintf(
				"it runs %s on a goroutine that what it returns joins, which its callers may wait on later or never", strings.Join(params, ", "))})
		} else if len(params) > 0 {
			s.propose(proposal{obj: obj, verb: directive.VerbSync, args: params, evidence: fmt.Sprintf(
				"it runs %s on a goroutine it waits for, so %s runs while its caller waits", strings.Join(params, ", "), names.Pronoun(len(params)))})
		}
		if params := sinkParams(w.Sum.Hop); len(params) > 0 {
			var args []string
			if w.Sum.HopTo != "" {
				args = []string{"@" + w.Sum.HopTo}
			}
			s.propose(proposal{obj: obj, verb: directive.VerbHop, args: append(args, params...), evidence: fmt.Sprintf(
				"it hands %s to a hop, which runs %s on the owner", strings.Join(params, ", "), names.Pronoun(len(params)))})
		}
	}
}

// proposeInterfaceSinks proposes //confined:async on the methods of the
// package's interfaces whose func parameter an implementation of the
// package sends off the owner (a Timer's Schedule, for the SerialTimer's).
func (s *Suggester) proposeInterfaceSinks() {
	for tn, m := range names.InterfaceMethods(s.pass.Pkg) {
		if s.inTestFile(tn.Pos()) {
			continue
		}
		sig := m.Signature()
		for i := range sig.Params().Len() {
			arg := names.ArgIndex(sig, i)
			if !names.IsFuncTyped(sig.Params().At(i).Type()) || slices.Contains(s.m.Contract(m).Async, arg) {
				continue
			}
			impl := ""
			for _, fn := range s.e.Implementations(m) {
				if sum := s.e.SummaryOf(fn); sum != nil && sum.Async.Has(summary.ParamSource(arg)) {
					impl = flow.Name(fn)
					break
				}
			}
			if impl == "" {
				impl = s.importedAsyncImpl(tn, m, arg)
			}
			if impl != "" {
				s.propose(proposal{obj: m, verb: directive.VerbAsync, args: []string{sig.Params().At(i).Name()}, evidence: fmt.Sprintf(
					"its implementation %s runs %s off the owner", impl, sig.Params().At(i).Name())})
			}
		}
	}
}

// importedAsyncImpl names the method of a type of a package this one
// imports that implements m, the method of the interface tn, and whose
// contract says argument arg runs off the owner (a fleet's OnEvent, behind
// the queue's own EventSource, which the code wiring them converts in a
// third package); "" when none does.
func (s *Suggester) importedAsyncImpl(tn *types.TypeName, m *types.Func, arg int) string {
	iface, ok := tn.Type().Underlying().(*types.Interface)
	if !ok {
		return ""
	}
	for _, pkg := range s.pass.Pkg.Imports() {
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			named, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || !named.Exported() || named.IsAlias() || types.IsInterface(named.Type()) {
				continue
			}
			ptr := types.NewPointer(named.Type())
			if !types.Implements(ptr, iface) {
				continue
			}
			obj, _, _ := types.LookupFieldOrMethod(ptr, true, m.Pkg(), m.Name())
			if fn, ok := obj.(*types.Func); ok && slices.Contains(s.m.Contract(fn).Async, arg) {
				return names.FuncName(fn)
			}
		}
	}
	return ""
}

// writers are the functions that write a type's fields, and those fields.
type writers struct {
	fns    []string
	fields fieldSet
	of     map[string][]string // by field, the functions writing it
}

// names are the writers' names, sorted, each once.
func (w *writers) names() []string {
	if w == nil {
		return nil
	}
	return slices.Compact(slices.Sorted(slices.Values(w.fns)))
}

// namesOf are the names of the writers of the field key, sorted, each once.
func (w *writers) namesOf(key string) []string {
	return slices.Compact(slices.Sorted(slices.Values(w.of[key])))
}

// writersByType are the writers of each type, by type key.
type writersByType map[string]*writers

// add records that fn writes the fields keys.
func (wt writersByType) add(fn *ssa.Function, keys fieldSet) {
	for key := range keys {
		tk := key[:strings.LastIndex(key, ".")]
		w := wt[tk]
		if w == nil {
			w = &writers{fields: make(fieldSet), of: make(map[string][]string)}
			wt[tk] = w
		}
		w.fns = append(w.fns, flow.Name(fn))
		w.fields[key] = true
		w.of[key] = append(w.of[key], flow.Name(fn))
	}
}

// firstN returns the first n of names, and how many more there are.
func firstN(list []string, n int) []string {
	if len(list) <= n {
		return list
	}
	return append(slices.Clone(list[:n]), fmt.Sprintf("%d more", len(list)-n))
}

// A HandedFact marks an exported type whose own package hands its values
// over (see sentTypes) while owner code there writes them: an importer's
// loop writing one too does not make it that loop's (a spool its
// inventory's loop writes, which a fleet's loop writes once the inventory
// sends it over, is neither's alone).
type HandedFact struct{}

func (*HandedFact) AFact() {}

func (*HandedFact) String() string { return "handed over" }

// shareHanded exports a HandedFact for each exported type of the package
// that owner code writes and the package hands over, and marks the types
// of other packages whose package exported one.
func (s *Suggester) shareHanded(byType map[string]*ownerWrites, handedAway func(string, map[string]bool) bool) {
	for _, tk := range slices.Sorted(maps.Keys(byType)) {
		wt := byType[tk]
		obj := s.typeObject(tk)
		switch {
		case obj == nil:
		case obj.Pkg() != s.pass.Pkg:
			wt.handedOver = s.pass.ImportObjectFact(obj, new(HandedFact))
		case obj.Exported() && handedAway(tk, wt.domains):
			s.pass.ExportObjectFact(obj, new(HandedFact))
		}
	}
}

// declineOwner says why a type that owner code writes is not proposed as
// owned, or "": several owners write it, code that may run anywhere writes
// more of its fields than its owner, or the package hands its values over.
// The owner must be the main writer: code of unknown placement (a handler,
// a method called from goroutines) may write the type too, but not more of
// its fields.
func declineOwner(domains map[string]bool, ownerFields int, other *writers, sent bool) string {
	switch {
	case len(domains) > 1:
		var ds []string
		for _, d := range slices.Sorted(maps.Keys(domains)) {
			ds = append(ds, names.DomainName(d))
		}
		return "code on several owners writes it (" + strings.Join(ds, ", ") + "): name the one it belongs to"
	case other != nil && len(other.fields) > ownerFields:
		return fmt.Sprintf("code that may run anywhere (%s) writes more of its fields (%d) than its owner does (%d): the owner is not its main writer",
			strings.Join(firstN(other.names(), 3), ", "), len(other.fields), ownerFields)
	case sent:
		return "the package hands its values over (sends them on a channel, carries them in what it sends, or keeps them in a store under a lock): they are not one owner's"
	}
	return ""
}

// pointedTo are the named types of the package that some code points to:
// a pointer to one is declared or used (&T{}, *T in a signature), or one
// has a pointer method. Values of the others are only ever copied.
func (s *Suggester) pointedTo() map[*types.TypeName]bool {
	s.indexHolders()
	return s.holders.pointed
}

// heldAsElements are the named types of the package whose values some
// slice, array or map holds: a loop writing l.episodes[i].bytes writes
// the element's field, which -suggest proposes the element type for.
func (s *Suggester) heldAsElements() map[*types.TypeName]bool {
	s.indexHolders()
	return s.holders.elements
}

// indexHolders fills s.holders from the package's types, once.
func (s *Suggester) indexHolders() {
	if s.holders != nil {
		return
	}
	s.holders = &holders{pointed: make(map[*types.TypeName]bool), elements: make(map[*types.TypeName]bool)}
	note := func(t types.Type) {
		var elem types.Type
		into := s.holders.elements
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			elem, into = u.Elem(), s.holders.pointed
		case *types.Slice:
			elem = u.Elem()
		case *types.Array:
			elem = u.Elem()
		case *types.Map:
			elem = u.Elem()
		}
		if named, ok := types.Unalias(elem).(*types.Named); ok {
			into[named.Origin().Obj()] = true
		}
	}
	for _, tv := range s.pass.TypesInfo.Types {
		note(tv.Type)
	}
	for _, obj := range s.pass.TypesInfo.Defs {
		if obj != nil {
			note(obj.Type())
			if fn, ok := obj.(*types.Func); ok && fn.Signature().Recv() != nil {
				note(fn.Signature().Recv().Type())
			}
		}
	}
}

// plainValue reports whether a value of type t shares nothing with its
// copies: a struct of basic values and such structs (preferences of
// flags and numbers), no map, slice, pointer, channel, func or
// interface, and no array of those.
func plainValue(t types.Type, depth int) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return true
	case *types.Struct:
		if depth > maxCarried {
			return false
		}
		for f := range u.Fields() {
			if !plainValue(f.Type(), depth+1) {
				return false
			}
		}
		return true
	case *types.Array:
		return plainValue(u.Elem(), depth+1)
	}
	return false
}

// testAccesses places, for a test's own types, what code started anywhere
// (a harness's turn starting m.Run on a goroutine) reads, and takes every
// write through a value the writer did not make as running: the
// production placement leaves test code out.
func (s *Suggester) testAccesses() *placedAccesses {
	pa := newPlacedAccesses()
	var started []*ssa.Function
	for _, fn := range s.e.Functions() {
		if w := s.e.Walk(fn); w != nil {
			for _, sp := range w.Spawns {
				for _, t := range sp.Targets {
					started = append(started, t.Fn)
				}
			}
		}
	}
	for fn := range s.reachable(started) {
		for key := range s.written.accesses(fn).reads {
			if _, ok := pa.readOff[key]; !ok {
				pa.readOff[key] = flow.Name(fn)
			}
		}
	}
	// Every write through a value the writer did not make is running, by
	// the check's write model itself (a pointer method called on the
	// field, state.behavior.Become(...), writes it): a harness's turn
	// counting its tries is no set-up.
	for _, fn := range s.e.Functions() {
		originOf := s.e.ValueOrigins(fn)
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				x, index, write, ok := walk.FieldTouch(instr, nil)
				if !ok || !write || !walk.Rewrites(originOf, x) {
					continue
				}
				if named := names.DerefNamed(x.Type()); named != nil && names.IsStruct(named) && index < named.Underlying().(*types.Struct).NumFields() {
					pa.runningWrites[fieldKey(named, named.Underlying().(*types.Struct).Field(index).Name())] = true
				}
			}
		}
	}
	return pa
}

// turnsOwned reports whether a framework's turns own tn's values (a
// test's harness implementing the game loop's interface): no directive of
// the user's confines it, so its test file may take the :any it needs.
func turnsOwned(m *model.Model, tn *types.TypeName) bool {
	named, ok := tn.Type().(*types.Named)
	if !ok {
		return false
	}
	_, owned := m.Turns.Owner(named)
	return owned && m.Directives(tn) == nil
}

// confinedByHand lists the struct types of pkg a directive, or a turn
// they implement, confines, outside test files (and a test's own types
// that only turns confine), but for those -suggest proposed itself
// (proposed owners get their :any fields with the proposal).
func confinedByHand(pkg *types.Package, m *model.Model, inTestFile func(token.Pos) bool, proposals []proposal) []*types.TypeName {
	var out []*types.TypeName
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || inTestFile(tn.Pos()) && !turnsOwned(m, tn) {
			continue
		}
		if _, isStruct := tn.Type().Underlying().(*types.Struct); !isStruct {
			continue
		}
		proposed := slices.ContainsFunc(proposals, func(p proposal) bool { return p.obj == tn && p.verb == directive.VerbOwner })
		if m.ConfinedNamed(tn.Type()) != nil && !proposed {
			out = append(out, tn)
		}
	}
	return out
}
