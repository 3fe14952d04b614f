package suggest

import (
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"maps"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/known"
	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/walk"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// This file finds what the package's functions write and read of the
// fields of candidate types: the evidence of owners (owners.go).

// A fieldSet holds fields by key, "pkgpath.T.f".
type fieldSet map[string]bool

// fieldKey is how facts and fieldSets name field index of named.
func fieldKey(named *types.Named, field string) string {
	return named.Obj().Pkg().Path() + "." + named.Obj().Name() + "." + field
}

// FieldsFact lists the fields of candidate types (see candidate) a
// function writes, and those it reads, through values it was handed,
// itself or in what it calls: what -suggest needs of the packages below
// (a cache's Put and Get, called by another package's goroutine and
// loop). Only -suggest exports it.
type FieldsFact struct {
	Writes   []string // sorted keys
	Unlocked []string // of Writes, those it makes where no lock is held
	Reads    []string // sorted keys
	Grows    []string // of Writes, those it changes from what they held (see grows), sorted
}

func (*FieldsFact) AFact() {}

func (f *FieldsFact) String() string {
	var parts []string
	if len(f.Writes) > 0 {
		parts = append(parts, "writes "+strings.Join(f.Writes, ", "))
	}
	if len(f.Reads) > 0 {
		parts = append(parts, "reads "+strings.Join(f.Reads, ", "))
	}
	if len(f.Unlocked) > 0 && len(f.Unlocked) < len(f.Writes) {
		parts = append(parts, "unlocked "+strings.Join(f.Unlocked, ", "))
	}
	if len(f.Grows) > 0 {
		parts = append(parts, "grows "+strings.Join(f.Grows, ", "))
	}
	return strings.Join(parts, "; ")
}

// importedFields is what fn's package exported of what fn writes and
// reads: for a function whose body is not in view.
func (x *writeIndex) importedFields(fn *ssa.Function) *FieldsFact {
	f := new(FieldsFact)
	if obj := flow.DeclaredFunc(fn); obj != nil {
		x.pass.ImportObjectFact(obj.Origin(), f) // an instance's facts are its generic origin's
	}
	return f
}

// fieldAccesses is what one function does to fields of candidate types
// through values it did not allocate, in its own body.
type fieldAccesses struct {
	// writes are, in a function that takes a lock, only those where it
	// cannot be held (another case of a loop's switch; see afterLock): the
	// owner rules err towards no proposal. unlockedWrites are those no Lock
	// dominates (the bump after the Unlock), also those that are no
	// evidence (see accesses).
	writes, reads, unlockedWrites fieldSet
	unlockedReads                 fieldSet // the reads no Lock dominates
	// slots are the fields it writes only at an element its parameters
	// pick (go func(i int) { out.items[i] = f(i) }(i)): goroutines started
	// once per index each write a slot of their own.
	slots fieldSet
	locks bool // it takes a lock
	// afterLock are the instructions a lock call of the function can run
	// before with no unlock between (nil when it takes none): the lock may
	// be held there, and what it calls there is taken to run under it.
	afterLock map[ssa.Instruction]bool
	// startWrites are the writes that set a value up for the code a go
	// statement then starts with it (see setsUpStarted): no evidence, but
	// the check takes a channel assigned so for state.
	startWrites fieldSet
	// startedWrites are the fields it writes only where it handles a
	// framework's started message (see known.IsStartedMessage): set-up, as in a
	// constructor.
	startedWrites fieldSet
	// lockedWrites are the writes of a function that takes a lock, made
	// with it held: not in writes, but evidence that the values are
	// shared under a lock (see underLocks).
	lockedWrites fieldSet
	// elementWrites are the fields it writes only in the elements of a
	// slice or array it reaches through a field (b.cols[i].Cards = cs):
	// the holder's state, which the check sees read on the way.
	elementWrites fieldSet
	// joinedReads are the fields it reads only after it joins started
	// code (c.wg.Wait(); return c.pages): ordered after what that code
	// wrote, they race with no goroutine nobody else waits for.
	joinedReads fieldSet
	// grows are the writes that change what the field holds from what it
	// held (s.n++, s.log = append(s.log, e), s.stock[k] = v): state kept
	// turn after turn, unlike a value set once and published (see grows).
	grows fieldSet
}

// candidate reports whether values of named could be confined: a struct
// type of the module that is no error. One with a mutex field is a loop's
// only if nothing else is (see proposeOwners), but an owner without a loop
// may keep its locked members beside unlocked ones. An error is made for
// the call that fails and travels with its result (wrapping code adds
// context to it as it goes up): no one's state.
func (x *writeIndex) candidate(named *types.Named) bool {
	return names.IsStruct(named) && named.Obj().Pkg() != nil && inModule(x.pass, named.Obj().Pkg().Path()) && !isError(named) && !isWireMessage(named)
}

// isWireMessage reports whether named is a generated protocol buffers
// message (it has ProtoMessage or ProtoReflect): made to be encoded, sent
// and decoded, no one's state, and its file is regenerated.
func isWireMessage(named *types.Named) bool {
	ms := types.NewMethodSet(types.NewPointer(named))
	return ms.Lookup(named.Obj().Pkg(), "ProtoMessage") != nil || ms.Lookup(named.Obj().Pkg(), "ProtoReflect") != nil
}

// isError reports whether named or its pointer implements error.
func isError(named *types.Named) bool {
	errType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	return types.Implements(named, errType) || types.Implements(types.NewPointer(named), errType)
}

// accesses returns what fn's body reads and writes of candidate types
// through values it was handed: not those it allocated or received from a
// channel, which are its own.
func (x *writeIndex) accesses(fn *ssa.Function) fieldAccesses {
	return flow.Memoized(x.access, fn, x.computeAccesses)
}

func (x *writeIndex) computeAccesses(fn *ssa.Function) fieldAccesses {
	originOf := x.e.ValueOrigins(fn)
	acc := fieldAccesses{writes: make(fieldSet), elementWrites: make(fieldSet), reads: make(fieldSet), unlockedWrites: make(fieldSet), unlockedReads: make(fieldSet), slots: make(fieldSet), lockedWrites: make(fieldSet), startWrites: make(fieldSet), joinedReads: make(fieldSet), grows: make(fieldSet)}
	elsewhere := make(fieldSet)     // fields written other than at a slot
	direct := make(fieldSet)        // fields written other than in an element
	unjoinedReads := make(fieldSet) // fields read where no join ran before
	closes := channelCloses(fn)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if flow.LockCall(instr) > 0 {
				if !acc.locks { // most functions take no lock: no map for them
					acc.locks, acc.afterLock = true, make(map[ssa.Instruction]bool)
				}
				maps.Copy(acc.afterLock, flow.RunsAfter(instr, func(i ssa.Instruction) bool { return flow.LockCall(i) < 0 }))
			}
		}
	}
	// A helper its package calls only with a lock held (removeElement,
	// from Get and Put after c.mu.Lock()) touches under that lock.
	lockedByCallers := !acc.locks && x.calledUnderLock(fn, maxLockedDepth)
	locked := func(instr ssa.Instruction) bool { return lockedByCallers || underLock(instr) }
	free := make(fieldSet)       // written where no lock call ran before
	started := x.setUpBlocks(fn) // nil in most functions
	var writtenLater fieldSet    // written other than on a started message
	if started != nil {
		writtenLater = make(fieldSet)
	}
	for t := range x.fieldTouches(fn, originOf) {
		instr, key := t.instr, t.key
		switch {
		case !t.write || started == nil:
		case started[instr.Block()]:
			if acc.startedWrites == nil {
				acc.startedWrites = make(fieldSet)
			}
			acc.startedWrites[key] = true
			continue // set-up, as a constructor's: no evidence of an owner
		default:
			writtenLater[key] = true
		}
		if t.write && !locked(instr) && x.setsUpStarted(instr, t.v, key) {
			// c.conn = conn; go c.recvLoop(): the started code's, set up.
			// Not a write with a lock held (b.pending = append(...) under
			// b.mu, then go b.flush()): the code started takes that lock.
			acc.startWrites[key] = true
			continue
		}
		if t.write && publishedByClose(instr, t.v, closes) {
			// s.out = r; close(s.done): a result handed to whoever
			// waits for done, no evidence of an owner; but written.
			if !locked(instr) {
				acc.unlockedWrites[key] = true
			}
			continue
		}
		switch {
		case !t.write:
			acc.reads[key] = true
			if !locked(instr) {
				acc.unlockedReads[key] = true
			}
			if ranBefore(instr, isJoin) { // c.wg.Wait(); return c.pages
				acc.joinedReads[key] = true
			} else {
				unjoinedReads[key] = true
			}
		case boxedAddress(instr):
			// rlp.Encode(w, &tx.inner): an encoder reads it, a decoder
			// writes it, and the signature does not tell. No evidence
			// of an owner, but a write for what stays free.
			if !locked(instr) {
				acc.unlockedWrites[key] = true
			}
		default:
			acc.writes[key] = true
			if x.elementField(instr) {
				acc.elementWrites[key] = true
			} else {
				direct[key] = true
			}
			if !locked(instr) {
				acc.unlockedWrites[key] = true
				if grows(instr) {
					acc.grows[key] = true
				}
			}
			if !acc.afterLock[instr] && !lockedByCallers {
				free[key] = true
			}
			if slotWrite(instr) {
				acc.slots[key] = true
			} else {
				elsewhere[key] = true
			}
		}
	}
	for key := range elsewhere {
		delete(acc.slots, key)
	}
	for key := range direct {
		delete(acc.elementWrites, key)
	}
	for key := range writtenLater {
		delete(acc.startedWrites, key)
	}
	for key := range unjoinedReads {
		delete(acc.joinedReads, key)
	}
	if acc.locks || lockedByCallers {
		for key := range acc.writes {
			if !acc.unlockedWrites[key] {
				acc.lockedWrites[key] = true
			}
			if !free[key] {
				delete(acc.writes, key)
			}
		}
	}
	return acc
}

// grows reports whether instr, a field's address, is written with what
// the field held: a store of a value computed from a load of the same
// field (s.n++, s.log = append(s.log, e)), or an update or delete of the
// entries of the map it holds, or a store into an element of its slice.
func grows(instr ssa.Instruction) bool {
	fa, ok := instr.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	sameField := func(v ssa.Value) bool {
		load, ok := v.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			return false
		}
		other, ok := load.X.(*ssa.FieldAddr)
		return ok && other.Field == fa.Field && sameLoad(other.X, fa.X)
	}
	for _, ref := range flow.Referrers(fa) {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr == fa && computedFrom(ref.Val, sameField, 3) {
				return true
			}
		case *ssa.UnOp:
			for _, use := range flow.Referrers(ref) {
				switch use := use.(type) {
				case *ssa.MapUpdate:
					if use.Map == ref {
						return true
					}
				case *ssa.IndexAddr:
					if slices.ContainsFunc(flow.Referrers(use), func(i ssa.Instruction) bool { st, ok := i.(*ssa.Store); return ok && st.Addr == use }) {
						return true
					}
				case *ssa.Call:
					if flow.IsBuiltin(use, "delete") {
						return true
					}
				}
			}
		}
	}
	return false
}

// sameLoad reports whether a and b are one value, or loads of one
// variable (a captured receiver, loaded again for each use).
func sameLoad(a, b ssa.Value) bool {
	la, okA := a.(*ssa.UnOp)
	lb, okB := b.(*ssa.UnOp)
	return a == b || okA && okB && la.Op == token.MUL && lb.Op == token.MUL && la.X == lb.X
}

// computedFrom reports whether v is, or is computed by arithmetic,
// conversions or append from, a value that is accepts, at most depth steps
// away.
func computedFrom(v ssa.Value, is func(ssa.Value) bool, depth int) bool {
	if is(v) {
		return true
	}
	if depth == 0 {
		return false
	}
	switch v := v.(type) {
	case *ssa.BinOp:
		return computedFrom(v.X, is, depth-1) || computedFrom(v.Y, is, depth-1)
	case *ssa.Convert:
		return computedFrom(v.X, is, depth-1)
	case *ssa.Call:
		return flow.IsBuiltin(v, "append") && len(v.Call.Args) > 0 && computedFrom(v.Call.Args[0], is, depth-1)
	}
	return false
}

// maxLockedDepth bounds how many helpers up calledUnderLock looks for the
// lock held.
const maxLockedDepth = 2

// calledUnderLock reports whether the package runs fn only from static
// calls made with a lock held: where a lock call dominates the call with
// no unlock between, or in a helper itself called so, depth helpers up.
func (x *writeIndex) calledUnderLock(fn *ssa.Function, depth int) bool {
	calls := x.e.Callers(fn)
	if len(calls) == 0 || !x.e.OnlyCalled(fn) {
		return false
	}
	for _, call := range calls {
		if !underLock(call) && (depth == 0 || x.accesses(call.Parent()).locks || !x.calledUnderLock(call.Parent(), depth-1)) {
			return false
		}
	}
	return true
}

// A fieldTouch is a read or write of a candidate type's field through a
// value that existed before its function ran (see walk.Rewrites).
type fieldTouch struct {
	instr ssa.Instruction
	v     ssa.Value // the struct, or a pointer to it
	key   string
	write bool
}

// elementField reports whether instr selects a field of a candidate
// struct held in a slice or array (x.items[i].n): a write there is a
// write of that field (item.n), not of the slice's field, which keeps
// holding the same elements (a reader of x.items[i].title races with no
// such write).
func (x *writeIndex) elementField(instr ssa.Instruction) bool {
	fa, ok := instr.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	_, element := fa.X.(*ssa.IndexAddr)
	named := names.DerefNamed(fa.X.Type())
	return element && named != nil && x.candidate(named)
}

// fieldTouches yields fn's field touches, in order; originOf gives its
// values' origins.
func (x *writeIndex) fieldTouches(fn *ssa.Function, originOf func(ssa.Value) summary.Origin) iter.Seq[fieldTouch] {
	return func(yield func(fieldTouch) bool) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				v, index, write, ok := walk.FieldTouch(instr, x.elementField)
				if !ok {
					continue
				}
				named := names.DerefNamed(v.Type())
				st, ok := names.DerefUnder(v.Type()).(*types.Struct)
				if named == nil || !ok || index >= st.NumFields() || !x.candidate(named) || partOfForeign(v, named) {
					continue
				}
				if write && storesInField(instr) && onStack(v) || !walk.Rewrites(originOf, v) && !(originOf(v).Has(summary.Handed) && x.keptReceived(fn)[named.Origin()]) {
					continue
				}
				if write && x.onlyReadingCalls(instr) {
					write = false // f.checkValid(): a pointer method that writes nothing
				}
				if !write && x.entriesWrittenByCallee(instr) {
					write = true // l.gone.Add(u), a set's method writing its entries
				}
				if !yield(fieldTouch{instr, v, fieldKey(named, st.Field(index).Name()), write}) {
					return
				}
			}
		}
	}
}

// onStack reports whether v is, or is part of, a variable of the function
// whose address never leaves it (an ssa.Alloc off the heap) and whose
// value is never stored back where others reach it: a by-value receiver's
// copy that withDefaults fills and returns (c.Timeout = d), which no other
// code can reach. A store into its field writes only the copy; a copy
// stored back (t := *c.cur; t.n++; *c.cur = t) writes what it came from,
// and a map a copy's field holds is every copy's.
func onStack(v ssa.Value) bool {
	for {
		switch a := v.(type) {
		case *ssa.FieldAddr:
			v = a.X
		case *ssa.IndexAddr:
			if _, array := names.DerefUnder(a.X.Type()).(*types.Array); !array {
				return false // a slice's elements live elsewhere
			}
			v = a.X
		case *ssa.Alloc:
			return !a.Heap && !storedBack(a)
		default:
			return false
		}
	}
}

// storesInField reports whether instr, a touch of a field, stores into
// the field's own memory (c.n = 1; see flow.StoredInto), not through the
// value it holds (c.m[k] = v).
func storesInField(instr ssa.Instruction) bool {
	switch in := instr.(type) {
	case *ssa.Store:
		return true
	case *ssa.FieldAddr:
		return flow.StoredInto(in)
	}
	return false
}

// storedBack reports whether the value of the variable a is stored, as a
// whole, where code other than its function's variables reaches it.
func storedBack(a *ssa.Alloc) bool {
	for _, ref := range flow.Referrers(a) {
		load, ok := ref.(*ssa.UnOp)
		if !ok || load.Op != token.MUL || load.X != a {
			continue
		}
		for _, use := range flow.Referrers(load) {
			switch use := use.(type) {
			case *ssa.Store:
				if into, local := use.Addr.(*ssa.Alloc); use.Val == load && (!local || into.Heap) {
					return true
				}
			case *ssa.MapUpdate:
				if use.Value == load {
					return true
				}
			}
		}
	}
	return false
}

// partOfForeign reports whether v, the struct whose field is touched, is
// a struct-valued field of a value of another package's type (Build
// embedding ci.BuildInfo, b.Status written): the touch is of the holder's
// memory, its field's, and no evidence about the record type, which its
// own package keeps elsewhere as it likes.
func partOfForeign(v ssa.Value, named *types.Named) bool {
	fa, ok := v.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	holder := names.DerefNamed(fa.X.Type())
	return holder != nil && holder.Obj().Pkg() != named.Obj().Pkg()
}

// keptReceived are the types whose values fn receives from a channel and
// keeps in state it was handed (a hub's h.clients[c] = true, or
// h.conns = append(h.conns, c)): a registry it serves turn after turn.
// What fn writes of such values is evidence of an owner, where what it
// writes of a message it only handles is not.
func (x *writeIndex) keptReceived(fn *ssa.Function) map[*types.Named]bool {
	return flow.Memoized(x.kept, fn, func(fn *ssa.Function) map[*types.Named]bool {
		originOf := x.e.ValueOrigins(fn)
		return x.keptIn(fn, func(v ssa.Value) bool { return originOf(v).Has(summary.Handed) && originOf(v).Fresh() })
	})
}

// keptMade are the types of the values fn makes itself and keeps in
// state it was handed (m.jobs = append(m.jobs, &Job{...})): a loop's
// registry of what it made, which it goes on reaching whatever it hands
// the values to.
func (x *writeIndex) keptMade(fn *ssa.Function) map[*types.Named]bool {
	return flow.Memoized(x.made, fn, func(fn *ssa.Function) map[*types.Named]bool {
		return x.keptIn(fn, func(v ssa.Value) bool { _, made := v.(*ssa.Alloc); return made })
	})
}

// keptIn are the types of the values that is accepts among those fn
// stores in state it was handed: a map's keys and values, a field's
// value or the elements appended to it.
func (x *writeIndex) keptIn(fn *ssa.Function, is func(ssa.Value) bool) map[*types.Named]bool {
	var out map[*types.Named]bool
	originOf := x.e.ValueOrigins(fn)
	keep := func(v ssa.Value) {
		if named := names.DerefNamed(v.Type()); named != nil && x.candidate(named) && is(v) {
			if out == nil {
				out = make(map[*types.Named]bool)
			}
			out[named.Origin()] = true
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.MapUpdate:
				if !originOf(in.Map).Fresh() {
					keep(in.Key)
					for _, v := range flow.StoredElements(in.Value) { // h.subs[t] = append(h.subs[t], s)
						keep(v)
					}
				}
			case *ssa.Store:
				if _, field := in.Addr.(*ssa.FieldAddr); field && !originOf(in.Addr).Fresh() {
					for _, v := range flow.StoredElements(in.Val) {
						keep(v)
					}
				}
			}
		}
	}
	return out
}

// publishedByClose reports whether instr, a write through v, is followed
// in its function by the close of a channel that v holds (or holds in
// turn): s.out = r; close(s.done). Readers wait for done and read the
// result after: the write hands the result over, as a send would.
// closes are fn's closes of channels held in fields (channelCloses).
func publishedByClose(instr ssa.Instruction, v ssa.Value, closes map[*ssa.Call]flow.ValuePath) bool {
	at := flow.PathOf(v)
	var after map[ssa.Instruction]bool // computed once a close may match
	for call, holder := range closes {
		if !at.Covers(holder) {
			continue
		}
		if after == nil {
			after = flow.RunsAfter(instr, func(ssa.Instruction) bool { return false })
		}
		if after[call] {
			return true
		}
	}
	return false
}

// channelCloses maps fn's calls of close on a channel loaded from a field
// to the path of the value holding that field.
func channelCloses(fn *ssa.Function) map[*ssa.Call]flow.ValuePath {
	out := make(map[*ssa.Call]flow.ValuePath)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || len(call.Call.Args) != 1 {
				continue
			}
			if builtin, ok := call.Call.Value.(*ssa.Builtin); !ok || builtin.Name() != "close" {
				continue
			}
			if load, ok := call.Call.Args[0].(*ssa.UnOp); ok && load.Op == token.MUL {
				if fa, ok := load.X.(*ssa.FieldAddr); ok {
					out[call] = flow.PathOf(fa.X)
				}
			}
		}
	}
	return out
}

// boxedAddress reports whether instr, a field's address, is only put in
// interface values (to be handed to a function taking any).
func boxedAddress(instr ssa.Instruction) bool {
	fa, ok := instr.(*ssa.FieldAddr)
	if !ok || len(flow.Referrers(fa)) == 0 {
		return false
	}
	for _, ref := range flow.Referrers(fa) {
		if _, ok := ref.(*ssa.MakeInterface); !ok {
			return false
		}
	}
	return true
}

// heldBy is the variable v is loaded from (a captured one's cell), or v.
func heldBy(v ssa.Value) ssa.Value {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		return load.X
	}
	return v
}

// handedIn reports whether v is what its function was handed: a
// parameter, a captured value, or what a captured variable holds.
func handedIn(v ssa.Value) bool {
	switch heldBy(v).(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		return true
	}
	return false
}

// storesThroughReceiver reports whether fn, a method with a body, stores
// through its receiver itself rather than into fields of a struct: a
// named slice's push, *b = append(*b, f), writes the field it is called
// on, which no candidate field's write records.
func storesThroughReceiver(fn *ssa.Function) bool {
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 || fn.Blocks == nil {
		return false
	}
	recv := fn.Params[0]
	if _, isPtr := recv.Type().Underlying().(*types.Pointer); !isPtr {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			addr := st.Addr
			for {
				ia, ok := addr.(*ssa.IndexAddr)
				if !ok {
					break
				}
				addr = ia.X
				if load, ok := addr.(*ssa.UnOp); ok && load.Op == token.MUL {
					addr = load.X // (*b)[i] = v
				}
			}
			if addr == ssa.Value(recv) {
				return true
			}
		}
	}
	return false
}

// slotWrite reports whether instr, a field's address, is written only at
// an element its function's parameter or captured variable picks:
// x.f[i] = v, with i handed in.
func slotWrite(instr ssa.Instruction) bool {
	fa, ok := instr.(*ssa.FieldAddr)
	return ok && walk.Slotted(fa, handedIn)
}

// onlyReadingCalls reports whether the field address instr computes is
// used only as the receiver of static calls of methods that write no
// field of a candidate type, or that guard themselves (see guardsItself):
// taking the address to call them (the write model's pointer-method rule)
// changes nothing there.
func (x *writeIndex) onlyReadingCalls(instr ssa.Instruction) bool {
	fa, ok := instr.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	refs := flow.Referrers(fa)
	if len(refs) == 0 {
		return false
	}
	for _, ref := range refs {
		call, ok := ref.(*ssa.Call)
		if !ok {
			return false
		}
		args := call.Common().Args
		callee := call.Common().StaticCallee()
		if callee == nil || len(args) == 0 || args[0] != ssa.Value(fa) || slices.Contains(args[1:], ssa.Value(fa)) || len(x.of(callee)) > 0 && !guardsItself(callee, x.pass.Pkg) ||
			storesThroughReceiver(callee) {
			return false
		}
	}
	return true
}

// entriesWrittenByCallee reports whether the map or slice a field
// selection instr loads is handed to a function whose summary writes its
// entries (a set type's Add): the field's entries are written.
func (x *writeIndex) entriesWrittenByCallee(instr ssa.Instruction) bool {
	fa, ok := instr.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	for _, ref := range flow.Referrers(fa) {
		load, ok := ref.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			continue
		}
		switch load.Type().Underlying().(type) {
		case *types.Map, *types.Slice:
		default:
			continue
		}
		for _, use := range flow.Referrers(load) {
			call, ok := use.(ssa.CallInstruction)
			if !ok || call.Common().StaticCallee() == nil {
				continue
			}
			sum := x.e.SummaryOf(call.Common().StaticCallee())
			if sum == nil {
				continue
			}
			for i, a := range flow.CallArgs(call.Common()) {
				if a == ssa.Value(load) && slices.ContainsFunc(sum.Contents, func(ct summary.ContentTouch) bool {
					return ct.Source == summary.ParamSource(i) && ct.Action == summary.ActionWrites
				}) {
					return true
				}
			}
		}
	}
	return false
}

// guardsItself reports whether fn is a method of another package's type
// with a mutex: a library value meant to be used from anywhere (an event
// feed's Send), whose methods take its lock.
func guardsItself(fn *ssa.Function, pkg *types.Package) bool {
	obj := flow.DeclaredFunc(fn)
	if obj == nil || obj.Pkg() == pkg {
		return false
	}
	recv := names.ReceiverNamed(obj)
	return recv != nil && names.HasMutex(recv)
}

// underLock reports whether a lock is held at instr: the nearest lock call
// on the way up its dominators takes one, and no path from it to instr
// lets one go (an Unlock on one branch only). When unsure it says no: what
// it says locked may get :any.
func underLock(instr ssa.Instruction) bool {
	lock := dominatingLockCall(instr)
	if lock == nil || flow.LockCall(lock) < 0 {
		return false
	}
	between := flow.RunsAfter(lock, func(i ssa.Instruction) bool { return i == instr })
	for i := range between {
		if flow.LockCall(i) < 0 && flow.RunsAfter(i, func(j ssa.Instruction) bool { return j == lock })[instr] {
			return false
		}
	}
	return true
}

// dominatingLockCall is the nearest call taking or letting go a lock on the
// way up instr's dominators, or nil.
func dominatingLockCall(instr ssa.Instruction) ssa.Instruction {
	b := instr.Block()
	instrs := b.Instrs[:slices.Index(b.Instrs, instr)]
	for b != nil {
		for i := len(instrs) - 1; i >= 0; i-- {
			if flow.LockCall(instrs[i]) != 0 {
				return instrs[i]
			}
		}
		if b = b.Idom(); b != nil {
			instrs = b.Instrs
		}
	}
	return nil
}

// fieldUnder finds the field an address or a loaded map or slice comes
// from: t.f, t.f[i], t.f[k] (through the load of t.f).
func fieldUnder(v ssa.Value) (x ssa.Value, index int, ok bool) {
	for {
		switch a := v.(type) {
		case *ssa.FieldAddr:
			return a.X, a.Field, true
		case *ssa.Field:
			return a.X, a.Field, true
		case *ssa.IndexAddr:
			v = a.X
		case *ssa.UnOp:
			if a.Op != token.MUL {
				return nil, 0, false
			}
			v = a.X
		default:
			return nil, 0, false
		}
	}
}

// of returns the fields fn writes, itself and in the functions it
// calls: in this package from their bodies, elsewhere from writesFact. A
// function that takes a lock is taken to hold it from there on.
func (x *writeIndex) of(fn *ssa.Function) fieldSet {
	return x.closure(x.writes, fn, func(fn *ssa.Function) fieldSet {
		if fn.Blocks != nil {
			return x.accesses(fn).writes
		}
		return setOf(x.importedFields(fn).Writes)
	}, x.writesInPlace)
}

// writesInPlace says which calls' writes are their caller's: what a
// goroutine writes is spawned code's own (codeRoots), off the caller's
// owner, so only calls in place count; and what a function that locks
// calls after it may run under its lock.
func (x *writeIndex) writesInPlace(originOf func(ssa.Value) summary.Origin, call ssa.CallInstruction, c calledInPlace) bool {
	return !x.accesses(call.Parent()).afterLock[call] && x.handsState(originOf, call, c)
}

// directOf is what of says fn writes, but in the elements of a slice
// reached through a field (see fieldAccesses.elementWrites).
func (x *writeIndex) directOf(fn *ssa.Function) fieldSet {
	return x.closure(x.direct, fn, func(fn *ssa.Function) fieldSet {
		if fn.Blocks == nil {
			return setOf(x.importedFields(fn).Writes)
		}
		acc := x.accesses(fn)
		out := maps.Clone(acc.writes)
		maps.DeleteFunc(out, func(key string, _ bool) bool { return acc.elementWrites[key] })
		return out
	}, x.writesInPlace)
}

// growsOf is what fn grows (see grows), itself and in what it calls in
// place as of follows: another package's journal whose Append bumps its
// sequence grows it for the loop calling Append.
func (x *writeIndex) growsOf(fn *ssa.Function) fieldSet {
	return x.closure(x.grown, fn, func(fn *ssa.Function) fieldSet {
		if fn.Blocks != nil {
			return x.accesses(fn).grows
		}
		return setOf(x.importedFields(fn).Grows)
	}, x.writesInPlace)
}

// importedReads are the fields of other packages' types that fn reads
// through their functions, as their FieldsFact says, itself and in what
// it calls in place with state: what code started off the owner reads
// through a helper calling a journal's Checkpoint.
func (x *writeIndex) importedReads(fn *ssa.Function) fieldSet {
	return x.imported(x.foreignReads, fn, func(f *FieldsFact) []string { return f.Reads })
}

// importedGrows is importedReads for what fn grows (a loop appending to
// another package's journal).
func (x *writeIndex) importedGrows(fn *ssa.Function) fieldSet {
	return x.imported(x.foreignGrows, fn, func(f *FieldsFact) []string { return f.Grows })
}

// imported is what pick says of the FieldsFacts of the other packages'
// functions fn calls, itself and in what it calls in place with state.
func (x *writeIndex) imported(memo map[*ssa.Function]fieldSet, fn *ssa.Function, pick func(*FieldsFact) []string) fieldSet {
	return x.closure(memo, fn, func(fn *ssa.Function) fieldSet {
		if fn.Blocks == nil {
			return setOf(pick(x.importedFields(fn)))
		}
		return nil
	}, func(originOf func(ssa.Value) summary.Origin, _ ssa.CallInstruction, c calledInPlace) bool {
		return !onlyFresh(originOf, c.handed, func(ssa.Value) bool { return false })
	})
}

// unlockedOf is what fn writes where no Lock dominates, itself and in
// what it calls so: a goroutine's writes, which race whatever its owner
// rules say (a method that locks for a map and bumps a counter after).
func (x *writeIndex) unlockedOf(fn *ssa.Function) fieldSet {
	return x.closure(x.unlocked, fn, func(fn *ssa.Function) fieldSet {
		if fn.Blocks == nil {
			return setOf(x.importedFields(fn).Unlocked)
		}
		return x.accesses(fn).unlockedWrites
	}, func(originOf func(ssa.Value) summary.Origin, call ssa.CallInstruction, c calledInPlace) bool {
		return !underLock(call) && x.handsState(originOf, call, c)
	})
}

// handsState reports whether call hands c something but values its
// function made or sets up for a goroutine.
func (x *writeIndex) handsState(originOf func(ssa.Value) summary.Origin, call ssa.CallInstruction, c calledInPlace) bool {
	return !onlyFresh(originOf, c.handed, func(v ssa.Value) bool { return x.setsUpStarted(call, v, "") })
}

// closure returns, memoized in memo, own(fn) with the closure of each
// function fn calls in place where follow says (given fn's value
// origins): what fn does itself and through its calls.
func (x *writeIndex) closure(memo map[*ssa.Function]fieldSet, fn *ssa.Function, own func(*ssa.Function) fieldSet,
	follow func(originOf func(ssa.Value) summary.Origin, call ssa.CallInstruction, c calledInPlace) bool) fieldSet {
	if fs, ok := memo[fn]; ok {
		return fs
	}
	out := make(fieldSet)
	memo[fn] = out // cuts recursion
	maps.Copy(out, own(fn))
	originOf := x.e.ValueOrigins(fn)
	for call, c := range x.callsInPlace(fn) {
		if follow(originOf, call, c) {
			maps.Copy(out, x.closure(memo, c.fn, own, follow))
		}
	}
	return out
}

// readsOf returns the fields fn reads, itself and in the package's
// functions it calls in place with what it was handed (a loop's frame
// handler laying out what goroutines write).
func (x *writeIndex) readsOf(fn *ssa.Function) fieldSet {
	return x.closure(x.reads, fn, func(fn *ssa.Function) fieldSet {
		if fn.Blocks != nil {
			return x.accesses(fn).reads
		}
		return setOf(x.importedFields(fn).Reads)
	}, followHanded)
}

// loopStateReads returns what loop, a loop's function, reads through the
// values it makes before its loop and hands the calls of each turn (a Gio
// window's run making the app's state, then laying it out every frame):
// state the loop keeps across turns, not a message's, which readsOf does
// not follow into.
func (x *writeIndex) loopStateReads(loop *ssa.Function) fieldSet {
	out := make(fieldSet)
	originOf := x.e.ValueOrigins(loop)
	for call, c := range x.callsInPlace(loop) {
		if !flow.InLoop(call.Block()) {
			continue
		}
		if slices.ContainsFunc(c.handed, func(v ssa.Value) bool {
			def, ok := v.(ssa.Instruction)
			return ok && mayLeadToStruct(v.Type()) && originOf(v).Owned() && !flow.InLoop(def.Block())
		}) {
			maps.Copy(out, x.readsOf(c.fn))
		}
	}
	return out
}

// unlockedReadsOf returns the fields fn reads with no lock held, itself
// and in what it calls in place as readsOf follows, but for calls made
// with a lock held.
func (x *writeIndex) unlockedReadsOf(fn *ssa.Function) fieldSet {
	return x.closure(x.freeReads, fn, func(fn *ssa.Function) fieldSet {
		if fn.Blocks != nil {
			return x.accesses(fn).unlockedReads
		}
		return setOf(x.importedFields(fn).Reads)
	}, func(originOf func(ssa.Value) summary.Origin, call ssa.CallInstruction, c calledInPlace) bool {
		return !underLock(call) && followHanded(originOf, call, c)
	})
}

// followHanded says to follow the calls in place that hand the callee
// something that may lead to state, but a part picked from it (see
// picksPart): reads through those are the callee's.
func followHanded(originOf func(ssa.Value) summary.Origin, _ ssa.CallInstruction, c calledInPlace) bool {
	return !onlyFresh(originOf, c.handed, func(ssa.Value) bool { return false }) && !picksPart(c.handed)
}

// picksPart reports whether some of vs that may lead to state is a part
// its function picked from a field or an element (p.Local of a pair the
// loop checks): reads through it are that part's users', not its
// function's.
func picksPart(vs []ssa.Value) bool {
	return slices.ContainsFunc(vs, func(v ssa.Value) bool {
		if !mayLeadToStruct(v.Type()) {
			return false
		}
		switch v := v.(type) {
		case *ssa.UnOp:
			switch x := v.X.(type) {
			case *ssa.FieldAddr:
				return v.Op == token.MUL && !ofParameter(x.X)
			case *ssa.IndexAddr:
				return v.Op == token.MUL
			}
		case *ssa.Field:
			return !ofParameter(v.X) // (m.cache of a value receiver m is the receiver's)
		case *ssa.Index, *ssa.Lookup:
			return true
		}
		return false
	})
}

// ofParameter reports whether x is a parameter of its function (the
// receiver), or a variable holding one (a receiver closures capture): its
// fields are the function's own state, not parts picked from elsewhere.
func ofParameter(x ssa.Value) bool {
	if load, ok := x.(*ssa.UnOp); ok && load.Op == token.MUL {
		x, _ = flow.HeldValue(load.X)
	}
	_, ok := x.(*ssa.Parameter)
	return ok
}

// A calledInPlace is a function a call runs where its caller runs, and
// the values the call hands it: its arguments and what it captured, or,
// for a func argument run in place (see runsInPlace), what it captured.
type calledInPlace struct {
	fn     *ssa.Function
	handed []ssa.Value
}

// runsInPlace reports whether call runs the func it is handed on its
// caller's goroutine before it returns (once.Do): what that func writes,
// its caller writes.
func runsInPlace(call ssa.CallInstruction) bool {
	return known.RunsInPlace(flow.StaticFunc(call))
}

// orderedByOnce returns the fields of candidate types that only funcs one
// sync.Once's Do runs write (themselves or in what they call in place),
// and that every other function reads only after a Do of that same once:
// Do returns once its func has run, for every caller, so the once orders
// the write before each such read (a lazy config that a warm-up goroutine
// and the accessor both load through the once). A read that skips the
// once (a Peek), or waits on another once, races with the first Do's
// write.
func (x *writeIndex) orderedByOnce() fieldSet {
	if x.onceOrdered != nil {
		return x.onceOrdered
	}
	x.onceOrdered = make(fieldSet)
	byOnce := make(map[*ssa.Function]string) // the once running it; "" if not one known once
	var run func(fn *ssa.Function, once string)
	run = func(fn *ssa.Function, once string) {
		if prev, ok := byOnce[fn]; ok {
			if prev != once {
				byOnce[fn] = ""
			}
			return
		}
		byOnce[fn] = once
		for _, c := range x.callsInPlace(fn) {
			run(c.fn, once) // a method value's wrapper calls the method
		}
	}
	for _, fn := range x.e.Functions() {
		for call := range x.callsInPlace(fn) {
			if once, ok := onceOf(call); ok {
				for _, t := range flow.FuncTargets(call.Common().Args[1]) {
					run(t.Fn, once)
				}
			}
		}
	}
	if len(byOnce) == 0 {
		return x.onceOrdered
	}
	keyOnce := make(map[string]string) // by field, the once whose funcs write it
	outside := make(fieldSet)          // written elsewhere, or read but after that once's Do
	for fn, once := range byOnce {
		for t := range x.fieldTouches(fn, x.e.ValueOrigins(fn)) {
			if !t.write {
				continue
			}
			if prev, ok := keyOnce[t.key]; once == "" || ok && prev != once {
				outside[t.key] = true
			}
			keyOnce[t.key] = once
		}
	}
	for _, fn := range x.e.Functions() {
		if _, ok := byOnce[fn]; ok {
			continue
		}
		for call, c := range x.callsInPlace(fn) {
			if _, ran := byOnce[c.fn]; ran && !isOnceDo(call) {
				// Called outside the once too: its writes are not the once's.
				for t := range x.fieldTouches(c.fn, x.e.ValueOrigins(c.fn)) {
					if t.write {
						outside[t.key] = true
					}
				}
			}
		}
		for t := range x.fieldTouches(fn, x.e.ValueOrigins(fn)) {
			if t.write || !afterOnce(t.instr, keyOnce[t.key]) {
				outside[t.key] = true
			}
		}
	}
	for key := range keyOnce {
		if !outside[key] {
			x.onceOrdered[key] = true
		}
	}
	return x.onceOrdered
}

// onceOf names the once a call of (*sync.Once).Do runs its func on: the
// field holding it (pkg.T.once) or the package variable; another once (a
// local one) is known to its function only, and named "".
func onceOf(call ssa.CallInstruction) (string, bool) {
	obj := flow.StaticFunc(call)
	if obj == nil || names.FuncName(obj) != "(*sync.Once).Do" || len(call.Common().Args) != 2 {
		return "", false
	}
	switch recv := call.Common().Args[0].(type) {
	case *ssa.FieldAddr:
		if named := names.DerefNamed(recv.X.Type()); named != nil {
			return fieldKey(named, names.DerefUnder(recv.X.Type()).(*types.Struct).Field(recv.Field).Name()), true
		}
	case *ssa.Global:
		return recv.RelString(nil), true
	}
	return "", true
}

// isOnceDo reports whether call is of (*sync.Once).Do.
func isOnceDo(call ssa.CallInstruction) bool {
	_, ok := onceOf(call)
	return ok
}

// afterOnce reports whether a Do of the once named once ("" for none)
// runs before instr on every way to it.
func afterOnce(instr ssa.Instruction, once string) bool {
	return once != "" && ranBefore(instr, func(i ssa.Instruction) bool {
		call, ok := i.(ssa.CallInstruction)
		if !ok {
			return false
		}
		o, isDo := onceOf(call)
		return isDo && o == once
	})
}

// ranBefore reports whether an instruction is accepts runs before instr
// on every way to it: earlier in its block, or in a block that dominates
// it.
func ranBefore(instr ssa.Instruction, is func(ssa.Instruction) bool) bool {
	for _, b := range instr.Parent().Blocks {
		if !b.Dominates(instr.Block()) {
			continue
		}
		for _, i := range b.Instrs {
			if i == instr {
				break
			}
			if is(i) {
				return true
			}
		}
	}
	return false
}

// callsInPlace yields each call of fn that runs where fn runs (no go
// statement) with each function it may run so. Of an interface method,
// those are the methods of another package's type whose values the
// package makes and keeps in the field the call is through
// (r.latency.Observe(d), latency: new(metrics.Histogram)): their facts
// tell what they touch. The package's own implementations are placed on
// their own, as the code off an owner or on one reaches them; values of
// other packages' types it is handed or gets elsewhere are no one's here.
func (x *writeIndex) callsInPlace(fn *ssa.Function) iter.Seq2[ssa.CallInstruction, calledInPlace] {
	return func(yield func(ssa.CallInstruction, calledInPlace) bool) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if _, started := instr.(*ssa.Go); !ok || started {
					continue
				}
				if call.Common().IsInvoke() {
					kept := x.madeInto(flow.LoadedField(call.Common().Value))
					if len(kept) == 0 {
						continue // most calls: no implementations to look up
					}
					for _, impl := range x.e.Implementations(call.Common().Method) {
						if impl.Blocks == nil && kept[flow.TypeKey(impl.Signature.Recv().Type())] && !yield(call, calledInPlace{impl, flow.CallArgs(call.Common())}) {
							return
						}
					}
					continue
				}
				for _, t := range flow.FuncTargets(call.Common().Value) {
					if !yield(call, calledInPlace{t.Fn, handedTo(call, t)}) {
						return
					}
				}
				if !runsInPlace(call) {
					continue
				}
				for _, a := range flow.CallArgs(call.Common()) {
					for _, t := range flow.FuncTargets(a) {
						if !yield(call, calledInPlace{t.Fn, t.Bindings.Values}) {
							return
						}
					}
				}
			}
		}
	}
}

// madeInto returns the types, by key, of the values of other packages'
// types the package allocates and stores, as interface values, into the
// field f (new(metrics.Histogram) in a composite literal, or assigned):
// those the package made, and keeps.
func (x *writeIndex) madeInto(f *types.Var) map[string]bool {
	if f == nil {
		return nil
	}
	if x.foreignMade == nil {
		x.foreignMade = make(map[*types.Var]map[string]bool)
		for _, fn := range x.e.Functions() {
			for st, fa := range flow.FieldStores(fn) {
				conv, ok := st.Val.(*ssa.MakeInterface)
				if !ok {
					continue
				}
				alloc, ok := conv.X.(*ssa.Alloc)
				if !ok {
					continue
				}
				if named := names.DerefNamed(alloc.Type()); named == nil || named.Obj().Pkg() == x.pass.Pkg {
					continue
				}
				into := flow.FieldOf(fa)
				if x.foreignMade[into] == nil {
					x.foreignMade[into] = make(map[string]bool)
				}
				x.foreignMade[into][flow.TypeKey(alloc.Type())] = true
			}
		}
	}
	return x.foreignMade[f.Origin()]
}

// handedTo is what call hands t: its arguments and what t captured.
func handedTo(call ssa.CallInstruction, t flow.FuncValue) []ssa.Value {
	return slices.Concat(flow.CallArgs(call.Common()), t.Bindings.Values)
}

// underLocks returns the fields fn, a function that takes a lock, writes
// with it held, itself and in what it calls while it holds it.
func (x *writeIndex) underLocks(fn *ssa.Function) fieldSet {
	acc := x.accesses(fn)
	if !acc.locks {
		return nil
	}
	out := maps.Clone(acc.lockedWrites)
	for call, c := range x.callsInPlace(fn) {
		if underLock(call) {
			maps.Copy(out, x.held(c.fn))
		}
	}
	return out
}

// held is what fn writes when called with a lock held: all it writes,
// locking or not, itself and in the package's code it calls.
func (x *writeIndex) held(fn *ssa.Function) fieldSet {
	return x.closure(x.heldWrites, fn, func(fn *ssa.Function) fieldSet {
		return union(x.accesses(fn).writes, x.accesses(fn).lockedWrites)
	}, func(func(ssa.Value) summary.Origin, ssa.CallInstruction, calledInPlace) bool { return true })
}

// startedCase returns the blocks of fn that run only when it handles a
// started message (the case of a type switch or a type assertion), or nil.
func startedCase(fn *ssa.Function) map[*ssa.BasicBlock]bool {
	var out map[*ssa.BasicBlock]bool
	for _, b := range fn.Blocks {
		cond, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		okOf, ok := cond.Cond.(*ssa.Extract)
		if !ok || okOf.Index != 1 {
			continue
		}
		assert, ok := okOf.Tuple.(*ssa.TypeAssert)
		if !ok {
			continue
		}
		named := names.DerefNamed(assert.AssertedType)
		if named == nil || !known.IsStartedMessage(named.Obj()) {
			continue
		}
		then := b.Succs[0]
		for _, d := range fn.Blocks {
			if then.Dominates(d) {
				if out == nil {
					out = make(map[*ssa.BasicBlock]bool)
				}
				out[d] = true
			}
		}
	}
	return out
}

// setsUp reports whether fn sets values up, as where they are built: a
// functional option, or a turn that sets its actor up (firstTurn,
// setsUpTurn).
func (x *writeIndex) setsUp(fn *ssa.Function) bool {
	return flow.FunctionalOption(fn) || x.firstTurn(fn) || x.setsUpTurn(fn) || x.buildsMade(fn) || x.refusesOnceStarted(fn)
}

// refusesOnceStarted reports whether fn, a method, first checks a flag of
// its receiver and panics or returns when it is set, where a method of the
// type that starts goroutines sets it (Handle's "if s.started.Load() {
// panic(...) }" beside Start's CompareAndSwap(false, true)): it writes
// only before the value started, as a constructor does.
func (x *writeIndex) refusesOnceStarted(fn *ssa.Function) bool {
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 || len(fn.Blocks) == 0 {
		return false
	}
	branch, ok := fn.Blocks[0].Instrs[len(fn.Blocks[0].Instrs)-1].(*ssa.If)
	if !ok || !refuses(fn.Blocks[0].Succs[0]) {
		return false
	}
	flag := flagOf(branch.Cond, fn.Params[0])
	if flag == nil {
		return false
	}
	recv := names.DerefNamed(fn.Params[0].Type())
	for _, m := range x.e.Functions() {
		if m == fn || len(m.Params) == 0 || names.DerefNamed(m.Params[0].Type()) != recv || m.Signature.Recv() == nil || len(goStatements(m)) == 0 {
			continue
		}
		if setsFlag(m, flag) {
			return true
		}
	}
	return false
}

// refuses reports whether block b panics or returns before it writes or
// calls anything but a panic's message.
func refuses(b *ssa.BasicBlock) bool {
	switch b.Instrs[len(b.Instrs)-1].(type) {
	case *ssa.Panic, *ssa.Return:
	default:
		return false
	}
	for _, instr := range b.Instrs {
		switch instr.(type) {
		case *ssa.Store, *ssa.MapUpdate, *ssa.Go, *ssa.Send:
			return false
		}
	}
	return true
}

// flagOf returns the bool field of recv that cond reads: a plain load
// (s.started) or an atomic Load (s.started.Load()); nil for other
// conditions.
func flagOf(cond ssa.Value, recv *ssa.Parameter) *types.Var {
	addr := cond
	if call, ok := cond.(*ssa.Call); ok {
		callee := call.Call.StaticCallee()
		if callee == nil || callee.Name() != "Load" || len(call.Call.Args) != 1 {
			return nil
		}
		addr = call.Call.Args[0]
	} else if load, ok := cond.(*ssa.UnOp); ok && load.Op == token.MUL {
		addr = load.X
	} else {
		return nil
	}
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok || fa.X != recv {
		return nil
	}
	return flow.FieldOf(fa)
}

// setsFlag reports whether fn sets the field flag true: a store of true,
// or an atomic Store(true) or CompareAndSwap(false, true).
func setsFlag(fn *ssa.Function, flag *types.Var) bool {
	isTrue := func(v ssa.Value) bool {
		c, ok := v.(*ssa.Const)
		return ok && c.Value != nil && constant.BoolVal(c.Value)
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Store:
				if flow.FieldOf(in.Addr) == flag && isTrue(in.Val) {
					return true
				}
			case *ssa.Call:
				args := in.Call.Args
				callee := in.Call.StaticCallee()
				if callee == nil || len(args) == 0 || flow.FieldOf(args[0]) != flag {
					continue
				}
				if callee.Name() == "Store" && len(args) == 2 && isTrue(args[1]) || callee.Name() == "CompareAndSwap" && len(args) == 3 && isTrue(args[2]) {
					return true
				}
			}
		}
	}
	return false
}

// buildsMade reports whether fn is an unexported method the package only
// calls, each time on a value the caller made itself and has started
// nothing beside yet (d := &Dashboard{...}; d.build(); return d): it
// builds the value, as the constructor calling it does.
func (x *writeIndex) buildsMade(fn *ssa.Function) bool {
	obj := flow.DeclaredFunc(fn)
	calls := x.e.Callers(fn)
	if obj == nil || obj.Exported() || fn.Signature.Recv() == nil || len(calls) == 0 || !x.e.OnlyCalled(fn) {
		return false
	}
	for _, call := range calls {
		if _, made := madeValue(call.Call.Args[0]).(*ssa.Alloc); !made {
			return false
		}
		if slices.ContainsFunc(goStatements(call.Parent()), func(g *ssa.Go) bool { return flow.Dominates(g, call) }) {
			return false
		}
	}
	return true
}

// setUpBlocks returns the blocks of fn that set its actor up, or nil:
// the case of a turn that handles a started message (see startedCase), or
// all of a turn its framework runs before any other (an Ergo server's
// Init) or of a helper that only such code calls (see setUpHelper).
func (x *writeIndex) setUpBlocks(fn *ssa.Function) map[*ssa.BasicBlock]bool {
	if !x.firstTurn(fn) && !x.setUpHelper(fn) {
		return startedCase(fn)
	}
	all := make(map[*ssa.BasicBlock]bool)
	for _, b := range fn.Blocks {
		all[b] = true
	}
	return all
}

// firstTurn reports whether fn is a turn its framework runs before any
// other (see model.Turns.First).
func (x *writeIndex) firstTurn(fn *ssa.Function) bool {
	obj := flow.DeclaredFunc(fn)
	return obj != nil && x.e.Model().Turns.First(obj)
}

// setUpHelper reports whether fn, unexported, is called in its package
// only where a turn handles a started message (d.createResolver() in the
// Initialized case) or in a first turn (see firstTurn): what it writes
// sets the actor up, as that code's own writes do. A helper also started
// (go r.bind()) or taken as a value may run later, elsewhere: no set-up.
func (x *writeIndex) setUpHelper(fn *ssa.Function) bool {
	obj := flow.DeclaredFunc(fn)
	calls := x.e.Callers(fn)
	if obj == nil || obj.Exported() || len(calls) == 0 || !x.e.OnlyCalled(fn) {
		return false
	}
	for _, call := range calls {
		if !x.firstTurn(call.Parent()) && !startedCase(call.Parent())[call.Block()] {
			return false
		}
	}
	return true
}

// setsUpTurn reports whether fn is a turn of the owner that only gives
// its receiver's fields values it makes or is handed, or defaults where
// it found them zero (no other constants: a Terminate clearing fields or
// setting closed = true is no set-up), and starts nothing before it
// has given them: an actor's Init, which its framework runs before any
// other turn, so before any code a turn starts off the owner. What it
// starts last (a ticker goroutine sending to the actor itself) runs after
// its writes, as code started after a constructor does. What it writes
// is set up, as what a constructor writes is: a field it makes that
// goroutines reach only under a lock may still be :any.
func (x *writeIndex) setsUpTurn(fn *ssa.Function) bool {
	obj := flow.DeclaredFunc(fn)
	if obj == nil || fn.Signature.Recv() == nil || len(fn.Params) == 0 {
		return false
	}
	if _, ok := x.e.Model().Turns.Of(obj); !ok {
		return false
	}
	w := x.e.Walk(fn)
	if w == nil {
		return false
	}
	afterStart := startsIn(fn, append(slices.Clone(w.Spawns), w.Hops...))
	recv := fn.Params[0]
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Store:
				if fa, ok := in.Addr.(*ssa.FieldAddr); ok && fa.X == recv {
					if !givesValue(in.Val) || afterStart[instr] {
						return false // a zero, a copy, or beside what it started: no set-up
					}
					if _, constant := in.Val.(*ssa.Const); constant && !fillsDefault(in, fa) {
						return false // Stop's s.closed = true: a state change, no set-up
					}
				} else if !madeHere(in.Addr) {
					return false // through a value it did not make
				}
			case *ssa.MapUpdate:
				if !madeHere(in.Map) {
					return false
				}
			case *ssa.Call, *ssa.Defer:
				call := instr.(ssa.CallInstruction).Common()
				if callee := call.StaticCallee(); callee != nil && callee.Signature.Recv() != nil &&
					len(call.Args) > 0 && call.Args[0] == recv {
					return false // its own methods may do more (one it starts runs after)
				}
			}
		}
	}
	return true
}

// startsIn returns the instructions of fn that may run once one of
// starts (what fn's walk found it starting or hopping) has started, or
// every instruction when a start is not found among them.
func startsIn(fn *ssa.Function, starts []walk.Entry) map[ssa.Instruction]bool {
	after := make(map[ssa.Instruction]bool)
	for _, st := range starts {
		found := false
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if _, call := instr.(ssa.CallInstruction); call && instr.Pos() == st.Pos {
					found = true
					maps.Copy(after, flow.RunsAfter(instr, func(ssa.Instruction) bool { return false }))
				}
			}
		}
		if !found {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					after[instr] = true
				}
			}
		}
	}
	return after
}

// givesValue reports whether v is a value to set a field up with: not a
// zero constant (Terminate's s.cache = nil; a default such as
// l.limit = 3 may be, see fillsDefault) nor loaded from a variable or
// field.
func givesValue(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Const:
		return !v.IsNil() && (v.Value == nil || !isZeroConstant(v.Value))
	case *ssa.UnOp:
		return v.Op != token.MUL
	}
	return true
}

// fillsDefault reports whether store, of a constant into field, runs only
// where the field was found zero (if l.limit == 0 { l.limit = 3 }): a
// default, which gives the field a value once. Anywhere else a constant
// changes state a turn set before (s.closed = true), as a reset does.
func fillsDefault(store *ssa.Store, field *ssa.FieldAddr) bool {
	for _, b := range store.Parent().Blocks {
		cond, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || !b.Succs[0].Dominates(store.Block()) {
			continue
		}
		test, ok := cond.Cond.(*ssa.BinOp)
		if ok && test.Op == token.EQL && (zeroOfField(test.X, test.Y, field) || zeroOfField(test.Y, test.X, field)) {
			return true
		}
	}
	return false
}

// zeroOfField reports whether v loads the same field of the same value as
// field and zero is its type's zero constant.
func zeroOfField(v, zero ssa.Value, field *ssa.FieldAddr) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	c, isConst := zero.(*ssa.Const)
	return ok && isConst && fa.X == field.X && fa.Field == field.Field &&
		(c.IsNil() || c.Value != nil && isZeroConstant(c.Value))
}

// isZeroConstant reports whether c is its type's zero value.
func isZeroConstant(c constant.Value) bool {
	switch c.Kind() {
	case constant.Bool:
		return !constant.BoolVal(c)
	case constant.String:
		return constant.StringVal(c) == ""
	case constant.Int, constant.Float, constant.Complex:
		return constant.Sign(c) == 0
	}
	return false
}

// keptField is the field of a candidate type that holds v, a map or
// slice (or a re-slice of one) handed to code started at at, when the
// starter keeps holding it there (see walk.StopsHolding).
func (x *writeIndex) keptField(v ssa.Value, at ssa.Instruction) (string, bool) {
	for cut, ok := v.(*ssa.Slice); ok; cut, ok = v.(*ssa.Slice) {
		v = cut.X
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return "", false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return "", false
	}
	named := names.DerefNamed(fa.X.Type())
	st, isStruct := names.DerefUnder(fa.X.Type()).(*types.Struct)
	if named == nil || !isStruct || !x.candidate(named) || walk.StopsHolding(load, at) {
		return "", false
	}
	return fieldKey(named, st.Field(fa.Field).Name()), true
}

// madeValue is what v holds when it is loaded from a variable assigned
// once (a := &App{...}, which a closure the function makes captures), or
// v.
func madeValue(v ssa.Value) ssa.Value {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if held, cell := flow.HeldValue(load.X); cell != nil {
			return held
		}
	}
	return v
}

// madeHere reports whether v is, or is in, a value its function makes
// (flow.Made).
func madeHere(v ssa.Value) bool {
	for {
		switch a := v.(type) {
		case *ssa.FieldAddr:
			v = a.X
		case *ssa.IndexAddr:
			v = a.X
		default:
			return flow.Made(v)
		}
	}
}

// writtenAfterSetUp returns the fields of candidate types that some code
// of the package writes but where a value is built: not its constructors,
// its functional options, an actor's set-up turn (see setsUp), or what
// sets it up for code a go statement then starts (see accesses).
func (x *writeIndex) writtenAfterSetUp() fieldSet {
	if x.afterSetUp != nil {
		return x.afterSetUp
	}
	x.afterSetUp = make(fieldSet)
	for _, fn := range x.e.Functions() {
		if x.setsUp(fn) {
			continue
		}
		acc := x.accesses(fn)
		maps.Copy(x.afterSetUp, acc.writes)
		maps.Copy(x.afterSetUp, acc.lockedWrites)
		maps.Copy(x.afterSetUp, acc.unlockedWrites)
	}
	return x.afterSetUp
}

// reassigned reports whether any code of the package but constructors and
// functional options assigns the field key, also to set a value up for a
// goroutine: for a channel, a sync or an atomic field, the check then
// takes it for state.
func (x *writeIndex) reassigned(key string) bool {
	if x.startWritten == nil {
		x.startWritten = make(fieldSet)
		for _, fn := range x.e.Functions() {
			maps.Copy(x.startWritten, x.accesses(fn).startWrites)
		}
	}
	return x.writtenAfterSetUp()[key] || x.startWritten[key]
}

// touchesIn adds to acc the fields of candidate types that the
// instructions of window read and write without a lock, themselves
// (through any value) and, for writes, in the functions they call with
// what their function was handed (see handedAll).
func (x *writeIndex) touchesIn(window map[ssa.Instruction]bool, acc *fieldAccesses) {
	for instr := range window {
		if call, ok := instr.(*ssa.Call); ok && !call.Common().IsInvoke() {
			for _, t := range flow.FuncTargets(call.Common().Value) {
				if handedAll(handedTo(call, t), handedOnly) {
					maps.Copy(acc.writes, x.of(t.Fn))
				}
			}
		}
		v, index, write, ok := walk.FieldTouch(instr, nil)
		if !ok {
			continue
		}
		named := names.DerefNamed(v.Type())
		st, ok := names.DerefUnder(v.Type()).(*types.Struct)
		if named == nil || !ok || index >= st.NumFields() || !x.candidate(named) || underLock(instr) {
			continue // a touch under a lock races with no other locked one
		}
		if key := fieldKey(named, st.Field(index).Name()); write {
			acc.writes[key] = true
		} else {
			acc.reads[key] = true
		}
	}
}

// ownWrites is what fn, code a go statement starts, writes through the
// values it was handed: in its own body where no Lock dominates, and in
// what it calls with those values themselves (c.bump(), s.handle(msg)).
// A helper one of them keeps in a field (l.hist.add(v)) counts with it.
// What it calls with a value it derived from them (t.insert(n.kids[i]),
// the part of a tree one goroutine of a fan-out works on) is left out:
// such a part is that goroutine's, as far as -suggest can tell; so is
// what it captured of an iteration of the loop starting it (perIteration:
// go func() { inspect(child) }() for each child). A call handed both
// (r.apply(snap), snap fetched by the goroutine) counts with the types
// only the handed values lead to.
func (x *writeIndex) ownWrites(fn *ssa.Function, perIteration map[int]bool) fieldSet {
	if fn.Blocks == nil {
		return x.unlockedOf(fn) // another package's (go c.cache.Prefetch(ids)): what it exported
	}
	out := maps.Clone(x.accesses(fn).unlockedWrites)
	derived := func(v ssa.Value) bool { return !handedAll([]ssa.Value{v}, keptByHanded) }
	for call, c := range x.callsInPlace(fn) {
		parts, ok := partTypes(c.handed, capturedOf(fn, perIteration))
		others, known := partTypes(c.handed, derived)
		if ok && known && !underLock(call) && slices.ContainsFunc(c.handed, func(v ssa.Value) bool { return !derived(v) && leadsToState(v) }) {
			excluded := maps.Clone(parts)
			if excluded == nil {
				excluded = make(map[string]bool)
			}
			maps.Copy(excluded, others)
			maps.Copy(out, withoutTypes(x.unlockedOf(c.fn), excluded))
		}
	}
	return out
}

// ownValueWrites are the fields fn, code a go statement starts, writes,
// itself and in what it calls, only through what it captured at own,
// values each start has of its own (see spawnedCode.perIteration and
// fresh).
func (x *writeIndex) ownValueWrites(fn *ssa.Function, own map[int]bool) fieldSet {
	out, elsewhere := make(fieldSet), make(fieldSet)
	if len(own) == 0 {
		return out // most goroutines have no value of their own
	}
	mine := capturedOf(fn, own)
	for t := range x.fieldTouches(fn, x.e.ValueOrigins(fn)) {
		switch {
		case !t.write:
		case mine(t.v):
			out[t.key] = true
		default:
			elsewhere[t.key] = true
		}
	}
	for call, c := range x.callsInPlace(fn) {
		if underLock(call) {
			continue
		}
		to := elsewhere
		parts := slices.DeleteFunc(slices.Clone(c.handed), func(v ssa.Value) bool { return !mayLeadToStruct(v.Type()) })
		if len(parts) > 0 && !slices.ContainsFunc(parts, func(v ssa.Value) bool { return !mine(v) }) {
			to = out // p.finish(err)
		}
		maps.Copy(to, x.unlockedOf(c.fn))
	}
	for key := range elsewhere {
		delete(out, key)
	}
	return out
}

// ownReads is what fn, code a go statement starts, reads where no Lock
// dominates, in its own body and in what it calls, but with what it
// captured of an iteration of the loop starting it (see ownWrites).
func (x *writeIndex) ownReads(fn *ssa.Function, perIteration map[int]bool) fieldSet {
	if fn.Blocks == nil {
		return x.readsOf(fn)
	}
	out := maps.Clone(x.accesses(fn).unlockedReads)
	for call, c := range x.callsInPlace(fn) {
		if parts, ok := partTypes(c.handed, capturedOf(fn, perIteration)); ok && !underLock(call) {
			maps.Copy(out, withoutTypes(x.readsOf(c.fn), parts))
		}
	}
	return out
}

// partTypes returns the type keys of the struct types that the parts
// among handed (per-iteration values, isPart: a shard, a child node)
// lead to, themselves and through their fields: what a callee touches of
// those types is the part's, while its touches of other types (the
// spawner's clock, read through the receiver also handed) are shared.
// A context made per iteration leads to nothing a callee writes; any
// other part leading to structs it cannot name (an interface: a child
// node of a tree) makes it return false.
func partTypes(handed []ssa.Value, isPart func(ssa.Value) bool) (map[string]bool, bool) {
	var out map[string]bool
	for _, v := range handed {
		if !isPart(v) {
			continue
		}
		if names.IsContext(v.Type()) {
			continue
		}
		if out == nil {
			out = make(map[string]bool)
		}
		if !noteStructTypes(out, v.Type(), maxPartDepth) {
			return nil, false
		}
	}
	return out, true
}

// maxPartDepth bounds how many levels of fields partTypes follows from a
// part: deeper, a struct is the part's own detail (a time's location).
const maxPartDepth = 6

// noteStructTypes adds to keys the named struct types t leads to, at
// most depth levels of fields and elements down; false when t leads to an
// interface or type parameter before that.
func noteStructTypes(keys map[string]bool, t types.Type, depth int) bool {
	if depth == 0 {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Interface, *types.TypeParam:
		return false
	case *types.Pointer:
		return noteStructTypes(keys, u.Elem(), depth)
	case *types.Slice:
		return noteStructTypes(keys, u.Elem(), depth)
	case *types.Array:
		return noteStructTypes(keys, u.Elem(), depth)
	case *types.Chan:
		return noteStructTypes(keys, u.Elem(), depth)
	case *types.Map:
		return noteStructTypes(keys, u.Key(), depth) && noteStructTypes(keys, u.Elem(), depth)
	case *types.Struct:
		if _, named := types.Unalias(t).(*types.Named); named {
			key := flow.TypeKey(t)
			if keys[key] {
				return true
			}
			keys[key] = true
		}
		for f := range u.Fields() {
			if mayLeadToStruct(f.Type()) && !noteStructTypes(keys, f.Type(), depth-1) {
				return false
			}
		}
	}
	return true
}

// withoutTypes returns the fields of fs but those of the types keys.
func withoutTypes(fs fieldSet, keys map[string]bool) fieldSet {
	if len(keys) == 0 {
		return fs
	}
	out := make(fieldSet, len(fs))
	for key := range fs {
		if !keys[key[:strings.LastIndex(key, ".")]] {
			out[key] = true
		}
	}
	return out
}

// capturedOf says whether a value of fn is what it captured at one of
// the indices, a value that may lead to state.
func capturedOf(fn *ssa.Function, indices map[int]bool) func(ssa.Value) bool {
	return func(v ssa.Value) bool {
		fv, ok := heldBy(v).(*ssa.FreeVar)
		return ok && indices[slices.Index(fn.FreeVars, fv)] && mayLeadToStruct(v.Type())
	}
}

// handedAll reports whether each of vs that may lead to state is what its
// function was handed (handedIn), or else what also says, not a part it
// picked from it. A plain value (a quota of numbers the goroutine fetched)
// is a copy: it leads nowhere; nor does what a call given nothing that
// leads anywhere returns (time.Now()).
func handedAll(vs []ssa.Value, also func(ssa.Value) bool) bool {
	for _, v := range vs {
		if _, isConst := v.(*ssa.Const); !isConst && !handedIn(v) && !also(v) && leadsToState(v) && !madeFromNothing(v) {
			return false
		}
	}
	return true
}

// leadsToState reports whether v may lead to a struct's fields that others
// share: not a plain value, which is a copy.
func leadsToState(v ssa.Value) bool {
	return mayLeadToStruct(v.Type()) && names.SharesMemory(v.Type())
}

// madeFromNothing reports whether v is a struct value (a copy) that a
// static call handed nothing that leads to state returns (time.Now()).
// A pointer such a call returns is a new value (cache.New()): what the
// goroutine writes through it is its own, not a part of what it shares.
func madeFromNothing(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if _, isStruct := v.Type().Underlying().(*types.Struct); !ok || !isStruct {
		return false
	}
	return call.Common().StaticCallee() != nil && !slices.ContainsFunc(flow.CallArgs(call.Common()), leadsToState)
}

// keptByHanded reports whether v is loaded from a field of what its
// function was handed (l.hist in go func() { l.hist.add(v) }()), or is
// the address of such a field held by value (&a.stats in a.stats.note()):
// a helper the handed value keeps, shared with all that use it, not a
// part picked for one goroutine (an element, n.kids[i]).
func keptByHanded(v ssa.Value) bool {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X
	}
	fa, ok := v.(*ssa.FieldAddr)
	return ok && handedIn(fa.X)
}

// handedOnly is the also of handedAll that adds nothing.
func handedOnly(ssa.Value) bool { return false }

// mayLeadToStruct reports whether a value of type t may lead to a struct's
// fields: a struct, an interface, or a pointer, slice, array, map or
// channel of one. Bytes and strings lead to none.
func mayLeadToStruct(t types.Type) bool {
	if t == types.Universe.Lookup("error").Type() {
		return false // a failure, not state: markCanceled(context.Cause(ctx))
	}
	for range 8 {
		switch u := t.Underlying().(type) {
		case *types.Struct, *types.Interface, *types.TypeParam:
			return true
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Chan:
			t = u.Elem()
		case *types.Map:
			if mayLeadToStruct(u.Key()) {
				return true
			}
			t = u.Elem()
		default:
			return false
		}
	}
	return true
}

// onlyFresh reports whether vs hold values that could lead to state (a
// pointer, a reference, an interface) and each is one the function made
// itself (a message built and filled per call, a pooled buffer) or sets up
// for code it starts after (setUp): what a callee writes through them is
// no owner's state.
func onlyFresh(originOf func(ssa.Value) summary.Origin, vs []ssa.Value, setUp func(ssa.Value) bool) bool {
	carrying := false
	for _, v := range vs {
		if !mayLeadToStruct(v.Type()) {
			continue
		}
		if !originOf(v).Owned() && !setUp(v) {
			return false
		}
		carrying = true
	}
	return carrying
}

// A startSite is a go statement and the values it hands the code it
// starts: its arguments (the receiver too) and what a literal captures;
// or a call of a function of the package whose go statements start code
// on what the call hands it (a.Start() running go a.clock()).
type startSite struct {
	at      ssa.Instruction
	values  []ssa.Value
	targets []*ssa.Function          // the functions it may start
	after   map[ssa.Instruction]bool // what may run after it; nil until asked
	reads   fieldSet                 // what they read (see startedReads); nil until asked
}

// startedReads is what the code site starts reads, itself and through
// the package's functions it calls in place with what it was handed.
// It scans the bodies itself rather than through accesses, which asks
// setsUpStarted: a goroutine may start its own kind again.
func (x *writeIndex) startedReads(site *startSite) fieldSet {
	if site.reads == nil {
		site.reads = make(fieldSet)
		memo := make(map[*ssa.Function]fieldSet)
		for _, fn := range site.targets {
			maps.Copy(site.reads, x.closure(memo, fn, func(fn *ssa.Function) fieldSet {
				reads := make(fieldSet)
				for t := range x.fieldTouches(fn, x.e.ValueOrigins(fn)) {
					if !t.write {
						reads[t.key] = true
					}
				}
				return reads
			}, followHanded))
		}
	}
	return site.reads
}

// startSites are fn's go statements, as start sites.
func startSites(fn *ssa.Function) []*startSite {
	var sites []*startSite
	for _, g := range goStatements(fn) {
		site := &startSite{at: g, values: flow.CallArgs(g.Common())}
		for _, t := range flow.FuncTargets(g.Call.Value) {
			site.values = append(site.values, t.Bindings.Values...)
			site.targets = append(site.targets, t.Fn)
		}
		sites = append(sites, site)
	}
	return sites
}

// callsStarting yields fn's calls of other functions of its package that
// have go statements.
func callsStarting(fn *ssa.Function) iter.Seq[*ssa.Call] {
	return func(yield func(*ssa.Call) bool) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				callee := call.Common().StaticCallee()
				if callee == nil || callee == fn || callee.Pkg != fn.Pkg || len(goStatements(callee)) == 0 {
					continue
				}
				if !yield(call) {
					return
				}
			}
		}
	}
}

// goStatements are fn's go statements.
func goStatements(fn *ssa.Function) []*ssa.Go {
	var out []*ssa.Go
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if g, ok := instr.(*ssa.Go); ok {
				out = append(out, g)
			}
		}
	}
	return out
}

// setsUpStarted reports whether instr, which touches v (its field key, or
// "" for a call handing v), runs before a go statement of its function, and
// never after it, that hands v to the code it starts, which reads that field
// (c.conn = conn; go c.recvLoop()): what it writes through v sets the
// value up for that code, which owns it from then on, as a constructor's
// writes do. It is no evidence that the code around (a loop building the
// value) owns it. A field the started code does not read is no set-up: a
// click's handler counting the click, then starting a fetch.
func (x *writeIndex) setsUpStarted(instr ssa.Instruction, v ssa.Value, key string) bool {
	fn := instr.Parent()
	sites, ok := x.starts[fn]
	if !ok {
		sites = startSites(fn)
		for call := range callsStarting(fn) {
			// What the callee's go statements are handed of its
			// parameters, the call hands them.
			callee := call.Common().StaticCallee()
			args := flow.CallArgs(call.Common())
			site := &startSite{at: call}
			for _, inner := range startSites(callee) {
				for i, p := range callee.Params {
					if i < len(args) && slices.Contains(inner.values, ssa.Value(p)) {
						site.values = append(site.values, args[i])
						site.targets = append(site.targets, inner.targets...)
					}
				}
			}
			if len(site.values) > 0 {
				sites = append(sites, site)
			}
		}
		x.starts[fn] = sites
	}
	// The variable v is loaded from, which a literal captures, or loads
	// of which a go statement's arguments are.
	cell := heldBy(v)
	for _, site := range sites {
		handed := slices.ContainsFunc(site.values, func(sv ssa.Value) bool { return sv == v || heldBy(sv) == cell })
		if !handed || key != "" && !x.startedReads(site)[key] {
			continue
		}
		after := site.after
		if turn := freshEachTurn(cell); turn != nil {
			// A value each turn of a loop receives or makes anew
			// (case c := <-h.register: c.onFail = ...; go c.pump()):
			// what runs after the start, in a later turn, writes
			// another one.
			after = flow.RunsAfter(site.at, func(i ssa.Instruction) bool { return i == turn })
		} else if after == nil {
			site.after = flow.RunsAfter(site.at, func(ssa.Instruction) bool { return false })
			after = site.after
		}
		if !after[instr] && flow.RunsAfter(instr, func(i ssa.Instruction) bool { return i == site.at })[site.at] {
			return true // before the start, never after (not in another case of a turn's switch)
		}
	}
	return false
}

// freshEachTurn returns the instruction that gives v, a value or the
// variable holding it, a value no earlier run of it gave: a receive
// (flow.ReceivedFrom: x := <-ch, x, ok := <-ch, a select's case), an
// allocation (flow.Made), or a variable only ever assigned those. Else nil.
func freshEachTurn(v ssa.Value) ssa.Instruction {
	fresh := func(v ssa.Value) bool { return flow.Made(v) || flow.ReceivedFrom(v) != nil }
	cell, ok := v.(*ssa.Alloc)
	if !ok || !cell.Heap {
		if instr, ok := v.(ssa.Instruction); ok && fresh(v) {
			return instr
		}
		return nil
	}
	if !slices.ContainsFunc(flow.StoredValues(cell), func(st ssa.Value) bool { return !fresh(st) }) {
		return cell
	}
	return nil
}

// withOtherPackages returns writes, what fn writes itself, with what the
// functions of other packages it calls statically write: they have no
// body here, but FieldsFact tells. What fn calls in the package is placed
// on its own.
func (x *writeIndex) withOtherPackages(fn *ssa.Function, writes fieldSet) fieldSet {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok && !call.Common().IsInvoke() {
				if callee := call.Common().StaticCallee(); callee != nil && callee.Blocks == nil {
					writes = union(writes, x.of(callee))
				}
			}
		}
	}
	return writes
}

// export publishes FieldsFact on the package's exported functions
// that write or read fields of candidate types (reads only of those plain
// says may race).
func (x *writeIndex) export(plain func(key string) bool) {
	for _, fn := range x.e.Functions() {
		obj := flow.DeclaredFunc(fn)
		if obj == nil || !obj.Exported() || fn.Synthetic != "" {
			continue
		}
		ws, rs := x.of(fn), maps.Clone(x.readsOf(fn))
		maps.DeleteFunc(rs, func(key string, _ bool) bool { return !plain(key) })
		if len(ws) > 0 || len(rs) > 0 {
			x.pass.ExportObjectFact(obj, &FieldsFact{Writes: slices.Sorted(maps.Keys(ws)), Unlocked: slices.Sorted(maps.Keys(x.unlockedOf(fn))), Reads: slices.Sorted(maps.Keys(rs)),
				Grows: slices.Sorted(maps.Keys(x.growsOf(fn)))})
		}
	}
}

// setOf is the fieldSet of keys.
func setOf(keys []string) fieldSet {
	out := make(fieldSet, len(keys))
	for _, k := range keys {
		out[k] = true
	}
	return out
}

func union(a, b fieldSet) fieldSet {
	out := maps.Clone(a)
	maps.Copy(out, b)
	return out
}

// A writeIndex knows what the package's functions write of candidate types.
type writeIndex struct {
	e            *walk.Package
	m            *model.Model
	pass         *analysis.Pass
	writes       map[*ssa.Function]fieldSet              // see of
	direct       map[*ssa.Function]fieldSet              // see directOf
	reads        map[*ssa.Function]fieldSet              // see readsOf
	freeReads    map[*ssa.Function]fieldSet              // see unlockedReadsOf
	unlocked     map[*ssa.Function]fieldSet              // see unlockedOf
	grown        map[*ssa.Function]fieldSet              // see growsOf
	foreignReads map[*ssa.Function]fieldSet              // see importedReads
	foreignGrows map[*ssa.Function]fieldSet              // see importedGrows
	access       map[*ssa.Function]fieldAccesses         // see accesses
	starts       map[*ssa.Function][]*startSite          // see setsUpStarted
	heldWrites   map[*ssa.Function]fieldSet              // see held
	afterSetUp   fieldSet                                // see writtenAfterSetUp; nil until asked
	onceOrdered  fieldSet                                // see orderedByOnce; nil until asked
	startWritten fieldSet                                // what code setting values up for goroutines writes (see reassigned); nil until asked
	kept, made   map[*ssa.Function]map[*types.Named]bool // see keptReceived, keptMade
	foreignMade  map[*types.Var]map[string]bool          // see madeInto; nil until asked
}

func newWriteIndex(e *walk.Package) *writeIndex {
	return &writeIndex{e: e, m: e.Model(), pass: e.Pass(), writes: make(map[*ssa.Function]fieldSet), direct: make(map[*ssa.Function]fieldSet), reads: make(map[*ssa.Function]fieldSet), freeReads: make(map[*ssa.Function]fieldSet), unlocked: make(map[*ssa.Function]fieldSet), grown: make(map[*ssa.Function]fieldSet), foreignReads: make(map[*ssa.Function]fieldSet), foreignGrows: make(map[*ssa.Function]fieldSet), access: make(map[*ssa.Function]fieldAccesses), starts: make(map[*ssa.Function][]*startSite), heldWrites: make(map[*ssa.Function]fieldSet), kept: make(map[*ssa.Function]map[*types.Named]bool), made: make(map[*ssa.Function]map[*types.Named]bool)}
}

// reset forgets what the index found.
func (x *writeIndex) reset() {
	clear(x.writes)
	clear(x.direct)
	clear(x.reads)
	clear(x.unlocked)
	clear(x.grown)
	clear(x.foreignReads)
	clear(x.foreignGrows)
	clear(x.access)
	clear(x.starts)
	clear(x.heldWrites)
	clear(x.kept)
	x.afterSetUp, x.startWritten, x.onceOrdered = nil, nil, nil
}
