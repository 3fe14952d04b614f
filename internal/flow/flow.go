package flow

import (
	"go/token"
	"go/types"
	"iter"
	"slices"

	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/ssa"
)

// A FuncValue is a function a func value may denote, with what its closure
// captured.
type FuncValue struct {
	Fn       *ssa.Function
	Bindings Captures
}

// Captures are the values a closure was made with. A function literal
// Captures the cells of variables, and reaches what is stored in them; a
// method value binds its receiver, a value like any other (of c := &conn{srv:
// s}; f(c.apply), c is the function's own whatever c.srv holds).
type Captures struct {
	Values []ssa.Value
	Cells  bool
}

// capturesOf returns what the closure mc captured.
func capturesOf(mc *ssa.MakeClosure) Captures {
	return Captures{Values: mc.Bindings, Cells: IsFuncLit(mc.Fn.(*ssa.Function))}
}

// FuncTargets resolves a func value to the functions it may denote,
// following local variables, phis, conversions and interface boxing.
func FuncTargets(v ssa.Value) []FuncValue {
	// Most calls name their callee directly: answer those without the
	// bookkeeping of the general walk below.
	switch v := v.(type) {
	case *ssa.Function:
		return []FuncValue{{Fn: v}}
	case *ssa.MakeClosure:
		return []FuncValue{{Fn: v.Fn.(*ssa.Function), Bindings: capturesOf(v)}}
	case *ssa.Call:
		return madeBy(v)
	case *ssa.Parameter, *ssa.FreeVar, *ssa.Global, *ssa.Const:
		return nil
	}
	var out []FuncValue
	seen := make(map[ssa.Value]bool)
	var visit func(v ssa.Value)
	visit = func(v ssa.Value) {
		if seen[v] {
			return
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.Function:
			out = append(out, FuncValue{Fn: v})
		case *ssa.MakeClosure:
			out = append(out, FuncValue{Fn: v.Fn.(*ssa.Function), Bindings: capturesOf(v)})
		case *ssa.Phi:
			for _, e := range v.Edges {
				visit(e)
			}
		case *ssa.MakeInterface:
			visit(v.X)
		case *ssa.ChangeType:
			visit(v.X)
		case *ssa.Slice:
			// A slice built in place, as the arguments of a variadic call
			// are: the funcs stored in its array.
			for _, elem := range builtElements(v) {
				visit(elem)
			}
		case *ssa.UnOp:
			if alloc, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
				for _, stored := range StoredValues(alloc) {
					visit(stored)
				}
			}
		case *ssa.Call:
			out = append(out, madeBy(v)...)
		}
	}
	visit(v)
	return out
}

// madeBy resolves the func value a call returns, when the callee is a
// function of this package that returns closures it makes (a handler or
// task factory: g.Go(s.fetch(k)), mux.HandleFunc("/", s.index())): those
// closures, bound to what the call passes. A capture of one of the
// callee's parameters (or of a variable holding only it) is the argument;
// a value the callee allocates stays the callee's (MadeFor tells whether
// the closure is its only holder); any other capture is the call's result.
func madeBy(call *ssa.Call) []FuncValue {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Blocks == nil || callee.Signature.Results().Len() != 1 || !names.IsFuncTyped(callee.Signature.Results().At(0).Type()) {
		return nil // most calls return no func: leave their callee's blocks alone
	}
	var out []FuncValue
	for _, b := range callee.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		res := ret.Results[0]
		if ct, ok := res.(*ssa.ChangeType); ok {
			res = ct.X // a literal returned as a named func type
		}
		mc, ok := res.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		bound := Captures{Values: make([]ssa.Value, len(mc.Bindings)), Cells: IsFuncLit(mc.Fn.(*ssa.Function))}
		for i, v := range mc.Bindings {
			bound.Values[i] = call
			held, _ := HeldValue(v)
			if p, ok := held.(*ssa.Parameter); ok {
				if j := slices.Index(callee.Params, p); j >= 0 && j < len(call.Call.Args) {
					bound.Values[i] = call.Call.Args[j]
				}
			} else if Made(held) {
				bound.Values[i] = v // the callee's own, made for this closure (see MadeFor)
			}
		}
		out = append(out, FuncValue{Fn: mc.Fn.(*ssa.Function), Bindings: bound})
	}
	return out
}

// DeclaredFunc returns the declared function or method fn stands for
// (generic instantiations resolve to their origin), or nil for func
// literals, bound method values and method expressions.
func DeclaredFunc(fn *ssa.Function) *types.Func {
	obj, _ := fn.Object().(*types.Func)
	if obj == nil || (fn.Signature.Recv() == nil && obj.Signature().Recv() != nil) {
		return nil
	}
	return obj.Origin()
}

// StaticFunc returns the declared function call calls statically, or nil
// (a func value, an interface method, a literal).
func StaticFunc(call ssa.CallInstruction) *types.Func {
	callee := call.Common().StaticCallee()
	if callee == nil {
		return nil
	}
	return DeclaredFunc(callee)
}

// IsFuncLit reports whether fn is a function literal of the package being
// analysed, where findings are reported inside its body.
func IsFuncLit(fn *ssa.Function) bool {
	return fn.Parent() != nil && fn.Synthetic == ""
}

// IsWrapper reports whether fn is a wrapper SSA made (a method value, a
// method expression, an instantiation of a generic function).
func IsWrapper(fn *ssa.Function) bool {
	return fn.Synthetic != "" && fn.Blocks != nil
}

// Memoized returns m[k], computing it first if needed. While it is being
// computed m[k] holds the zero value, which cuts cycles through phis.
func Memoized[K comparable, V any](m map[K]V, k K, compute func(K) V) V {
	if v, ok := m[k]; ok {
		return v
	}
	var zero V
	m[k] = zero
	v := compute(k)
	m[k] = v
	return v
}

// AllocRoot returns the local allocation an address points into, if any.
func AllocRoot(addr ssa.Value) *ssa.Alloc {
	for {
		switch a := addr.(type) {
		case *ssa.Alloc:
			return a
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.IndexAddr:
			addr = a.X
		case *ssa.Slice:
			addr = a.X
		default:
			return nil
		}
	}
}

// ReadRoot is the value v is read from through loads, fields, elements,
// map lookups and range iterations (t.online[r.user], the h of a
// subscription ranged from b.subs[topic]), also through a local copy of
// one value (a range variable whose address is taken): the receiver, a
// parameter, a captured variable; or v itself, or whatever value ends the
// path (an allocation, a call's result).
func ReadRoot(v ssa.Value) ssa.Value {
	for range 32 { // deep enough for any path a program writes
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return v
			}
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		case *ssa.Index:
			v = x.X
		case *ssa.Lookup:
			v = x.X
		case *ssa.Extract:
			v = x.Tuple
		case *ssa.Next:
			v = x.Iter
		case *ssa.Range:
			v = x.X
		case *ssa.Alloc:
			stored := StoredValues(x)
			if len(stored) != 1 {
				return v
			}
			v = stored[0]
		default:
			return v
		}
	}
	return v
}

// CallArgs returns a call's arguments with the receiver first, for static
// method calls and interface invocations alike.
func CallArgs(call *ssa.CallCommon) []ssa.Value {
	if call.IsInvoke() {
		return append([]ssa.Value{call.Value}, call.Args...)
	}
	return call.Args
}

// HeldValue returns what v holds when it is a variable (an Alloc cell)
// assigned one value, and that cell; else v itself, and no cell.
func HeldValue(v ssa.Value) (ssa.Value, *ssa.Alloc) {
	if cell, ok := v.(*ssa.Alloc); ok {
		if stored := StoredValues(cell); len(stored) == 1 {
			return stored[0], cell
		}
	}
	return v, nil
}

// Unboxed returns the concrete value v boxes when it is converted to an
// interface there (m handed as a tea.Model), else v.
func Unboxed(v ssa.Value) ssa.Value {
	if conv, ok := v.(*ssa.MakeInterface); ok {
		return conv.X
	}
	return v
}

// StoredInto reports whether the memory at addr is stored to: itself, or
// a part of the struct or array it holds by value (b.tape.count++ changes
// the memory of b.tape, which t := b.tape reads).
func StoredInto(addr ssa.Value) bool {
	return slices.ContainsFunc(Referrers(addr), func(ref ssa.Instruction) bool {
		switch ref := ref.(type) {
		case *ssa.Store:
			return ref.Addr == addr
		case *ssa.FieldAddr:
			return ref.X == addr && StoredInto(ref)
		case *ssa.IndexAddr: // an array's element; a slice's live elsewhere
			_, array := names.DerefUnder(addr.Type()).(*types.Array)
			return array && ref.X == addr && StoredInto(ref)
		}
		return false
	})
}

// CellsHolding lists the local variable cells v is stored into (a
// parameter a closure captures).
func CellsHolding(v ssa.Value) []*ssa.Alloc {
	var out []*ssa.Alloc
	for _, ref := range Referrers(v) {
		if st, ok := ref.(*ssa.Store); ok && st.Val == v {
			if cell, ok := st.Addr.(*ssa.Alloc); ok {
				out = append(out, cell)
			}
		}
	}
	return out
}

// StoredValues lists what was stored into a local variable cell.
func StoredValues(alloc *ssa.Alloc) []ssa.Value {
	var out []ssa.Value
	for _, ref := range *alloc.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == alloc {
			out = append(out, st.Val)
		}
	}
	return out
}

// LoadedField returns the field v was loaded from, if any.
func LoadedField(v ssa.Value) *types.Var {
	switch v := v.(type) {
	case *ssa.UnOp:
		if v.Op == token.MUL {
			return FieldOf(v.X)
		}
	case *ssa.Field:
		if st, ok := v.X.Type().Underlying().(*types.Struct); ok {
			return st.Field(v.Field).Origin()
		}
	}
	return nil
}

// ReturnedField returns the field whose value v is when v is what a call
// of a function with a body returns (one result, or one of several):
// that function returns the same field's value there on every path (a
// getter handing out handlers it copies under its lock: onBuffer, onMeta
// := c.handlers()). Otherwise nil.
func ReturnedField(v ssa.Value) *types.Var {
	return sameFieldReturned(v, LoadedField)
}

// ReturnedElementField returns the field whose map or slice entry v is,
// when v is what a call of a function with a body returns: that function
// returns an entry of the same field on every path (a getter looking up a
// handler under its lock: fn := g.watcher(id)). Otherwise nil.
func ReturnedElementField(v ssa.Value) *types.Var {
	return sameFieldReturned(v, ElementField)
}

// SnapshotField returns the field whose map or slice entries v, what a
// call of a function with a body returns, holds: a slice the function
// made and filled with the field's entries on every path (a bus copying
// its subscribers under its lock, for _, fn := range b.snapshot()), or
// nil.
func SnapshotField(v ssa.Value) *types.Var {
	return sameFieldReturned(v, func(r ssa.Value) *types.Var { return filledFrom(r, make(map[ssa.Value]bool)) })
}

// ResultOf returns the call whose result v is, and the index of that
// result (one of several, extracted, or the only one); nil if v is none.
func ResultOf(v ssa.Value) (*ssa.Call, int) {
	index := 0
	if ex, ok := v.(*ssa.Extract); ok {
		index, v = ex.Index, ex.Tuple
	}
	call, _ := v.(*ssa.Call)
	return call, index
}

// sameFieldReturned returns the field of reports for every value that v,
// a result of a call of a function with a body, is returned from there;
// nil when one has none or they differ.
func sameFieldReturned(v ssa.Value, of func(ssa.Value) *types.Var) *types.Var {
	call, index := ResultOf(v)
	if call == nil || call.Call.StaticCallee() == nil {
		return nil
	}
	callee := Generic(call.Call.StaticCallee())
	var field *types.Var
	for _, b := range callee.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || index >= len(ret.Results) {
			continue
		}
		results := []ssa.Value{ret.Results[index]}
		if load, ok := results[0].(*ssa.UnOp); ok && load.Op == token.MUL {
			if slot, ok := load.X.(*ssa.Alloc); ok {
				results = StoredValues(slot) // a function with defers returns through its result's slot
			}
		}
		for _, r := range results {
			f := of(r)
			if f == nil || field != nil && f != field {
				return nil
			}
			field = f
		}
	}
	return field
}

// filledFrom returns the field whose entries fill s, a slice its
// function makes: every value stored in its elements (out[i] =
// b.subs[id]) or appended to it is one of the field's entries; nil
// otherwise, or when nothing fills it.
func filledFrom(s ssa.Value, seen map[ssa.Value]bool) *types.Var {
	if seen[s] {
		return nil
	}
	seen[s] = true
	var field *types.Var
	same := func(f *types.Var) bool {
		if f == nil || field != nil && f != field {
			return false
		}
		field = f
		return true
	}
	switch s := s.(type) {
	case *ssa.MakeSlice:
		for _, ref := range Referrers(s) {
			ia, ok := ref.(*ssa.IndexAddr)
			if !ok {
				continue
			}
			for _, use := range Referrers(ia) {
				if st, ok := use.(*ssa.Store); ok && st.Addr == ia && !same(ElementField(st.Val)) {
					return nil
				}
			}
		}
	case *ssa.Phi:
		for _, e := range s.Edges {
			if c, ok := e.(*ssa.Const); ok && c.IsNil() {
				continue // var out []func(T)
			}
			if f := filledFrom(e, seen); f != nil && !same(f) {
				return nil
			}
		}
	case *ssa.Call:
		if !IsBuiltin(s, "append") || len(s.Call.Args) != 2 {
			return nil
		}
		if f := filledFrom(s.Call.Args[0], seen); f != nil && !same(f) {
			return nil
		}
		added, ok := s.Call.Args[1].(*ssa.Slice)
		if !ok {
			return nil
		}
		for _, elem := range builtElements(added) {
			if !same(ElementField(elem)) {
				return nil
			}
		}
	}
	return field
}

// FieldStores yields fn's stores into a field (x.f = v), each with the
// field's address.
func FieldStores(fn *ssa.Function) iter.Seq2[*ssa.Store, *ssa.FieldAddr] {
	return func(yield func(*ssa.Store, *ssa.FieldAddr) bool) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					if fa, ok := st.Addr.(*ssa.FieldAddr); ok && !yield(st, fa) {
						return
					}
				}
			}
		}
	}
}

// SelectedField returns the field instr selects, a FieldAddr or a Field,
// or nil.
func SelectedField(instr ssa.Instruction) *types.Var {
	switch in := instr.(type) {
	case *ssa.FieldAddr:
		return FieldOf(in)
	case *ssa.Field:
		return LoadedField(in)
	}
	return nil
}

// FieldOf returns the field whose address addr is, if any.
func FieldOf(addr ssa.Value) *types.Var {
	if fa, ok := addr.(*ssa.FieldAddr); ok {
		if st, ok := names.DerefUnder(fa.X.Type()).(*types.Struct); ok {
			return st.Field(fa.Field).Origin()
		}
	}
	return nil
}

// InstrPos returns the best position for instr: its own, or that of its
// first user (promoted fields have none of their own).
func InstrPos(instr ssa.Instruction) token.Pos {
	if pos := instr.Pos(); pos.IsValid() {
		return pos
	}
	// The copy of an element a range over a slice makes (for _, r :=
	// range b.rows) is made where the element's address is taken, at the
	// range clause: the race detector names that line.
	if load, ok := instr.(*ssa.UnOp); ok && load.Op == token.MUL {
		if ia, ok := load.X.(*ssa.IndexAddr); ok && ia.Pos().IsValid() {
			return ia.Pos()
		}
	}
	if v, ok := instr.(ssa.Value); ok && v.Referrers() != nil {
		for _, ref := range *v.Referrers() {
			if pos := ref.Pos(); pos.IsValid() {
				return pos
			}
		}
	}
	// An implicit conversion stored into a variadic call's slice has no
	// position, nor has the store: the converted value (a func literal)
	// has one.
	for _, op := range instr.Operands(nil) {
		v := *op
		if mc, ok := v.(*ssa.MakeClosure); ok {
			v = mc.Fn // the closure has no position of its own
		}
		if v != nil && v.Pos().IsValid() {
			return v.Pos()
		}
	}
	return token.NoPos
}

// InLoop reports whether b can run more than once: it reaches itself.
func InLoop(b *ssa.BasicBlock) bool { return Reaches(b, b) }

// Reaches reports whether control can flow from a to b, through at least
// one edge.
func Reaches(a, b *ssa.BasicBlock) bool {
	seen := make(map[*ssa.BasicBlock]bool)
	queue := slices.Clone(a.Succs)
	for len(queue) > 0 {
		next := queue[0]
		queue = queue[1:]
		if next == b {
			return true
		}
		if !seen[next] {
			seen[next] = true
			queue = append(queue, next.Succs...)
		}
	}
	return false
}

func Referrers(v ssa.Value) []ssa.Instruction {
	if refs := v.Referrers(); refs != nil {
		return *refs
	}
	return nil
}

// InvokedName renders an interface method call as the caller sees it:
// "(actor.Context).Send", through the interface the caller holds, not the
// embedded (maybe unexported) one that declares Send.
func InvokedName(call *ssa.CallCommon) string {
	if named, ok := types.Unalias(call.Value.Type()).(*types.Named); ok {
		return "(" + types.TypeString(named, names.Qualifier) + ")." + call.Method.Name()
	}
	return names.FuncName(call.Method)
}

// BoundMethod is the method that wrapper, a method value's (c.build$bound),
// calls on the receiver it binds as its one free variable; else nil.
func BoundMethod(wrapper *ssa.Function) *ssa.Function {
	if !IsWrapper(wrapper) || len(wrapper.FreeVars) != 1 || wrapper.Object() == nil {
		return nil
	}
	for _, callee := range StaticCalls(wrapper) {
		if Generic(callee).Object() == wrapper.Object() {
			return callee
		}
	}
	return nil
}

// Generic is the generic function fn is an instance of, whose body its
// own is; else fn (nil too).
func Generic(fn *ssa.Function) *ssa.Function {
	if fn == nil {
		return nil
	}
	if origin := fn.Origin(); origin != nil {
		return origin
	}
	return fn
}

// Name renders an SSA function for call paths.
func Name(fn *ssa.Function) string {
	if obj := DeclaredFunc(fn); obj != nil {
		return names.FuncName(obj)
	}
	if parent := fn.Parent(); parent != nil {
		return "func literal in " + Name(parent)
	}
	if m, ok := fn.Object().(*types.Func); ok {
		return names.FuncName(m) // a method value's wrapper (c.build$bound)
	}
	return fn.RelString(nil)
}

// ElementField returns the field of a slice or map of funcs that v is an
// element of: h of h := x.handlers[i], for _, h := range x.handlers or
// x.subs[k].
func ElementField(v ssa.Value) *types.Var {
	switch v := v.(type) {
	case *ssa.UnOp:
		if ia, ok := v.X.(*ssa.IndexAddr); ok && v.Op == token.MUL {
			if lookup, ok := ia.X.(*ssa.Lookup); ok {
				return LoadedField(CopySource(lookup.X)) // a list in a map: for _, fn := range h.handlers[topic]
			}
			if f := LoadedField(CopySource(ia.X)); f != nil {
				return f
			}
			return SnapshotField(CopySource(ia.X))
		}
	case *ssa.Lookup:
		return LoadedField(CopySource(v.X))
	case *ssa.Extract:
		switch t := v.Tuple.(type) {
		case *ssa.Lookup:
			return LoadedField(CopySource(t.X))
		case *ssa.Next:
			if r, ok := t.Iter.(*ssa.Range); ok {
				return LoadedField(CopySource(r.X))
			}
		}
	}
	return nil
}

// StoredElements lists the values that storing v puts in a field: v, or
// for append(x.f, vs...), the values appended: those of a list built in
// place (append(x.f, g, h)), or the list itself (a caller's ls...).
func StoredElements(v ssa.Value) []ssa.Value {
	call, ok := v.(*ssa.Call)
	if !ok {
		return []ssa.Value{v}
	}
	if b, ok := call.Call.Value.(*ssa.Builtin); !ok || b.Name() != "append" || len(call.Call.Args) < 2 {
		return []ssa.Value{v}
	}
	if s, ok := call.Call.Args[1].(*ssa.Slice); ok {
		if _, built := s.X.(*ssa.Alloc); built {
			return builtElements(s)
		}
	}
	return []ssa.Value{call.Call.Args[1]}
}

// builtElements lists the values stored into the array a slice built in
// place slices (a variadic call's arguments, a slice literal's elements).
func builtElements(s *ssa.Slice) []ssa.Value {
	alloc, ok := s.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, ref := range *alloc.Referrers() {
		if ia, ok := ref.(*ssa.IndexAddr); ok {
			for _, st := range *ia.Referrers() {
				if st, ok := st.(*ssa.Store); ok && st.Addr == ia {
					out = append(out, st.Val)
				}
			}
		}
	}
	return out
}

// HoldsFuncs reports whether t is a func type, a slice or map of one, or a
// map of such slices: a type whose values hold funcs to call.
func HoldsFuncs(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return names.IsFuncTyped(u.Elem())
	case *types.Map:
		return HoldsFuncs(u.Elem()) // funcs, or lists of them, by key
	}
	return names.IsFuncTyped(t)
}

// ReceivedFrom returns the channel v was received from (x := <-ch, x, ok
// := <-ch, or a select's case x := <-ch), or nil.
func ReceivedFrom(v ssa.Value) ssa.Value {
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.ARROW {
			return x.X
		}
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.UnOp:
			if t.Op == token.ARROW && x.Index == 0 {
				return t.X
			}
		case *ssa.Select:
			// The tuple is (index, recvOk, one value per receiving case).
			k := x.Index - 2
			for _, st := range t.States {
				if st.Dir != types.RecvOnly {
					continue
				}
				if k == 0 {
					return st.Chan
				}
				k--
			}
		}
	}
	return nil
}

// ReceivedChannels lists the channels instr receives from: a receive (a
// range over a channel too) or a select's receive cases.
func ReceivedChannels(instr ssa.Instruction) []ssa.Value {
	if in, ok := instr.(*ssa.UnOp); ok && in.Op == token.ARROW {
		return []ssa.Value{in.X}
	}
	return selectChannels(instr, types.RecvOnly)
}

// SentChannels lists the channels instr sends on: a send or a select's
// send cases.
func SentChannels(instr ssa.Instruction) []ssa.Value {
	var chans []ssa.Value
	for ch := range Sends(instr) {
		chans = append(chans, ch)
	}
	return chans
}

// Sends yields the channels instr sends on, each with the value sent: a
// send, or each send case of a select.
func Sends(instr ssa.Instruction) iter.Seq2[ssa.Value, ssa.Value] {
	return func(yield func(ssa.Value, ssa.Value) bool) {
		switch in := instr.(type) {
		case *ssa.Send:
			yield(in.Chan, in.X)
		case *ssa.Select:
			for _, st := range in.States {
				if st.Dir == types.SendOnly && !yield(st.Chan, st.Send) {
					return
				}
			}
		}
	}
}

// selectChannels lists the channels of a select's cases in direction dir.
func selectChannels(instr ssa.Instruction, dir types.ChanDir) []ssa.Value {
	in, ok := instr.(*ssa.Select)
	if !ok {
		return nil
	}
	var chans []ssa.Value
	for _, st := range in.States {
		if st.Dir == dir {
			chans = append(chans, st.Chan)
		}
	}
	return chans
}

// FunctionalOption reports whether fn is a func literal that its function
// returns and that takes the value it configures, a pointer to a struct,
// as a parameter
// (WithPeerScore(...) returning func(ps *PubSub) error): such options run
// where the value is built, before its owner starts.
func FunctionalOption(fn *ssa.Function) bool {
	parent := fn.Parent()
	if parent == nil || !slices.ContainsFunc(fn.Params, func(p *ssa.Parameter) bool {
		_, isPtr := p.Type().Underlying().(*types.Pointer)
		_, isStruct := names.DerefUnder(p.Type()).(*types.Struct)
		return isPtr && isStruct
	}) {
		return false // a recorder func(e Event) configures nothing
	}
	for _, b := range parent.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			for _, r := range ret.Results {
				if ct, ok := r.(*ssa.ChangeType); ok { // a named option type
					r = ct.X
				}
				if r == ssa.Value(fn) {
					return true
				}
				if mc, ok := r.(*ssa.MakeClosure); ok && mc.Fn == fn {
					return true
				}
			}
		}
	}
	return false
}

// Made reports whether v is a value its function makes: a variable or
// composite literal, a new map, channel or slice.
func Made(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Alloc, *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeSlice:
		return true
	}
	return false
}

// MadeFor reports whether v, a closure's binding from madeBy that another
// function than fn allocated (a factory; v is the value or the variable
// holding it), is the closure's alone: the factory keeps it nowhere else
// and hands it to no call. Each call of the factory makes a new one, so
// the code the closure runs in owns it.
func MadeFor(v ssa.Value, fn *ssa.Function) bool {
	if v.Parent() == fn || v.Parent() == nil {
		return false
	}
	value, cell := HeldValue(v)
	if !Made(value) {
		return false
	}
	kept := func(x ssa.Value) bool {
		for _, ref := range Referrers(x) {
			switch r := ref.(type) {
			case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Field, *ssa.DebugRef, *ssa.MakeClosure:
			case *ssa.Store:
				if r.Val == x && r.Addr != cell {
					return true
				}
			default:
				return true
			}
		}
		return false
	}
	return !kept(value) && (cell == nil || !kept(cell))
}

// StaticCalls yields the calls in fn's body whose callee is known, with
// that callee.
func StaticCalls(fn *ssa.Function) iter.Seq2[*ssa.Call, *ssa.Function] {
	return func(yield func(*ssa.Call, *ssa.Function) bool) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				if callee := call.Common().StaticCallee(); callee != nil && !yield(call, callee) {
					return
				}
			}
		}
	}
}
