package walk

// This file decides what counts as touching confined state: calling a
// method of a confined type or an owner-only function, and reading or
// writing a confined field or value. Members marked //confined:any are
// exempt, and so are uses (not assignments) of fields whose type is a
// channel or comes from sync or sync/atomic.

import (
	"cmp"
	"go/token"
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/ssa"
)

// CallTouch returns the witness for calling fn when the call as a whole
// touches confined state: fn is marked //confined:owner (a contract for its
// callers, whatever its body does), or it is a method of a confined type
// whose body is out of view (another package's, of a type confined by a
// declaration) or touches confined state. A method of a
// confined type is that state's API: calling one whose body only sends on a
// channel or uses :any members touches nothing (docs/directives.md, "Method
// calls"). The witness names the method and, inside, the data it reaches.
func (c *Package) CallTouch(fn *ssa.Function, pos token.Pos) *summary.Witness {
	obj := flow.DeclaredFunc(fn)
	if obj == nil {
		return nil
	}
	sum := c.SummaryOf(fn)
	switch d := c.M.Directives(obj); {
	case d != nil && (d.Loop || d.Any):
		return nil
	case d != nil && d.Owner:
	case !c.M.ConfinedMethod(obj):
		return nil
	case obj.Pkg() != c.pass.Pkg && c.M.ConfinedByDeclaration(names.ReceiverNamed(obj)):
		// Its package may not have known the type confined: whatever its
		// summary says, calling it is a touch (one meaning wherever the
		// declaration is written).
	case sum != nil && len(sum.Touches) == 0, sum == nil && c.M.BodyInView(obj):
		return nil
	}
	wit := &summary.Witness{Action: summary.ActionCalls, Member: names.FuncName(obj), Domain: c.M.ReceiverDomain(obj), Site: c.M.Position(pos)}
	if c.M.OwnerOnly(obj) {
		wit.Domain = c.M.OwnerFuncDomain(obj)
	}
	if sum != nil {
		wit.Reaches = sum.Reaches
		// Only through a func handed to a callee assumed to call it in
		// place (s.loop.After(d, func() {...})): the call is as assumed.
		wit.Assumed = len(sum.Touches) > 0 && !slices.ContainsFunc(sum.Touches, func(t summary.Touch) bool { return !t.Witness.Assumed })
	}
	return wit
}

// access handles the instructions that read or write values.
func (w *walker) access(instr ssa.Instruction) {
	pos := flow.InstrPos(instr)
	switch in := instr.(type) {
	case *ssa.FieldAddr, *ssa.Field:
		if fa, isAddr := instr.(*ssa.FieldAddr); isAddr {
			if at := readInCallees(fa, maxReadDepth); at.found() { // report(&s.stats)
				w.addressRead(fa, at)
				return
			}
		}
		if onlyBound(instr) {
			return // a method value of the field (u.notice.Hide, promoted): the method touches where it runs
		}
		if fa, isAddr := instr.(*ssa.FieldAddr); isAddr && onlyOwnTouches(fa, w.reportedTouch) {
			return // d.stats.note(), a confined method of the field's type: its touches are the touches
		}
		if privateCopy(in) {
			return // a plain field of a copy the function was given: nobody else's memory
		}
		if fa, isAddr := instr.(*ssa.FieldAddr); isAddr && w.c.lockedByItsMethods(fa) {
			return // b.stats.bump(), which takes the block's own lock first
		}
		if x, index, write, ok := FieldTouch(instr, w.reportedTouch); ok {
			if !write && w.c.handsOutEntries(instr) {
				return // the caller's touches of the entries are the touches (Summary.ResultCarriers)
			}
			w.field(instr, x, index, write)
		} else if fa, isAddr := instr.(*ssa.FieldAddr); isAddr && w.c.reassignedField(flow.FieldOf(fa)).Line > 0 {
			w.field(instr, fa.X, fa.Field, false) // an atomic's method, on one the owner replaces
		}
	case *ssa.UnOp:
		if in.Op == token.MUL && !onlyFieldsRead(in) && (names.SharesMemory(in.Type()) || !structVariable(in.X)) {
			w.wholeStruct(pos, in.X, summary.ActionReads) // (a copy of a copy the function was given is its own)
		}
	case *ssa.Store:
		w.wholeStruct(pos, in.Addr, summary.ActionWrites)
	case *ssa.MapUpdate:
		w.value(pos, in.Map, summary.ActionWrites)
	case *ssa.Lookup:
		w.value(pos, in.X, summary.ActionReads)
	case *ssa.Index:
		w.value(pos, in.X, summary.ActionReads)
	case *ssa.IndexAddr:
		if at := readInCallees(in, maxReadDepth); at.found() { // render(&items[i])
			w.value(at.at, in.X, summary.ActionReads)
			return
		}
		action := summary.ActionReads // what kindOf would say, without searching the helpers again
		if usesWrite(in, w.reportedTouch, maxReadDepth) {
			action = summary.ActionWrites
		}
		w.value(pos, in.X, action)
	case *ssa.Range:
		w.value(pos, in.X, summary.ActionReads)
	case *ssa.Slice:
		w.value(pos, in.X, summary.ActionReads)
	}
}

// maxReadDepth bounds how deep readInCallees follows an address through
// helpers handing it on.
const maxReadDepth = 3

// readSite is where code first reads through an address it was handed:
// at, in the last of the calls via (outermost first).
type readSite struct {
	at  token.Pos
	via []calledAt
}

// calledAt is a call of fn at pos.
type calledAt struct {
	fn  *ssa.Function
	pos token.Pos
}

// found reports whether some read was found.
func (r readSite) found() bool { return r.at.IsValid() }

// through is wit as the calls of r lead to it.
func (r readSite) through(w *walker, wit summary.Witness) summary.Witness {
	for i := len(r.via) - 1; i >= 0; i-- {
		wit = wit.Through(flow.Name(r.via[i].fn), w.position(r.via[i].pos))
	}
	return wit
}

// readInCallees is where the functions that v, an address, is handed to
// first read through it, when that is all that happens to it: each use is
// an argument of a call of a function of the same package that only reads
// through that parameter, or hands it on to another such call
// (write(&recs[i]) printing r.ID). The race detector names the callee's
// read, not the line taking the address. Nothing found when some use may
// write, or when the address goes anywhere else.
func readInCallees(v ssa.Value, depth int) readSite {
	return firstRead(v, depth, false)
}

// firstRead is where the uses of v, an address, first read through it,
// when none writes: reads in place (when inPlace, as a parameter's body
// may), and calls of functions of the same package reading through their
// parameter (see readInCallees). Nothing found when some use may write,
// goes elsewhere, or is more than depth calls deep.
func firstRead(v ssa.Value, depth int, inPlace bool) readSite {
	refs := flow.Referrers(v)
	if depth == 0 || len(refs) == 0 {
		return readSite{}
	}
	var first readSite
	for _, r := range refs {
		var at readSite
		switch r := r.(type) {
		case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.UnOp:
			if inPlace && kindOf(r, nil, depth) == summary.ActionReads {
				at.at = flow.InstrPos(r)
			}
		case ssa.CallInstruction:
			at = readInCall(r, v, depth)
		case *ssa.DebugRef:
			continue
		}
		if !at.found() {
			return readSite{}
		}
		if !first.found() || at.at < first.at {
			first = at
		}
	}
	return first
}

// readInCall is where call's callee, a function of v's package, first
// reads through v, an address handed to it, if it only reads through it.
func readInCall(call ssa.CallInstruction, v ssa.Value, depth int) readSite {
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Blocks == nil || callee.Pkg != v.Parent().Pkg {
		return readSite{}
	}
	var first readSite
	for i, arg := range flow.CallArgs(call.Common()) {
		if arg != v {
			continue
		}
		at := firstRead(callee.Params[i], depth-1, true)
		if !at.found() {
			return readSite{}
		}
		if !first.found() || at.at < first.at {
			first = readSite{at: at.at, via: append([]calledAt{{callee, call.Pos()}}, at.via...)}
		}
	}
	return first
}

// privateCopy reports whether instr selects a field that holds no shared
// memory (see sharesMemory), a pointer to a value that guards itself, or a
// slice's length, of a struct value copied before this function got it: a
// value (a value receiver or parameter, a value captured by value, a
// call's result), or the variable a parameter was stored in when a closure
// captures it. The load that made the copy, wherever it ran, is the touch;
// reading the copy reads nobody else's memory. A copied pointer to a
// struct with a mutex of its own (t.fut.Resolve(v) on a ticket handed by
// value) leads to nothing the field's read stands for; a copied map, slice
// or other pointer leads to the owner's entries or fields, which it does.
// A local variable the function copied a value into itself is not taken
// for one yet.
func privateCopy(instr ssa.Instruction) bool {
	switch in := instr.(type) {
	case *ssa.Field:
		return (!names.SharesMemory(in.Type()) || pointsToGuarded(in.Type()) || lengthOfSlice(in)) && copied(in.X)
	case *ssa.FieldAddr:
		elem := in.Type().(*types.Pointer).Elem()
		return (!names.SharesMemory(elem) || pointsToGuarded(elem) || lengthOfSlice(in)) && structVariable(in.X) && accessKind(in, nil) == summary.ActionReads
	}
	return false
}

// lockedByItsMethods reports whether fa, the address of a field holding a
// struct with a mutex of its own (a counter block with its lock), is only
// the receiver of methods that take a lock of it first: what they touch,
// they touch under that lock, and the holder's field is no more touched
// than by a read of its address.
func (c *Package) lockedByItsMethods(fa *ssa.FieldAddr) bool {
	if !names.HasMutex(fa.Type().(*types.Pointer).Elem()) {
		return false
	}
	refs := flow.Referrers(fa)
	return len(refs) > 0 && !slices.ContainsFunc(refs, func(ref ssa.Instruction) bool {
		call, ok := ref.(ssa.CallInstruction)
		if !ok {
			return true
		}
		common := call.Common()
		callee := common.StaticCallee()
		return callee == nil || len(common.Args) == 0 || common.Args[0] != fa || slices.Contains(common.Args[1:], ssa.Value(fa)) || !c.recvHabits(callee).locksFirst
	})
}

// pointsToGuarded reports whether t points to a struct with a mutex of
// its own.
func pointsToGuarded(t types.Type) bool {
	ptr, ok := t.Underlying().(*types.Pointer)
	return ok && names.HasMutex(ptr.Elem())
}

// lengthOfSlice reports whether instr selects a slice field only to take
// its length or capacity: the copy's own header holds them (a map's or a
// channel's length is the shared value's).
func lengthOfSlice(instr ssa.Instruction) bool {
	_, isSlice := names.DerefUnder(instr.(ssa.Value).Type()).(*types.Slice)
	return isSlice && readUse(instr) == summary.UseLength
}

// copied reports whether the struct value v was copied before this
// function got it, rather than loaded here.
func copied(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.UnOp:
		return v.Op != token.MUL // loaded here: the fields read are the touch (see onlyFieldsRead)
	case *ssa.Field:
		return copied(v.X)
	case *ssa.Phi:
		return !slices.ContainsFunc(v.Edges, func(e ssa.Value) bool { return !copied(e) })
	}
	return true
}

// structVariable reports whether addr is the cell of a local variable or
// parameter holding a struct value, maybe captured by a closure: func (p
// preview) f() { go func() { use(p.sel) }() } reads the method's own copy.
func structVariable(addr ssa.Value) bool {
	if _, isStruct := names.DerefUnder(addr.Type()).(*types.Struct); !isStruct {
		return false // most addresses: no need to find what a closure captured
	}
	if fv, ok := addr.(*ssa.FreeVar); ok {
		addr = flow.CapturedValue(fv)
	}
	cell, ok := addr.(*ssa.Alloc)
	if !ok || cell.Comment == "" {
		return false
	}
	return slices.ContainsFunc(cell.Parent().Params, func(p *ssa.Parameter) bool {
		return slices.ContainsFunc(flow.Referrers(p), func(r ssa.Instruction) bool {
			st, ok := r.(*ssa.Store)
			return ok && st.Addr == cell
		})
	})
}

// onlyBound reports whether the address instr computes is only bound as
// the receiver of method values: taking x.f.M reads nothing of x.f, and
// what M touches is reported where the method value runs (not at all
// when a hop runs it on the owner).
func onlyBound(instr ssa.Instruction) bool {
	fa, ok := instr.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	refs := flow.Referrers(fa)
	bound := false
	for _, ref := range refs {
		switch r := ref.(type) {
		case *ssa.MakeClosure:
			bound = true
			if r.Fn == nil || !slices.Contains(r.Bindings, ssa.Value(fa)) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return bound
}

// field handles a selection of field index of the struct x (or *x).
func (w *walker) field(instr ssa.Instruction, x ssa.Value, index int, write bool) {
	pos := flow.InstrPos(instr)
	if wit, ok := w.fieldWitness(x, index, write, pos); ok {
		if !write {
			wit.Use = readUse(instr)
		}
		w.touch(pos, x, w.fieldOrigin(instr, x), wit)
	}
}

// addressRead handles the address of x.f handed only to helpers that read
// through it (report(&s.stats)): a read of x.f where the first of them
// does, which is the line the race detector names.
func (w *walker) addressRead(fa *ssa.FieldAddr, at readSite) {
	if wit, ok := w.fieldWitness(fa.X, fa.Field, false, at.at); ok {
		w.touch(at.at, fa.X, w.fieldOrigin(fa, fa.X), at.through(w, wit))
	}
}

// fieldOrigin is where the memory a field selection of x touches comes
// from: x's, but for a map, slice or pointer field of the variable a
// function keeps a struct parameter in (func check(m model) { m.index[k]
// }), what it refers to is the original's, not the copy's, unless the
// function assigns the field itself.
func (w *walker) fieldOrigin(instr ssa.Instruction, x ssa.Value) summary.Origin {
	fa, isAddr := instr.(*ssa.FieldAddr)
	cell, isCell := x.(*ssa.Alloc)
	if !isAddr || !isCell || !structVariable(x) || !names.SharesMemory(fa.Type().(*types.Pointer).Elem()) || fieldAssigned(cell, fa.Field) {
		return w.origins.of(x)
	}
	return w.origins.storedInto(cell)
}

// fieldAssigned reports whether the function stores into field index of
// the variable cell.
func fieldAssigned(cell *ssa.Alloc, index int) bool {
	return slices.ContainsFunc(flow.Referrers(cell), func(r ssa.Instruction) bool {
		fa, ok := r.(*ssa.FieldAddr)
		return ok && fa.Field == index && slices.ContainsFunc(flow.Referrers(fa), func(r ssa.Instruction) bool {
			st, ok := r.(*ssa.Store)
			return ok && st.Addr == fa
		})
	})
}

// readUse tells what instr, a read of a field, goes on to read of the
// slice or map the field holds: only its length (len(x.f), cap(x.f), for
// i := range x.f), its entries (x.f[k], for _, v := range x.f), or the
// value itself.
func readUse(instr ssa.Instruction) summary.ReadUse {
	v, ok := instr.(ssa.Value)
	if !ok {
		return summary.UseValue
	}
	if _, isAddr := instr.(*ssa.FieldAddr); isAddr {
		refs := flow.Referrers(v)
		if len(refs) != 1 {
			return summary.UseValue
		}
		load, ok := refs[0].(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			return summary.UseValue
		}
		v = load
	}
	refs := flow.Referrers(v)
	onlyLength := len(refs) > 0
	for _, r := range refs {
		switch r := r.(type) {
		case *ssa.Lookup, *ssa.Index, *ssa.IndexAddr:
			if indexed(r) == v { // not v the key or index
				return summary.UseEntries
			}
		case *ssa.Range:
			return summary.UseEntries
		case *ssa.Call:
			if flow.IsBuiltin(r, "len") || flow.IsBuiltin(r, "cap") {
				continue
			}
		}
		onlyLength = false
	}
	if onlyLength {
		return summary.UseLength
	}
	return summary.UseValue
}

// indexed is the map, slice or array that instr, a lookup or an index,
// selects an entry of.
func indexed(instr ssa.Instruction) ssa.Value {
	switch in := instr.(type) {
	case *ssa.Lookup:
		return in.X
	case *ssa.Index:
		return in.X
	case *ssa.IndexAddr:
		return in.X
	}
	return nil
}

// fieldWitness is the witness of a touch of field index of x at pos, if
// that field is confined state.
func (w *walker) fieldWitness(x ssa.Value, index int, write bool, pos token.Pos) (summary.Witness, bool) {
	st, ok := names.DerefUnder(x.Type()).(*types.Struct)
	if !ok {
		return summary.Witness{}, false
	}
	f := st.Field(index)
	member, domain, fieldConfined, ok := w.c.confinedField(x.Type(), f)
	if !ok {
		return summary.Witness{}, false
	}
	action := summary.ActionReads
	var reassigned summary.Position
	if write {
		action = summary.ActionWrites
	} else if !fieldConfined && model.ConcurrencySafe(f.Type()) {
		if reassigned = w.c.reassignedField(f.Origin()); reassigned.Line == 0 {
			return summary.Witness{}, false // usable from anywhere: set only where the value is built
		}
	}
	return summary.Witness{Action: action, Member: member, Domain: domain, Site: w.position(pos), Reassigned: reassigned}, true
}

// confinedField returns the member and domain of field f of a value of
// type holder when f is confined, by a directive of its own (own) or as
// a field of a confined type; ok is false for a field marked :any and
// for one neither confines.
func (c *Package) confinedField(holder types.Type, f *types.Var) (member, domain string, own, ok bool) {
	d := c.M.Directives(f.Origin())
	named := c.M.ConfinedNamed(holder)
	own = d != nil && d.Owner
	if named == nil && !own || d != nil && d.Any {
		return "", "", false, false
	}
	member = f.Name()
	if owner := names.DerefNamed(holder); owner != nil {
		member = names.TypeName(owner) + "." + member
	}
	if own {
		domain = d.Domain
	} else {
		domain = c.M.TypeDomain(named)
	}
	return member, domain, own, true
}

// value handles map, slice and channel operations on x: a value of a
// confined non-struct type, or the entries of a map or slice.
func (w *walker) value(pos token.Pos, x ssa.Value, action summary.Action) {
	if !w.confinedValue(pos, x, action) && holdsEntries(x.Type()) {
		w.entries(pos, x, action)
	}
}

// confinedValue handles an operation on x when x is a value of a confined
// non-struct type, and reports whether it is.
func (w *walker) confinedValue(pos token.Pos, x ssa.Value, action summary.Action) bool {
	named := w.c.M.ConfinedNamed(x.Type())
	if named == nil || names.IsStruct(named) {
		return false
	}
	w.touch(pos, x, w.origins.of(x), summary.Witness{Action: action, Member: names.TypeName(named), Domain: w.c.M.TypeDomain(named), Site: w.position(pos)})
	return true
}

// entries handles a touch of the entries of x, a map or slice the
// function was handed itself: callers map it onto what they hand it (see
// entriesTouched). (The entries of a field's map touched here are a
// touch of the field, at the same line.)
func (w *walker) entries(pos token.Pos, x ssa.Value, action summary.Action) {
	for cut, ok := x.(*ssa.Slice); ok; cut, ok = x.(*ssa.Slice) {
		x = cut.X // s[i:j] holds s's entries
	}
	if wit, ok := w.carried(x, action, pos); ok {
		w.touch(pos, nil, summary.OriginOf(summary.Ambient), wit) // the owner's, whoever handed x
		return
	}
	for _, load := range fieldLoads(x) {
		// The entries of a field's map or slice used at a line of their
		// own (items := s.items; ...; items[0]): the race detector names
		// that line too, where the owner writes them.
		if names.SameLine(w.c.pass.Fset, load.Pos(), pos) {
			continue
		}
		if holder, wit, ok := w.holderWitness(load.X.(*ssa.FieldAddr), action == summary.ActionWrites, pos); ok {
			wit.Member = summary.ContentsMember(wit.Member)
			w.touch(pos, holder, w.origins.of(holder), wit)
		}
	}
	if src, ok := w.handedSource(x); ok && (action == summary.ActionWrites || !w.entriesReceiver(src)) {
		w.Sum.AddContent(summary.ContentTouch{Source: src, Action: action, Site: w.position(pos)})
	}
}

// entriesReceiver reports whether src is the receiver of the function, a
// method of a map or slice type. What such a method writes of its entries
// is told (a set's Add); what it reads is not: a read races only with a
// write, and a lookup table's Load, called through an interface on a
// table nobody writes, would be taken for one.
func (w *walker) entriesReceiver(src summary.Source) bool {
	return src == summary.ParamSource(0) && w.fn.Signature.Recv() != nil && holdsEntries(w.fn.Signature.Recv().Type())
}

// holdsEntries reports whether a value of type t is a map or a slice,
// whose entries live apart from it.
func holdsEntries(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Map, *types.Slice:
		return true
	}
	return false
}

// handedSource is the source x is when the function was handed x itself:
// a parameter, or what a captured variable holds (not a field of either).
func (w *walker) handedSource(x ssa.Value) (summary.Source, bool) {
	switch v := heldValue(x).(type) {
	case *ssa.Parameter:
		if i := slices.Index(w.fn.Params, v); i >= 0 {
			return summary.ParamSource(i), true
		}
	case *ssa.FreeVar:
		if i := slices.Index(w.fn.FreeVars, v); i >= 0 {
			return summary.FreeSource(i), true
		}
	}
	return 0, false
}

// entriesHanded are the touches t, started at at with args, makes of the
// entries of maps and slices that a confined field holds and keeps
// holding (go d.deliver(url, d.headers), or a variable holding either the
// field's map or a clone of it): the starter shares them with the started
// code, which touches them off the owner. What the starter hands off (it
// no longer reaches it) is the started code's own. Entries the starter
// was handed itself (go process(items)) are touched off the owner for its
// callers: its summary says so (ContentTouch.Off).
func (w *walker) entriesHanded(t flow.FuncValue, args, handed []ssa.Value, at Entry) []summary.Witness {
	sum := w.c.SummaryOf(t.Fn)
	if sum == nil {
		return nil
	}
	var out []summary.Witness
	for _, ct := range sum.Contents {
		v := SourceValue(ct.Source, args, t.Bindings)
		if v == nil || slices.Contains(handed, v) {
			continue
		}
		loads := fieldLoads(v)
		if load, key := mapElement(v); load != nil && !elementHandedOff(load, key, v, at.Call) {
			loads = append(loads, load) // go push(name, vals) for a slice a.hist keeps
		}
		for _, load := range loads {
			if overwrittenBefore(load, at.Call) {
				continue // old := s.items; s.items = ...; go report(old)
			}
			if _, wit, ok := w.holderWitness(load.X.(*ssa.FieldAddr), ct.Action == summary.ActionWrites, at.Call.Pos()); ok {
				wit.Member, wit.Site = summary.ContentsMember(wit.Member), ct.Site
				out = append(out, wit.Through(flow.Name(t.Fn), w.position(at.Call.Pos())))
			}
		}
		if src, ok := w.handedSource(v); ok && len(loads) == 0 {
			if ct.Off == "" {
				ct.Off, ct.Start = cmp.Or(at.Sink, "a go statement"), w.position(at.Pos)
			}
			ct.Source = src
			w.Sum.AddContent(ct)
		}
	}
	return out
}

// addressesHanded is what a function a go statement starts with args
// (handed of them handed off) does through the addresses of confined
// fields among them (go writeStats(w, &p.stats)): it reads the field where
// it first reads through the address, or writes it where it first writes
// through it, the lines the race detector names.
func (w *walker) addressesHanded(t flow.FuncValue, args, handed []ssa.Value, at Entry) []summary.Witness {
	if t.Fn.Blocks == nil || t.Fn.Pkg != w.fn.Pkg {
		return nil
	}
	var out []summary.Witness
	for i, a := range args {
		fa, ok := a.(*ssa.FieldAddr)
		if !ok || i >= len(t.Fn.Params) || slices.Contains(handed, a) || addressesSafe(fa) {
			continue
		}
		read, write := firstRead(t.Fn.Params[i], maxReadDepth, true), false
		if !read.found() {
			read.at, write = firstWrite(t.Fn.Params[i]), true
		}
		if !read.found() {
			continue
		}
		if _, wit, ok := w.holderWitness(fa, write, read.at); ok {
			out = append(out, read.through(w, wit).Through(flow.Name(t.Fn), w.position(at.Call.Pos())))
		}
	}
	return out
}

// firstWrite is where the uses of v, a pointer parameter, first write
// through it, or hand it where it may be; token.NoPos if none does.
func firstWrite(v *ssa.Parameter) token.Pos {
	first := token.NoPos
	for _, r := range flow.Referrers(v) {
		var writes bool
		switch r := r.(type) {
		case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.UnOp:
			writes = kindOf(r, nil, maxReadDepth) == summary.ActionWrites
		case *ssa.Store:
			writes = true // *s = Stats{}, or s kept
		case ssa.CallInstruction:
			writes = !SyncCallee(r.Common())
		}
		if at := flow.InstrPos(r); writes && (!first.IsValid() || at < first) {
			first = at
		}
	}
	return first
}

// mapElement returns, for v read from the map a field holds (for _, vals
// := range a.hist, a.hist[name], or vals, ok := a.hist[name]), the load of that field and the key v
// is held under; nil if v is no such value.
func mapElement(v ssa.Value) (*ssa.UnOp, ssa.Value) {
	var m, key ssa.Value
	switch v := v.(type) {
	case *ssa.Lookup:
		m, key = v.X, v.Index
	case *ssa.Extract:
		if lookup, ok := v.Tuple.(*ssa.Lookup); ok && v.Index == 0 {
			m, key = lookup.X, lookup.Index // vals, ok := a.hist[name]
			break
		}
		next, ok := v.Tuple.(*ssa.Next)
		if !ok || next.IsString || v.Index != 2 {
			return nil, nil // a call's result, a string's rune
		}
		rng, isRange := next.Iter.(*ssa.Range)
		if !isRange {
			return nil, nil
		}
		m = rng.X
		for _, ref := range *next.Referrers() {
			if k, ok := ref.(*ssa.Extract); ok && k.Index == 1 {
				key = k
			}
		}
	}
	load, ok := m.(*ssa.UnOp)
	if !ok || load.Op != token.MUL || flow.FieldOf(load.X) == nil || key == nil {
		return nil, nil
	}
	return load, key
}

// elementHandedOff reports whether the function gives up the map entry v
// (under key in the map load holds) once at started code with it: it
// deletes the entry, or puts another value there, after at. Putting back
// v cut again (a.hist[name] = vals[:0]) keeps v's array, which the owner's
// next append writes: shared.
func elementHandedOff(load *ssa.UnOp, key, v ssa.Value, at ssa.Instruction) bool {
	field := flow.FieldOf(load.X)
	sameMap := func(m ssa.Value) bool { return flow.LoadedField(m) == field }
	for instr := range flow.RunsAfter(at, func(ssa.Instruction) bool { return false }) {
		switch in := instr.(type) {
		case *ssa.MapUpdate:
			if sameMap(in.Map) && in.Key == key {
				if sl, ok := in.Value.(*ssa.Slice); ok && sl.X == v {
					return false
				}
				return true
			}
		case *ssa.Call:
			if b, ok := in.Call.Value.(*ssa.Builtin); ok && b.Name() == "delete" && sameMap(in.Call.Args[0]) && in.Call.Args[1] == key {
				return true
			}
		}
	}
	return false
}

// heldValue is what v, a load of a captured variable's cell, holds when
// one value is stored there (a parameter the closure captures); else v.
func heldValue(v ssa.Value) ssa.Value {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if fv, ok := load.X.(*ssa.FreeVar); ok {
			return fv
		}
	}
	if cell, ok := v.(*ssa.Alloc); ok {
		if held, c := flow.HeldValue(cell); c != nil {
			return held
		}
	}
	return v
}

// startedEntries maps a callee's touch of the entries it was handed, made
// by code it starts off the owner (ct.Off), onto this function: handed a
// confined field's map or slice (m.normalize(st.queue)), that code touches
// the field's entries wherever this function runs; handed what this
// function was handed itself, the touch is this function's too.
func (w *walker) startedEntries(ct summary.ContentTouch, v ssa.Value, call callSite) {
	loads := fieldLoads(v)
	if len(loads) == 0 {
		if src, ok := w.handedSource(v); ok {
			ct.Source = src
			w.Sum.AddContent(ct)
		}
		return
	}
	at := Entry{Pos: call.pos, Sink: ct.Off}
	if pos := w.c.M.TokenPos(ct.Start); pos.IsValid() {
		at.Pos = pos
	}
	for _, load := range loads {
		if _, wit, ok := w.holderWitness(load.X.(*ssa.FieldAddr), ct.Action == summary.ActionWrites, call.pos); ok {
			wit.Member, wit.Site = summary.ContentsMember(wit.Member), ct.Site
			at.Entries = append(at.Entries, call.extend(wit))
		}
	}
	if len(at.Entries) > 0 {
		w.Spawns = append(w.Spawns, at)
	}
}

// holderWitness is the witness of the confined field whose map or slice
// the field at fa holds, and the value holding it: fa's own field, or,
// for a field of a struct held in a confined field (m.st.drafts, st
// confined), that field. What it holds is that field's state too. A
// read of the entries of a slice no code rewrites (see appendOnly) has
// none: they are fixed once appended.
func (w *walker) holderWitness(fa *ssa.FieldAddr, write bool, pos token.Pos) (ssa.Value, summary.Witness, bool) {
	if !write && w.c.appendOnly(flow.FieldOf(fa)) {
		return nil, summary.Witness{}, false
	}
	if wit, ok := w.fieldWitness(fa.X, fa.Field, write, pos); ok {
		return fa.X, wit, true
	}
	if outer, ok := fa.X.(*ssa.FieldAddr); ok {
		if wit, ok := w.fieldWitness(outer.X, outer.Field, write, pos); ok {
			return outer.X, wit, true
		}
	}
	return nil, summary.Witness{}, false
}

// fieldLoads are the loads of fields v is: v itself, or a value a variable
// may hold (hdr := d.headers; if copied { hdr = maps.Clone(hdr) }), also
// one a closure captured (b.wg.Go(func() { sum(batch) })).
func fieldLoads(v ssa.Value) []*ssa.UnOp {
	edges := []ssa.Value{v}
	switch v := v.(type) {
	case *ssa.Phi:
		edges = v.Edges
	case *ssa.Alloc:
		edges = flow.StoredValues(v)
	}
	var out []*ssa.UnOp
	for _, e := range edges {
		if load, ok := e.(*ssa.UnOp); ok && load.Op == token.MUL {
			if _, ok := load.X.(*ssa.FieldAddr); ok {
				out = append(out, load)
			}
		}
	}
	return out
}

// entriesTouched maps a callee's touch of the entries of a map or slice
// it was handed (ct, through v) onto this function: handed a confined
// field's map (sum(k.stock)), the callee touches that field's entries, at
// its own line, which the race detector names (the field's read here
// races only with the field's assignment); handed what this function was
// handed itself, the touch is this function's too.
func (w *walker) entriesTouched(ct summary.ContentTouch, v ssa.Value, call callSite, asSites bool) {
	if ct.Off != "" {
		w.startedEntries(ct, v, call)
		return
	}
	if loads := fieldLoads(v); len(loads) > 0 {
		for _, load := range loads {
			x, wit, ok := w.holderWitness(load.X.(*ssa.FieldAddr), ct.Action == summary.ActionWrites, call.pos)
			if !ok {
				continue
			}
			wit.Member, wit.Site = summary.ContentsMember(wit.Member), call.contentSite(ct)
			wit = call.extend(wit)
			if o := w.origins.of(x); asSites {
				w.touch(call.pos, x, o, wit)
			} else {
				wit.Assumed = wit.Assumed || w.assuming
				w.Sum.AddTouches(o, wit)
			}
		}
		return
	}
	if wit, ok := w.carried(v, ct.Action, call.pos); ok {
		wit.Site = call.contentSite(ct)
		if wit = call.extend(wit); asSites {
			w.touch(call.pos, nil, summary.OriginOf(summary.Ambient), wit)
		} else {
			wit.Assumed = wit.Assumed || w.assuming
			w.Sum.AddTouches(summary.OriginOf(summary.Ambient), wit)
		}
		return
	}
	if src, ok := w.handedSource(v); ok {
		ct.Source = src
		w.Sum.AddContent(ct)
	}
}

// contentSite is where a finding of the callee's touch ct of the entries
// it is handed goes: at the callee's line, which the race detector names,
// for a callee of this package; at the call for another package's (a
// library's generic set, gone.Add(u)), whose code is no one's to fix here.
func (cs callSite) contentSite(ct summary.ContentTouch) summary.Position {
	if cs.callee == nil {
		return ct.Site
	}
	if obj := flow.DeclaredFunc(cs.callee); obj != nil && obj.Pkg() != cs.w.c.pass.Pkg {
		return cs.w.position(cs.pos)
	}
	return ct.Site
}

// onlyFieldsRead reports whether the value v loads is used only to read
// its fields (m.self of a captured struct value m): those reads are the
// touches, and :any fields are not.
func onlyFieldsRead(v *ssa.UnOp) bool {
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		if _, ok := r.(*ssa.Field); !ok {
			return false
		}
	}
	return true
}

// wholeStruct handles copying a confined struct out of, or into, the
// address ptr. (Loading a captured variable that holds a confined map is
// not a touch: the map operations that follow are.)
func (w *walker) wholeStruct(pos token.Pos, ptr ssa.Value, action summary.Action) {
	if _, isPtr := ptr.Type().Underlying().(*types.Pointer); !isPtr {
		return
	}
	if named := w.c.M.ConfinedNamed(ptr.Type()); named != nil && names.IsStruct(named) {
		w.touch(pos, ptr, w.origins.of(ptr), summary.Witness{Action: action, Member: names.TypeName(named), Domain: w.c.M.TypeDomain(named), Site: w.position(pos)})
	}
}

// builtinCall handles len, delete, clear and friends on confined values.
func (w *walker) builtinCall(call *ssa.CallCommon, pos token.Pos) {
	if len(call.Args) == 0 {
		return
	}
	b := call.Value.(*ssa.Builtin)
	if b.Name() == "len" || b.Name() == "cap" {
		w.confinedValue(pos, call.Args[0], summary.ActionReads) // the header, no entries
		return
	}
	action := summary.ActionReads
	if writesFirstArgument(b) {
		action = summary.ActionWrites
	}
	w.value(pos, call.Args[0], action)
	if (b.Name() == "append" || b.Name() == "copy") && len(call.Args) > 1 && holdsEntries(call.Args[1].Type()) {
		w.value(pos, call.Args[1], summary.ActionReads) // the entries copied from
	}
}

// writesFirstArgument reports whether the built-in b writes what its first
// argument refers to: delete and clear a map's entries, copy a slice's
// elements.
func writesFirstArgument(b *ssa.Builtin) bool {
	switch b.Name() {
	case "delete", "clear", "copy":
		return true
	}
	return false
}

// Rewrites reports whether selecting a field of x, in a function whose
// values come from origins, reaches a value that existed before the
// function ran: x is not one the function made, or is its copy of one (a
// value receiver, written and handed back: m.sel = i; return m). Writes
// through it change a value other code holds, which no //confined:any may
// hide.
func Rewrites(origins func(ssa.Value) summary.Origin, x ssa.Value) bool {
	return rewrites(origins, x, nil)
}

// rewrites is Rewrites, with the variables already asked about (a variable
// may be assigned what it held: v = v).
func rewrites(origins func(ssa.Value) summary.Origin, x ssa.Value, seen map[*ssa.Alloc]bool) bool {
	if !origins(x).Fresh() {
		return true
	}
	cell, ok := x.(*ssa.Alloc)
	if !ok || seen[cell] {
		return false
	}
	if seen == nil {
		seen = make(map[*ssa.Alloc]bool)
	}
	seen[cell] = true
	return slices.ContainsFunc(flow.StoredValues(cell), func(v ssa.Value) bool { return copiesExisting(origins, cell, v, seen) })
}

// copiesExisting reports whether v, stored into the variable cell, is a
// copy of a value that existed before the function and takes its place:
// its receiver, a parameter it hands back, a capture, or what a
// pointer from outside points to, when cell is stored back through that
// pointer (j := *p; j.n++; *p = j). A copy only read, sent, or stored
// elsewhere (job := q[0]; job.tries++; inflight[id] = job) changes no
// value other code holds: what it is stored into is written instead. A
// composite literal the function builds is new, whatever its fields hold.
func copiesExisting(origins func(ssa.Value) summary.Origin, cell *ssa.Alloc, v ssa.Value, seen map[*ssa.Alloc]bool) bool {
	switch v := v.(type) {
	case *ssa.Parameter:
		// A value receiver takes the value's place; a copy of another
		// parameter does only when it is handed back (o.At = now; return o),
		// not when it is stored somewhere (s.queue = append(s.queue, e)).
		fn := v.Parent()
		return fn.Signature.Recv() != nil && fn.Params[0] == v || handedBack(cell)
	case *ssa.FreeVar:
		return true
	case *ssa.UnOp:
		if from, ok := v.X.(*ssa.Alloc); ok {
			return rewrites(origins, from, seen)
		}
		return v.Op == token.MUL && !origins(v.X).Fresh() && storedBack(cell, v.X)
	}
	return false
}

// handedBack reports whether the function returns the value of cell.
func handedBack(cell *ssa.Alloc) bool {
	for _, ref := range *cell.Referrers() {
		if load, ok := ref.(*ssa.UnOp); ok && load.Op == token.MUL {
			for _, use := range *load.Referrers() {
				if _, ok := use.(*ssa.Return); ok {
					return true
				}
			}
		}
	}
	return false
}

// storedBack reports whether the value of cell is stored through a
// pointer to where from points (the same selections from the same root).
func storedBack(cell *ssa.Alloc, from ssa.Value) bool {
	at := flow.PathOf(from)
	for _, ref := range *cell.Referrers() {
		load, ok := ref.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			continue
		}
		for _, use := range *load.Referrers() {
			if st, ok := use.(*ssa.Store); ok && st.Val == load && flow.PathOf(st.Addr) == at {
				return true
			}
		}
	}
	return false
}

// reportedTouch reports whether instr is a touch the walk reports of its
// own: selecting a field of a confined struct, or calling a method that
// touches confined state as a whole (see CallTouch).
func (w *walker) reportedTouch(instr ssa.Instruction) bool {
	switch in := instr.(type) {
	case *ssa.FieldAddr:
		return w.c.M.ConfinedNamed(in.X.Type()) != nil
	case ssa.CallInstruction:
		if callee := in.Common().StaticCallee(); callee != nil {
			return w.c.CallTouch(callee, in.Pos()) != nil
		}
	}
	return false
}

// FieldTouch is the one model of a field touch, which the check and
// -suggest share: instr, a FieldAddr or a Field, selects field index of the
// struct (or struct address) x, and write says whether the selection is
// written (stored to, or a map or slice loaded from it updated). ok is
// false for other instructions and for reads that only sync/atomic
// functions make, which do not race. A write through an instruction that
// own says is a touch of its own (a confined struct's field selected
// through x.f; see accessKind) does not count; own may be nil.
func FieldTouch(instr ssa.Instruction, own func(ssa.Instruction) bool) (x ssa.Value, index int, write, ok bool) {
	switch in := instr.(type) {
	case *ssa.FieldAddr:
		x, index = in.X, in.Field
	case *ssa.Field:
		x, index = in.X, in.Field
	default:
		return nil, 0, false, false
	}
	write = accessKind(instr, own) == summary.ActionWrites
	if !write && atomicOnly(instr) {
		return nil, 0, false, false
	}
	return x, index, write, true
}

// onlyOwnTouches reports whether every use of the address fa is a touch
// of its own (see accessKind): a confined method of the package called on
// the field, or a field of the field's confined type selected. Nothing
// reads or writes x.f as a whole there; what they touch is reported where
// they touch it, the line the race detector names.
func onlyOwnTouches(fa *ssa.FieldAddr, reported func(ssa.Instruction) bool) bool {
	refs := flow.Referrers(fa)
	for _, r := range refs {
		if call, ok := r.(ssa.CallInstruction); ok && (call.Common().StaticCallee() == nil || call.Common().StaticCallee().Pkg != fa.Parent().Pkg) {
			return false // another package's method: the call is where it touches
		}
		if _, debug := r.(*ssa.DebugRef); !debug && !reported(r) {
			return false
		}
	}
	return len(refs) > 0
}

// accessKind tells whether the value or address instr computes is written:
// stored to, through it (x.f.g = v, x.f[i] = v, x.f.g++), or (for maps and
// slices loaded from it) updated; or whether its address goes where it may
// be written: to a call (a pointer-receiver method of a field,
// x.list.Update(), or json.Unmarshal(b, &x.f)), into a variable or field.
// The methods and functions of sync and sync/atomic are no writes: they
// are what makes a field safe from anywhere. reported, when given, says
// which instructions are touches of their own (a confined struct's field
// selected through x.f, a confined method called on it): a write through
// them is reported there, by the member that is written, not as a write
// of x.f too.
func accessKind(instr ssa.Instruction, reported func(ssa.Instruction) bool) summary.Action {
	return kindOf(instr, reported, maxReadDepth)
}

// kindOf is accessKind, following an entry's address at most depth calls
// deep into the helpers reading through it (see readInCallees): a helper
// handing it on to itself (visit(&x.kids[i])) stops there.
func kindOf(instr ssa.Instruction, reported func(ssa.Instruction) bool, depth int) summary.Action {
	v, ok := instr.(ssa.Value)
	if !ok || v.Referrers() == nil {
		return summary.ActionReads
	}
	switch instr.(type) {
	case *ssa.IndexAddr, *ssa.FieldAddr:
		if readInCallees(v, depth).found() {
			return summary.ActionReads // render(&items[i]) reading it
		}
	}
	if usesWrite(v, reported, depth) {
		return summary.ActionWrites
	}
	return summary.ActionReads
}

// usesWrite reports whether a use of v (one reported does not take for a
// touch of its own) writes what v is or addresses (see writesThrough).
func usesWrite(v ssa.Value, reported func(ssa.Instruction) bool, depth int) bool {
	for _, ref := range flow.Referrers(v) {
		if (reported == nil || !reported(ref)) && writesThrough(v, ref, reported, depth) {
			return true
		}
	}
	return false
}

// writesThrough reports whether ref, a referrer of v, writes what v is or
// addresses.
func writesThrough(v ssa.Value, ref ssa.Instruction, reported func(ssa.Instruction) bool, depth int) bool {
	switch r := ref.(type) {
	case *ssa.Store:
		// x.f = y, or &x.f kept somewhere: but the address of an atomic
		// or a lock is kept to use its methods (a reader counting bytes
		// into &g.loaded), which make no race.
		return r.Addr == v || r.Val == v && isAddress(v) && !addressesSafe(v)
	case *ssa.MapUpdate:
		return r.Map == v
	case *ssa.FieldAddr:
		// x.f.g = v writes x.f when f holds the struct, not when it
		// points to one: then the pointee is written.
		return isAddress(v) && kindOf(r, reported, depth) == summary.ActionWrites
	case *ssa.UnOp, *ssa.IndexAddr, *ssa.MakeInterface:
		return kindOf(r, reported, depth) == summary.ActionWrites
	case ssa.CallInstruction:
		common := r.Common()
		if b, ok := common.Value.(*ssa.Builtin); ok {
			return writesFirstArgument(b) && len(common.Args) > 0 && common.Args[0] == v
		}
		// A method of a value made only of atomics and locks (a
		// statistic's observe) writes nothing a race can see, nor does
		// a function of the package only reading through the address
		// (r := &rs.rules[i]; r.match(s), whatever else reads r).
		return isAddress(v) && slices.Contains(flow.CallArgs(common), v) && !SyncCallee(common) && !addressesSafe(v) &&
			!readInCall(r, v, depth).found()
	}
	return false
}

// addressesSafe reports whether v addresses a value safe from anywhere
// (see model.ConcurrencySafe): an atomic, a lock, or a struct of them,
// also as an interface value (an io.Writer, an Add(int64) counter).
func addressesSafe(v ssa.Value) bool {
	v = flow.Unboxed(v)
	ptr, ok := v.Type().Underlying().(*types.Pointer) // an address (isAddress) is a pointer
	return ok && model.ConcurrencySafe(ptr.Elem())
}

// isAddress reports whether v is the address of what it selects (x.f's
// address, not its value), which whoever holds it may write through.
func isAddress(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.FieldAddr, *ssa.IndexAddr:
		return true
	case *ssa.MakeInterface:
		return isAddress(v.X)
	}
	return false
}

// SyncCallee reports whether call calls a function or method of sync or
// sync/atomic: they lock or are atomic, and make no race.
func SyncCallee(call *ssa.CallCommon) bool {
	var pkg *types.Package
	if call.IsInvoke() {
		pkg = call.Method.Pkg()
	} else if callee := call.StaticCallee(); callee != nil && callee.Object() != nil {
		pkg = callee.Object().Pkg()
	}
	return pkg != nil && (pkg.Path() == "sync" || pkg.Path() == "sync/atomic")
}

// atomicOnly reports whether the address instr computes is only handed to
// sync/atomic functions (atomic.AddInt64(&s.n, 1)), itself or through the
// addresses of its fields (&r.leaderState.inProgress): an atomic access
// does not race, whether the field is confined or its struct is.
func atomicOnly(instr ssa.Instruction) bool {
	v, ok := instr.(ssa.Value)
	if !ok || v.Referrers() == nil || len(*v.Referrers()) == 0 {
		return false
	}
	for _, ref := range *v.Referrers() {
		switch r := ref.(type) {
		case *ssa.FieldAddr, *ssa.Convert, *ssa.ChangeType:
			// A field's address, or the address converted through
			// unsafe.Pointer for atomic.SwapPointer (a lock-free queue's
			// head): what it is handed to decides.
			if !atomicOnly(r) {
				return false
			}
			continue
		case *ssa.DebugRef:
			continue
		}
		call, ok := ref.(*ssa.Call)
		if !ok {
			return false
		}
		callee := call.Common().StaticCallee()
		if callee == nil || flow.DeclaredFunc(callee) == nil || flow.DeclaredFunc(callee).Pkg().Path() != "sync/atomic" {
			return false
		}
	}
	return true
}

// reassignedField returns where the package's code assigns the channel, sync
// or atomic field f of a value it did not build itself, or the zero
// position: such a field is state, not a handle usable from anywhere (a
// loop's n.propc = nil on leader loss). Assignments where the value is
// built, in code that only builds values, in functional options (which
// run where a value is built) and in a turn its framework runs before any
// other (model.Turns.First), leave it free. Whether the
// code assigning it runs on the owner does not matter: reassigned off the
// owner, it races all the more.
func (c *Package) reassignedField(f *types.Var) summary.Position {
	if f == nil || !model.ConcurrencySafe(f.Type()) {
		return summary.Position{}
	}
	return c.assignments()[f.Origin()]
}

// assignments indexes, on first use, the fields the package's code
// assigns in a value it did not build itself (see reassignedField), each
// with where it first does.
func (c *Package) assignments() map[*types.Var]summary.Position {
	if c.assigned != nil {
		return c.assigned
	}
	c.assigned = make(map[*types.Var]summary.Position)
	for _, fn := range c.Fns {
		if obj := flow.DeclaredFunc(fn); flow.FunctionalOption(fn) || obj != nil && c.M.Turns.First(obj) {
			continue // it runs where the value is built, or before anything it starts (an ergo server's Init)
		}
		var origins *originTracker
		for st, fa := range flow.FieldStores(fn) {
			if origins == nil {
				origins = newOriginTracker(c, fn)
			}
			if field := flow.FieldOf(fa); !origins.of(fa.X).Owned() {
				if _, done := c.assigned[field]; !done {
					c.assigned[field] = c.M.Position(flow.InstrPos(st))
				}
			}
		}
	}
	return c.assigned
}

// handsOutEntries reports whether instr selects a field holding a map or
// slice whose value the function only returns (a getter, return
// b.recent), and that no code of the package assigns once the value is
// built: reading the field races with nothing, and what the caller does
// with the entries is the touch (see returnedEntries).
func (c *Package) handsOutEntries(instr ssa.Instruction) bool {
	f := flow.SelectedField(instr)
	if f == nil || !holdsEntries(f.Type()) {
		return false
	}
	v := instr.(ssa.Value)
	uses := []ssa.Value{v}
	if _, addr := instr.(*ssa.FieldAddr); addr {
		uses = nil
		for _, ref := range flow.Referrers(v) {
			load, ok := ref.(*ssa.UnOp)
			if !ok || load.Op != token.MUL {
				return false
			}
			uses = append(uses, load)
		}
	}
	for _, u := range uses {
		for _, ref := range flow.Referrers(u) {
			if _, ret := ref.(*ssa.Return); !ret {
				return false
			}
		}
	}
	return len(uses) > 0 && !c.headerWritten(f)
}

// headerWritten reports whether code of the package assigns the field f
// of a value it did not make itself (b.recent = append(b.recent, e)):
// reading the field then races with that assignment.
func (c *Package) headerWritten(f *types.Var) bool {
	_, ok := c.assignments()[f.Origin()]
	return ok
}
