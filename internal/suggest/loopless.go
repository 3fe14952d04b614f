package suggest

// This file proposes owners where no loop runs: the code that creates a
// value owns it, and the goroutines its methods start are what the check
// reports.

import (
	"fmt"
	"go/token"
	"go/types"
	"iter"
	"maps"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/ssa"
)

// proposeLooplessOwners proposes //confined:owner on the package's types
// that no owner code writes but that code off the owner writes without a
// lock while the code that creates and calls them (code that may run
// anywhere: no loop, no goroutine) reads or writes the same fields, or
// another goroutine (or the same one started again) writes them too: with
// no loop, that code is the owner, and the goroutines its methods start
// (wg.Go, errgroup, a go statement) are what the check reports. Code it
// joins races only with what the starter does before the join. The
// members that stay free get :any: those only set-up code writes, and
// those only locking code writes; where a goroutine keeps a field to
// itself, only the shared fields are proposed, one by one.
func (s *Suggester) proposeLooplessOwners(byType map[string]*ownerWrites, roots []ownerRoot, spawned *spawnedCode, pa *placedAccesses, sent map[string]bool) {
	// Without a loop, the code that creates a value owns it; where loops
	// run, which of them a value the goroutines write belongs to is not
	// for -suggest to guess (several owners race through it, or none).
	domains := s.m.LoopDomainsInView()
	for _, d := range s.loops {
		domains[d] = true
	}
	loopsAround := len(domains) > 0
	// What owner code reads, by field: a loop serving what goroutines
	// write owns it.
	ownerReads := make(map[string]*ownerWrites)
	for _, r := range roots {
		reads := s.written.accesses(r.fn).reads
		if _, loop := s.loops[r.fn]; loop || r.turn {
			// A loop's turns read through what they call (a frame
			// handler laying out), and so do the callbacks a
			// framework's hop runs on its loop (a button's handler
			// refreshing a status line); a hop's callback the package
			// posts may be handed a value built off the owner to add (a
			// candidate gathered by a goroutine, then handed over),
			// which is no sharing.
			reads = maps.Clone(s.written.readsOf(r.fn))
			if loop {
				maps.Copy(reads, s.written.loopStateReads(r.fn))
			}
		}
		for key := range reads {
			w := ownerReads[key]
			if w == nil {
				w = &ownerWrites{domains: make(map[string]bool)}
				ownerReads[key] = w
			}
			w.domains[r.domain] = true
			if name := rootName(r.fn); !slices.Contains(w.roots, name) {
				w.roots = append(w.roots, name)
			}
		}
	}
	t := s.goroutineTouches(spawned, pa)
	offByType, readShared, readers := t.byType, t.readShared, t.readers
	typeKeys := slices.Collect(maps.Keys(offByType))
	for tk := range readShared {
		if offByType[tk] == nil {
			typeKeys = append(typeKeys, tk)
		}
	}
	slices.Sort(typeKeys)
	for _, tk := range typeKeys {
		if byType[tk] != nil {
			continue // a loop's: proposed or declined above
		}
		obj := s.typeObject(tk)
		if obj == nil || s.m.ConfinedNamed(obj.Type()) != nil {
			continue
		}
		if obj.Pkg() != s.pass.Pkg && names.HasMutex(obj.Type().(*types.Named)) {
			// Which of its fields the lock guards only its package can
			// tell, and :any is for it to propose.
			s.declined.add(obj, directive.VerbOwner, "code off the owner writes it without a lock, but it has a mutex and is another package's: which of its fields the lock guards is for its author to say")
			continue
		}
		if sent[tk] {
			s.declined.add(obj, directive.VerbOwner, "code off the owner writes it, but the package hands its values over (sends them on a channel, carries them in what it sends, or keeps them in a store under a lock): they are not one owner's")
			continue
		}
		off, other := offByType[tk], pa.other[tk]
		offFields, offNames := fieldSet{}, readers[tk]
		if off != nil {
			offFields, offNames = off.fields, append(off.names(), offNames...)
		}
		offNames = slices.Compact(slices.Sorted(slices.Values(offNames)))
		var shared []string
		usedByCallers := false
		owner := &ownerWrites{domains: make(map[string]bool)}
		onceOnly := false
		partsOnly := true // every shared field is shared by an iteration's goroutines
		for key := range union(offFields, readShared[tk]) {
			if s.written.orderedByOnce()[key] {
				onceOnly = true
				continue // loaded once, read after the once by all
			}
			// A goroutine nobody waits for runs beside whatever else
			// touches the field, its starter's next call included (a send
			// that starts a redial where it reads the connection).
			byCallers := t.windowed[key] || t.unjoined[key] && (readShared[tk][key] || len(pa.otherReads[key]) > 0 || pa.callerReads[key] || other != nil && other.fields[key] || pa.otherLocked[key])
			if r := ownerReads[key]; r != nil {
				maps.Copy(owner.domains, r.domains)
				owner.roots = append(owner.roots, r.roots...)
				byCallers = true
			}
			byParts := t.sharedByParts(key)
			if byCallers || t.writers[key] > 1 || byParts {
				shared = append(shared, key[strings.LastIndex(key, ".")+1:])
			}
			usedByCallers = usedByCallers || byCallers
			partsOnly = partsOnly && !byCallers && t.writers[key] <= 1
		}
		if len(owner.domains) > 1 {
			s.declined.add(obj, directive.VerbOwner, "code off the owner writes it, and code on several owners reads it: name the one it belongs to")
			continue
		}

		if len(owner.roots) == 0 && obj.Pkg() != s.pass.Pkg {
			// What another package's functions write, this package sees
			// without the values' origins (a candidate each request
			// parses for itself): only a loop reading it is evidence.
			s.declined.add(obj, directive.VerbOwner, "code off the owner writes it, but it is another package's and no loop or framework turn of this one reads it")
			continue
		}
		if len(owner.roots) == 0 && len(shared) > 0 && loopsAround && slices.ContainsFunc(shared, func(name string) bool { return !t.spawnerFills[tk+"."+name] }) {
			s.declined.add(obj, directive.VerbOwner, "code off the owner writes it and no loop touches it, but the program has loops: "+
				"the owner would be none of them, or one -suggest cannot tell (say which it belongs to)")
			continue
		}
		if len(shared) == 0 {
			why := "one goroutine writes it, and no other code uses the fields it writes: nothing races with it"
			if onceOnly {
				why = "its goroutines write it only in what a sync.Once runs, and every other reader calls Do first: the once orders them"
			}
			s.declined.add(obj, directive.VerbOwner, why)
			continue
		}
		slices.Sort(shared)
		also := "and another goroutine, or the same started again, writes it too"
		switch {
		case len(owner.roots) > 0:
			slices.Sort(owner.roots)
			also = "while code on the owner (" + strings.Join(firstN(slices.Compact(owner.roots), 3), ", ") + ") reads it"
		case usedByCallers:
			also = "and the code that creates and calls the value uses it too"
			if other != nil {
				also += " (" + strings.Join(firstN(other.names(), 3), ", ") + ")"
			}
		case partsOnly:
			also = "and other code off the owner that the same iteration hands the value to touches it too"
		}
		whose := "with no loop, that code is the owner"
		if len(owner.roots) > 0 {
			whose = "it is that owner's"
		}
		// The type is confined, with :any for what stays free (set up,
		// locked); but where a goroutine keeps a field to itself (a sum
		// only it adds to, a slot only it writes), confining the type
		// would report that field: then only the shared fields are.
		// A type with a mutex that a loop reads is, as one a loop
		// writes (see proposeOwnerFields), the loop's field by field:
		// what its lock guards beside it is its author's to say.
		oneByOne := len(owner.roots) > 0 && names.HasMutex(obj.Type().(*types.Named))
		if !oneByOne && !keepsOwn(union(s.kept(obj, offFields, t.reads[tk]), t.slots[tk]), shared) {
			s.propose(proposal{obj: obj, verb: directive.VerbOwner, args: owner.domainArgs(), evidence: fmt.Sprintf(
				"code off the owner (%s) touches %s without a lock, %s: %s, and the check reports the goroutines",
				strings.Join(firstN(offNames, 3), ", "), names.Plural(len(shared), "its field "+shared[0], "its fields "+strings.Join(shared, ", ")), also, whose)})
			if obj.Pkg() == s.pass.Pkg { // set-up of another package's type is for its package to tell
				s.proposeAnyFields(obj, pa, pa.readOff)
			}
			continue
		}
		for _, name := range shared {
			field := names.FieldNamed(obj, name)
			if field == nil || s.m.Directives(field) != nil {
				continue
			}
			touch, who := "writes it without a lock", offNames
			switch key := tk + "." + name; {
			case !offFields[key] && pa.lockedOff[key] != "":
				touch = "writes it with a lock held (" + pa.lockedOff[key] + ") that the owner's code does not take"
			case !offFields[key]:
				touch = "reads it"
			}
			if offFields[tk+"."+name] && len(off.of[tk+"."+name]) > 0 {
				who = slices.Compact(slices.Sorted(slices.Values(off.of[tk+"."+name])))
			}
			s.propose(proposal{obj: field, verb: directive.VerbOwner, args: owner.domainArgs(), evidence: fmt.Sprintf(
				"code off the owner (%s) %s, %s: %s, and the check reports the goroutines",
				strings.Join(firstN(who, 3), ", "), touch, also, whose)})
		}
	}
}

// publishedAtExit reports whether fn writes the field key only once, on
// its way out, and publishes it by closing a channel when it returns
// (c.err = sc.Err() after the read loop, defer close(c.done)): whoever
// waits for the close reads it (an Err documented valid after Done). A
// field it writes in a loop (a count per message) is read while it runs.
func publishedAtExit(fn *ssa.Function, key string) bool {
	if !closesAtExit(fn) {
		return false
	}
	written := false
	for b := range storesInto(fn, key) {
		if flow.InLoop(b.Block()) {
			return false
		}
		written = true
	}
	return written
}

// storesInto yields fn's stores into the field key (x.f = v).
func storesInto(fn *ssa.Function, key string) iter.Seq[*ssa.Store] {
	return func(yield func(*ssa.Store) bool) {
		for st, fa := range flow.FieldStores(fn) {
			if named := names.DerefNamed(fa.X.Type()); named == nil || !names.IsStruct(named) || fieldKey(named, named.Underlying().(*types.Struct).Field(fa.Field).Name()) != key {
				continue
			}
			if !yield(st) {
				return
			}
		}
	}
}

// closesAtExit reports whether fn closes a channel held in a field when
// it returns (defer close(c.done)).
func closesAtExit(fn *ssa.Function) bool { return len(closedAtExit(fn)) > 0 }

// closedAtExit are the fields whose channels fn closes as it returns
// (defer close(c.done)).
func closedAtExit(fn *ssa.Function) map[*types.Var]bool {
	var out map[*types.Var]bool // most functions close none
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			d, ok := instr.(*ssa.Defer)
			if !ok || len(d.Call.Args) == 0 {
				continue
			}
			if b, ok := d.Call.Value.(*ssa.Builtin); !ok || b.Name() != "close" {
				continue
			}
			if f := flow.LoadedField(d.Call.Args[0]); f != nil {
				if out == nil {
					out = make(map[*types.Var]bool)
				}
				out[f] = true
			}
		}
	}
	return out
}

// kept is what the goroutines touch of obj's fields that the check would
// report were obj confined: what they write, and the channel, sync and
// atomic fields they read that code assigns after the value is built (a
// done channel set up before each start).
func (s *Suggester) kept(obj *types.TypeName, written, read fieldSet) fieldSet {
	out := maps.Clone(written)
	for key := range read {
		if f := names.FieldNamed(obj, key[strings.LastIndex(key, ".")+1:]); f != nil && model.ConcurrencySafe(f.Type()) && s.written.reassigned(key) {
			out[key] = true
		}
	}
	return out
}

// keepsOwn reports whether some field goroutines write (written) is not
// among those others share (names of fields, shared).
func keepsOwn(written fieldSet, shared []string) bool {
	for key := range written {
		if !slices.Contains(shared, key[strings.LastIndex(key, ".")+1:]) {
			return true
		}
	}
	return false
}

// offTouches is what the goroutines of the package write and read of the
// fields of candidate types, with what tells whether others race with it.
type offTouches struct {
	byType  writersByType
	writers map[string]int // field -> how many goroutines write it
	// Whether the code creating and calling a value races with its
	// goroutines: for those it does not join, whatever else touches the
	// fields (unjoined); for those it joins, what it touches before the
	// join (windowed).
	unjoined, windowed fieldSet
	// What the goroutines read that the code creating and calling the
	// value writes while they run (a batch its spawner still fills), by
	// type, and the goroutines reading it.
	readShared map[string]fieldSet
	readers    map[string][]string
	// spawnerFills are the fields of readShared that the goroutines are
	// handed by code handed a value of the field's own type (its method,
	// or a function of the package), which keeps filling them (see
	// spawnedCode.sharedEntries): the value's caller owns them, whatever
	// loops the program has.
	spawnerFills fieldSet
	reads        map[string]fieldSet // type -> what the goroutines read of it
	slots        map[string]fieldSet // type -> the fields goroutines write only at a slot of their own
	// By field, the goroutines writing and reading it (without a lock),
	// and those of them that do so through a value of their iteration the
	// same iteration hands to other code off the owner too (see
	// spawnedCode.sharedParts).
	goWriters, goReaders, partWriters, partReaders map[string][]*ssa.Function
}

// sharedByParts reports whether a goroutine touches key through a value
// of its iteration that the same iteration hands to other code off the
// owner too, and other such code touches key as well, one of the two
// writing it: a connection's handler and the idle timer armed for it.
func (t *offTouches) sharedByParts(key string) bool {
	other := func(fns []*ssa.Function, fn *ssa.Function) bool {
		return slices.ContainsFunc(fns, func(o *ssa.Function) bool { return o != fn })
	}
	return slices.ContainsFunc(t.partWriters[key], func(fn *ssa.Function) bool {
		return other(t.goReaders[key], fn) || other(t.goWriters[key], fn)
	}) || slices.ContainsFunc(t.partReaders[key], func(fn *ssa.Function) bool { return other(t.goWriters[key], fn) })
}

// notePartTouches records what fn, spawned code, writes (own, its
// ownWrites) and reads, and what of it through its shared parts (see
// spawnedCode.sharedParts), in what it calls with them. What it writes so
// counts once, not per start: each start has a value of its own.
func (t *offTouches) notePartTouches(x *writeIndex, fn *ssa.Function, spawned *spawnedCode, own fieldSet) {
	for key := range own {
		t.goWriters[key] = append(t.goWriters[key], fn)
	}
	for key := range x.ownReads(fn, spawned.perIteration[fn]) {
		t.goReaders[key] = append(t.goReaders[key], fn)
	}
	parts := make(map[int]bool)
	for i := range spawned.sharedParts[fn] {
		if spawned.perIteration[fn][i] {
			parts[i] = true
		}
	}
	if len(parts) == 0 {
		return
	}
	part := capturedOf(fn, parts)
	writes := make(fieldSet)
	for call, c := range x.callsInPlace(fn) {
		if underLock(call) || !slices.ContainsFunc(c.handed, part) {
			continue
		}
		maps.Copy(writes, x.unlockedOf(c.fn))
		for key := range x.readsOf(c.fn) {
			t.partReaders[key] = append(t.partReaders[key], fn)
			t.goReaders[key] = append(t.goReaders[key], fn)
		}
	}
	for key := range writes {
		t.partWriters[key] = append(t.partWriters[key], fn)
		t.goWriters[key] = append(t.goWriters[key], fn)
	}
	t.byType.add(fn, writes)
}

// racesWithStarter reports whether the starter of fn, spawned code
// reading key, writes key while fn may run: before it joins fn, or, when
// it does not join it, anywhere but in setting it up.
func (s *Suggester) racesWithStarter(spawned *spawnedCode, fn *ssa.Function, key string) bool {
	if w := spawned.window[fn]; w != nil && w.writes[key] {
		return true
	}
	return !spawned.joined[fn] && slices.ContainsFunc(spawned.startedBy[fn], func(starter *ssa.Function) bool { return s.written.accesses(starter).writes[key] })
}

// goroutineTouches gathers what spawned code writes, each with what it
// calls with what it was handed, under the locks it takes around it (see
// writeIndex.ownWrites), and what it reads that its starter writes.
func (s *Suggester) goroutineTouches(spawned *spawnedCode, pa *placedAccesses) *offTouches {
	t := &offTouches{byType: make(writersByType), writers: make(map[string]int),
		unjoined: make(fieldSet), windowed: make(fieldSet), readShared: make(map[string]fieldSet), readers: make(map[string][]string),
		reads: make(map[string]fieldSet), slots: make(map[string]fieldSet), spawnerFills: make(fieldSet),
		goWriters: make(map[string][]*ssa.Function), goReaders: make(map[string][]*ssa.Function),
		partWriters: make(map[string][]*ssa.Function), partReaders: make(map[string][]*ssa.Function)}
	starts := make(map[*ssa.Function]int)
	for _, fn := range spawned.fns {
		starts[fn]++
	}
	// A lone goroutine receiving its work in a loop is an event loop of
	// its own (a literal, which -suggest cannot mark): what it touches is
	// its, and whoever else writes it hands over by its channels; unless
	// its callers write more of its receiver (see writtenMoreBeside).
	loneLoop := func(fn *ssa.Function) bool {
		return starts[fn] == 1 && s.receiveInLoop(fn) != nil && s.watcherReader(fn) == nil && s.writtenMoreBeside(fn) == nil
	}
	seen := make(map[*ssa.Function]bool)
	ownValuesOf := make(map[*ssa.Function]fieldSet)
	for _, fn := range spawned.fns {
		if loneLoop(fn) {
			continue
		}
		// Its own writes that no Lock dominates (a goroutine locking for a
		// map and bumping a counter after), and what it calls with what it
		// was handed.
		writes := union(s.written.ownWrites(fn, spawned.perIteration[fn]), spawned.addressed[fn])
		if !seen[fn] {
			seen[fn] = true
			t.notePartTouches(s.written, fn, spawned, writes)
		}
		// What each start writes of a value of its own races with no
		// other goroutine writing the field (only with who else has it).
		ownValues, known := ownValuesOf[fn]
		if !known { // a start in a loop is in spawned.fns twice
			mine := maps.Clone(spawned.perIteration[fn])
			maps.Copy(mine, spawned.fresh[fn])
			ownValues = s.written.ownValueWrites(fn, mine)
			ownValuesOf[fn] = ownValues
		}
		// A slot of its own, one per goroutine (pages[i] = p), races with
		// no other goroutine, nor with its starter's touches of the other
		// slots, but with its starter's callers when nothing joins it.
		slots := s.written.accesses(fn).slots
		for key := range slots {
			tk := key[:strings.LastIndex(key, ".")]
			if t.slots[tk] == nil {
				t.slots[tk] = make(fieldSet)
			}
			t.slots[tk][key] = true
		}
		entry := spawned.entries[fn]
		own := ""
		if recv := fn.Signature.Recv(); recv != nil {
			own = flow.TypeKey(recv.Type())
		}
		for key := range union(writes, slots) {
			if slots[key] {
				// The starter's own touches while they run are of other
				// slots (n.Children[i] for each i, a goroutine per child),
				// and a join on some ways out is the one it makes when it
				// starts them (if parallel { wg.Wait() }).
				if spawned.unwaited[fn] {
					t.unjoined[key] = true
				}
				continue
			}
			if !spawned.joined[fn] && !publishedAtExit(fn, key) {
				t.unjoined[key] = true
			}
			if w := spawned.window[fn]; w != nil && (w.reads[key] || w.writes[key]) {
				t.windowed[key] = true
			}
			if entry && key[:strings.LastIndex(key, ".")] != own {
				t.writers[key]++ // state the entry point's requests share
			}
			if !ownValues[key] {
				t.writers[key]++
			}
		}
		t.byType.add(fn, union(writes, slots))
	}
	for _, fn := range spawned.inferred {
		own := flow.TypeKey(fn.Signature.Recv().Type())
		shared := make(fieldSet)
		for key := range s.written.accesses(fn).unlockedWrites {
			if key[:strings.LastIndex(key, ".")] != own {
				shared[key] = true
				t.writers[key] += 2 // requests beside each other
				t.unjoined[key] = true
			}
		}
		t.byType.add(fn, shared)
	}
	// What the goroutines read that the code creating and calling the value
	// writes while they run (a batch its spawner still fills).
	for _, fn := range spawned.fns {
		if loneLoop(fn) {
			continue
		}
		// The entries it is handed of a map or slice its starter keeps in
		// a field, it reads itself.
		direct := union(s.written.accesses(fn).unlockedReads, spawned.sharedEntries[fn])
		for key := range union(s.written.ownReads(fn, spawned.perIteration[fn]), spawned.sharedEntries[fn]) {
			tk := key[:strings.LastIndex(key, ".")]
			if t.reads[tk] == nil {
				t.reads[tk] = make(fieldSet)
			}
			t.reads[tk][key] = true
			if !s.readRaces(spawned, pa, fn, key, direct[key]) {
				continue
			}
			t.windowed[key] = true
			if t.readShared[tk] == nil {
				t.readShared[tk] = make(fieldSet)
			}
			t.readShared[tk][key] = true
			t.readers[tk] = append(t.readers[tk], flow.Name(fn))
			if spawned.sharedEntries[fn][key] && slices.ContainsFunc(spawned.startedBy[fn], func(starter *ssa.Function) bool {
				return handedValueOf(starter, tk)
			}) {
				t.spawnerFills[key] = true
			}
		}
	}
	return t
}

// capturesValueOf reports whether fn, started code, is handed a value of
// the type keyed tk or captures one: its starter's, not one it makes.
func capturesValueOf(fn *ssa.Function, tk string) bool {
	return handedValueOf(fn, tk) || slices.ContainsFunc(fn.FreeVars, func(fv *ssa.FreeVar) bool {
		ptr, cell := fv.Type().Underlying().(*types.Pointer) // a captured variable's cell
		return flow.TypeKey(fv.Type()) == tk || cell && flow.TypeKey(ptr.Elem()) == tk
	})
}

// handedValueOf reports whether fn is handed a value of the type keyed
// tk: as its receiver (b.flush()) or a parameter (flush(b)).
func handedValueOf(fn *ssa.Function, tk string) bool {
	return slices.ContainsFunc(fn.Params, func(p *ssa.Parameter) bool { return flow.TypeKey(p.Type()) == tk })
}

// readRaces reports whether fn, spawned code reading key (itself when
// direct, else only in the helpers it calls), races with the code that
// started it. Only the starter's own writes while it runs count: other
// code writing the field may be kept apart from it by means -suggest does
// not see (the results it sends back). One it does not join runs beside
// the starter's next call too, and beside the value's other methods (Add
// appending to what a FlushAsync's goroutine reads); but not beside code
// that is no method of the type (a config loader setting a global's field
// before anything starts). What it reads only through helpers (a link's
// queues, which its Start set up before starting it) races only with what
// the starter writes after the start, and with a method growing it.
func (s *Suggester) readRaces(spawned *spawnedCode, pa *placedAccesses, fn *ssa.Function, key string, direct bool) bool {
	if !direct {
		// A field a method grows whenever it is called (AddSink
		// appending to what a reporter's goroutine ranges) is no
		// set-up: it races with what a goroutine nobody joins reads
		// without a lock.
		w := spawned.window[fn]
		return w != nil && w.writes[key] || !spawned.joined[fn] && capturesValueOf(fn, key[:strings.LastIndex(key, ".")]) &&
			s.written.unlockedReadsOf(fn)[key] && s.grownBesides(fn, key)
	}
	if s.racesWithStarter(spawned, fn, key) {
		return true
	}
	return !spawned.joined[fn] && pa.otherUnlocked[key] && pa.runningWrites[key] && !s.guardedField(key) &&
		s.writtenBeside(fn, key)
}

// writesAfterEnd reports whether every write of the field key in m, a
// method, comes after m waits for fn, code started off the owner, to end:
// a receive from a channel field of the receiver that fn closes as it
// returns (close(s.stop); <-s.done; s.stop = nil, fn deferring
// close(s.done)).
func writesAfterEnd(m, fn *ssa.Function, key string) bool {
	ends := closedAtExit(fn)
	if len(ends) == 0 {
		return false
	}
	var waits []ssa.Instruction
	for _, b := range m.Blocks {
		for _, instr := range b.Instrs {
			if recv, ok := instr.(*ssa.UnOp); ok && recv.Op == token.ARROW && ends[flow.LoadedField(recv.X)] {
				waits = append(waits, instr)
			}
		}
	}
	writes := false
	for st := range storesInto(m, key) {
		if !slices.ContainsFunc(waits, func(wait ssa.Instruction) bool { return flow.Dominates(wait, st) }) {
			return false
		}
		writes = true
	}
	return writes
}

// guardedField reports whether the field a key names holds a struct with a
// mutex (a queue its methods lock for): calling its methods writes the
// field by the letter of the write model, but the value guards itself.
func (s *Suggester) guardedField(key string) bool {
	f := s.fieldOf(key)
	if f == nil {
		return false
	}
	named := names.DerefNamed(f.Type())
	return named != nil && names.IsStruct(named) && names.HasMutex(named)
}

// writtenBeside reports whether a method of the type of the field key,
// outside tests and set-up, that starts nothing writes it without a lock
// while fn, code started off the owner, may run: not only to register a
// func, and not only once it has waited for fn's end (see writesAfterEnd).
func (s *Suggester) writtenBeside(fn *ssa.Function, key string) bool {
	return s.methodWriting(key, func(m *ssa.Function) bool { return !registersInto(m, key) && !writesAfterEnd(m, fn, key) }) != nil
}

// handedParam reports whether v is a parameter, or what a variable holds
// that only a parameter is stored in (a parameter closures capture too).
func handedParam(v ssa.Value) bool {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if cell, ok := load.X.(*ssa.Alloc); ok {
			stored := flow.StoredValues(cell)
			return len(stored) > 0 && !slices.ContainsFunc(stored, func(x ssa.Value) bool { _, p := x.(*ssa.Parameter); return !p })
		}
	}
	_, param := v.(*ssa.Parameter)
	return param
}

// registersInto reports whether fn writes the field key, a func field,
// only with a func it was handed (s.onEvent = fn): a registration, which
// callers make before the work that calls it, not state changing beside
// the goroutines that call it.
func registersInto(fn *ssa.Function, key string) bool {
	registered := false
	for st := range storesInto(fn, key) {
		if !names.IsFuncTyped(st.Val.Type()) || !handedParam(st.Val) {
			return false
		}
		registered = true
	}
	return registered
}

// grownBesides reports whether such a method, one the started code fn
// does not run itself, grows the field key (see fieldAccesses.grows): an
// AddSink appending to it whenever it is called.
func (s *Suggester) grownBesides(fn *ssa.Function, key string) bool {
	var own map[*ssa.Function]bool // what fn runs, found once a method grows key
	return s.methodWriting(key, func(m *ssa.Function) bool {
		if !s.written.accesses(m).grows[key] {
			return false
		}
		if own == nil {
			own = s.reachable([]*ssa.Function{fn})
		}
		return !own[m]
	}) != nil
}

// exportedWriter is an exported method of the type of the field key that
// writes it as methodWriting says, or nil.
func (s *Suggester) exportedWriter(key string) *ssa.Function {
	return s.methodWriting(key, func(fn *ssa.Function) bool { return flow.DeclaredFunc(fn).Exported() })
}

// methodWriting is a method of the type of the field key, one keep
// accepts, outside tests and set-up, that starts nothing and writes key
// without a lock; or nil.
func (s *Suggester) methodWriting(key string, keep func(*ssa.Function) bool) *ssa.Function {
	tk := key[:strings.LastIndex(key, ".")]
	for _, fn := range s.e.Functions() {
		decl := flow.DeclaredFunc(fn)
		if decl == nil || !keep(fn) {
			continue
		}
		if recv := names.ReceiverNamed(decl); recv == nil || flow.TypeKey(recv) != tk || s.inTestFile(fn.Pos()) {
			continue
		}
		if w := s.e.Walk(fn); w != nil && len(w.Spawns) > 0 {
			continue // sets up what it starts (a Start assigning the quit channel its goroutines read)
		}
		if !s.written.setsUp(fn) && s.written.accesses(fn).unlockedWrites[key] {
			return fn
		}
	}
	return nil
}
