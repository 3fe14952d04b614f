package walk

// Funcs held in fields. A func value stored in a field runs wherever the
// field's func is called: a connection's read goroutine calling its
// onMessage handler runs every func stored in onMessage off the owner. The
// off-owner search (where.Search) finds such fields within the package,
// after a first round of summaries shows which code runs off the owner;
// this file gives it the package's code as SSA shows it. Fields called from
// other packages come from their EntryFacts.
//
// The finding for a stored func is reported at the off-owner call of the
// field (or at the go statement), the place that runs it off the owner,
// naming the funcs stored in the field: a store alone runs nothing, and a
// test goroutine calling a field must not turn the production code that
// fills it into findings.

import (
	"cmp"
	"go/token"
	"go/types"
	"iter"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/where"
	"golang.org/x/tools/go/ssa"
)

// A FieldStore is a func value stored into a field.
type FieldStore struct {
	Val ssa.Value
	Pos token.Pos
}

// Fields is what the package does with fields that hold funcs (func
// fields, slices and maps of funcs, channels of them), and what the
// off-owner search found of them.
type Fields struct {
	Stores map[*types.Var][]FieldStore // every store, in source order
	*where.Found[*ssa.Function]
	goes      []where.FieldCall[*ssa.Function] // go x.f() anywhere in the package
	receivers []where.Receiver[*ssa.Function]  // receives of funcs from channel fields, in source order
}

// indexFields records the stores into fields holding funcs and the go
// statements calling one in the package's functions.
func (c *Package) indexFields(fns []*ssa.Function) *Fields {
	fs := &Fields{Stores: make(map[*types.Var][]FieldStore)}
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.Store, *ssa.MapUpdate:
					if f, val := storedField(in); f != nil {
						fs.Stores[f] = append(fs.Stores[f], FieldStore{Val: val, Pos: storePos(in)})
					}
				case *ssa.Call:
					for f, val := range c.storedByCallee(in) {
						fs.Stores[f] = append(fs.Stores[f], FieldStore{Val: val, Pos: in.Pos()})
					}
				case *ssa.Go:
					if f := calledField(in.Common()); f != nil {
						fs.goes = append(fs.goes, where.FieldCall[*ssa.Function]{Field: f, By: fn, Pos: in.Pos(), Goes: true})
					}
				}
			}
		}
	}
	for _, s := range fs.Stores {
		slices.SortStableFunc(s, func(a, b FieldStore) int { return cmp.Compare(a.Pos, b.Pos) })
	}
	return fs
}

// storedByCallee yields the fields of another package that the callee of
// call stores its func arguments in (summary.StoredIn: an option,
// feed.OnError(b.noteError), or a setter), with the argument: stores of
// this package's funcs, as if it assigned them there itself.
func (c *Package) storedByCallee(call *ssa.Call) iter.Seq2[*types.Var, ssa.Value] {
	return func(yield func(*types.Var, ssa.Value) bool) {
		callee := call.Call.StaticCallee()
		if callee == nil {
			return
		}
		if obj := flow.DeclaredFunc(callee); obj == nil || obj.Pkg() == c.pass.Pkg {
			return
		}
		sum := c.SummaryOf(callee)
		if sum == nil {
			return
		}
		for _, fs := range sum.StoredIn {
			f := c.M.FieldOf(fs.Field)
			if f == nil {
				continue
			}
			for _, src := range fs.Sources.Sources() {
				if v := SourceValue(src, call.Call.Args, flow.Captures{}); v != nil && !yield(f, v) {
					return
				}
			}
		}
	}
}

// storedField returns the field that instr, a store, puts funcs in, and
// the value it stores: a func field (x.f = fn), an element of a slice or
// map of funcs (x.subs[k] = fn, x.fs[i] = fn), or a whole slice of them
// (x.fs = append(x.fs, fn), x.subs[k] = append(x.subs[k], fn)).
func storedField(instr ssa.Instruction) (*types.Var, ssa.Value) {
	switch in := instr.(type) {
	case *ssa.Store:
		if !flow.HoldsFuncs(in.Val.Type()) {
			return nil, nil
		}
		if f := flow.FieldOf(in.Addr); f != nil {
			return f, in.Val
		}
		if ia, ok := in.Addr.(*ssa.IndexAddr); ok && names.IsFuncTyped(in.Val.Type()) {
			return flow.LoadedField(ia.X), in.Val
		}
	case *ssa.MapUpdate:
		if flow.HoldsFuncs(in.Value.Type()) { // x.subs[k] = fn, or a list there: append(x.subs[k], fn)
			return flow.LoadedField(in.Map), in.Value
		}
	}
	return nil, nil
}

// storePos is where a store happens in the source: a composite literal's
// element has no position of its own, the value stored does.
func storePos(instr ssa.Instruction) token.Pos {
	if instr.Pos().IsValid() {
		return instr.Pos()
	}
	if st, ok := instr.(*ssa.Store); ok {
		return st.Val.Pos()
	}
	return token.NoPos
}

// calledField returns the field whose func a call calls, if any: the func
// held in a field, what a getter returns of one or of its entries, or an
// element of a slice or map of funcs in one.
func calledField(call *ssa.CallCommon) *types.Var {
	if call.IsInvoke() || !names.IsFuncTyped(call.Value.Type()) {
		return nil
	}
	if _, ok := call.Value.(*ssa.Builtin); ok || len(flow.FuncTargets(call.Value)) > 0 {
		return nil
	}
	if f := flow.LoadedField(call.Value); f != nil {
		return f
	}
	if f := flow.ReturnedField(call.Value); f != nil {
		return f
	}
	if f := flow.ReturnedElementField(call.Value); f != nil {
		return f
	}
	return flow.ElementField(call.Value)
}

// FieldCallees lists the functions stored in the fields whose funcs fn
// calls (s.onExpire(id) runs what New stored there, s.expire): where fn
// runs, they run.
func (c *Package) FieldCallees(fn *ssa.Function) []*ssa.Function {
	if c.fields == nil {
		return nil
	}
	var out []*ssa.Function
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			if f := calledField(call.Common()); f != nil {
				for _, s := range c.fields.Stores[f] {
					for _, t := range StoredTargets(s.Val) {
						out = append(out, t.Fn)
					}
				}
			}
		}
	}
	return out
}

// fieldIndex is indexFields of the package's functions, made on first use.
func (c *Package) fieldIndex() *Fields {
	if c.indexed == nil {
		c.indexed = c.indexFields(c.Fns)
	}
	return c.indexed
}

// maxConfigured is how many constructors back configuredFuncs follows a
// stored parameter: newPicker(e) stores it, newDefaultPicker(e) hands its
// own on to newPicker.
const maxConfigured = 2

// configuredFuncs lists the functions field f may hold: those the package
// stores there, and for a stored parameter (a constructor's), those its
// callers pass in its place (newPicker(joinNames(out)) stores the closure
// joinNames makes).
func (c *Package) configuredFuncs(f *types.Var) []flow.FuncValue {
	var out []flow.FuncValue
	for _, s := range c.fieldIndex().Stores[f] {
		for _, v := range flow.StoredElements(s.Val) {
			out = append(out, c.passedFuncs(v, maxConfigured)...)
		}
	}
	return out
}

// FieldCallTargets returns the func field call calls and the functions
// it may run (configuredFuncs); nil for any other call.
func (c *Package) FieldCallTargets(call *ssa.CallCommon) (*types.Var, []flow.FuncValue) {
	if f := calledField(call); f != nil {
		return f, c.configuredFuncs(f)
	}
	return nil, nil
}

// passedFuncs lists the functions v may be: its own targets, or for a
// parameter, those of what the function's callers in the package pass,
// depth calls back (a closure's capture of one is that parameter:
// fyne.DoAndWait(func() { ui = New(a, e) })).
func (c *Package) passedFuncs(v ssa.Value, depth int) []flow.FuncValue {
	if fv, ok := heldValue(v).(*ssa.FreeVar); ok {
		if bound := flow.CapturedValue(fv); bound != nil {
			v, _ = flow.HeldValue(bound)
		}
	}
	p, ok := v.(*ssa.Parameter)
	if !ok || depth == 0 {
		return flow.FuncTargets(v)
	}
	i := slices.Index(p.Parent().Params, p)
	var out []flow.FuncValue
	for _, call := range c.callSites().byCallee[p.Parent()] {
		if args := call.Common().Args; i >= 0 && i < len(args) {
			out = append(out, c.passedFuncs(args[i], depth-1)...)
		}
	}
	return out
}

// Callers lists the package's static calls of fn.
func (c *Package) Callers(fn *ssa.Function) []*ssa.Call { return c.callSites().byCallee[fn] }

// OnlyCalled reports whether the package uses fn only as the callee of
// static calls: no go or defer statement runs it, and it is never a value
// (a func variable, a method value, a method expression), so Callers
// lists everywhere it runs from this package.
func (c *Package) OnlyCalled(fn *ssa.Function) bool { return !c.callSites().used[fn] }

// callIndex is the package's static calls by callee, and the functions it
// uses otherwise.
type callIndex struct {
	byCallee map[*ssa.Function][]*ssa.Call
	used     map[*ssa.Function]bool // run by go or defer, or taken as a value
}

// callSites indexes the package's static calls, on first use.
func (c *Package) callSites() *callIndex {
	if c.calls != nil {
		return c.calls
	}
	c.calls = &callIndex{byCallee: make(map[*ssa.Function][]*ssa.Call), used: make(map[*ssa.Function]bool)}
	var ops []*ssa.Value
	for _, fn := range c.Fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, _ := instr.(*ssa.Call)
				if callee := staticCallee(call); callee != nil {
					c.calls.byCallee[callee] = append(c.calls.byCallee[callee], call)
				}
				ops = instr.Operands(ops[:0])
				for _, op := range ops {
					f, ok := (*op).(*ssa.Function)
					if !ok || call != nil && op == &call.Call.Value {
						continue
					}
					f = flow.Generic(f)
					c.calls.used[f] = true
					if f.Synthetic != "" { // a method value's or expression's wrapper runs the method
						for _, wrapped := range flow.StaticCalls(f) {
							c.calls.used[wrapped] = true
						}
					}
				}
			}
		}
	}
	return c.calls
}

// staticCallee is call's callee where it is static, or nil (as for no
// call): for an instance of a generic function (a generic method calling
// another of its type), the generic function, whose body is the one built.
func staticCallee(call *ssa.Call) *ssa.Function {
	if call == nil {
		return nil
	}
	return flow.Generic(call.Common().StaticCallee())
}

// startedFieldFuncs lists the functions fn's go statements on func fields
// may start (go p.export(p.names)): they are summarized before fn, whose
// walk reads what they do with the arguments (see goStmt).
func (c *Package) startedFieldFuncs(fn *ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	for _, g := range c.fieldIndex().goes { // the package's few go x.f(): no second walk of fn's body
		if g.By == fn {
			for _, t := range c.configuredFuncs(g.Field) {
				out = append(out, t.Fn)
			}
		}
	}
	return out
}

// StoredTargets lists the functions that the store of val into a field
// puts there.
func StoredTargets(val ssa.Value) []flow.FuncValue {
	var out []flow.FuncValue
	for _, v := range flow.StoredElements(val) {
		out = append(out, flow.FuncTargets(v)...)
	}
	return out
}

// funcReceivers lists the receives of funcs from channel fields in the
// package's functions, in source order, once they are summarized (a
// getter's summary names the field it returns).
func (c *Package) funcReceivers() []where.Receiver[*ssa.Function] {
	var out []where.Receiver[*ssa.Function]
	for _, fn := range c.Fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				for _, f := range c.receivedFuncFields(instr) {
					out = append(out, where.Receiver[*ssa.Function]{Field: f, By: fn, InLoop: flow.InLoop(b)})
				}
			}
		}
	}
	return out
}

// receivedFuncFields lists the channel fields of funcs that instr receives
// from: a receive, a range over the channel, a select's receive case; the
// field loaded, or the one a call returns (r.Ops(), summary.ResultChan).
func (c *Package) receivedFuncFields(instr ssa.Instruction) []*types.Var {
	var out []*types.Var
	for _, ch := range flow.ReceivedChannels(instr) {
		if !names.IsFuncChan(ch.Type()) {
			continue
		}
		if f := flow.LoadedField(ch); f != nil {
			out = append(out, f)
		} else if call, ok := ch.(*ssa.Call); ok && call.Call.StaticCallee() != nil {
			if sum := c.SummaryOf(call.Call.StaticCallee()); sum != nil && sum.ResultChan != (summary.FieldRef{}) {
				if f := c.M.FieldOf(sum.ResultChan); f != nil {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// SettleStoredCallbacks searches for the fields whose funcs run off the
// owner and summarizes the package again while what it finds grows, so
// that functions storing their func parameters there become async sinks
// (which may start more code off the owner).
func (c *Package) SettleStoredCallbacks() {
	idx := c.fieldIndex()
	fs := &Fields{Stores: idx.Stores, goes: idx.goes, receivers: c.funcReceivers()}
	for range where.MaxRounds {
		fs.Found = where.Search(c.searchCode(fs))
		settled := c.fields.same(fs)
		// The walks read what the search found (Rules.Store, Rules.Send)
		// only while the package is summarized again.
		c.fields, c.rules.Fields = fs, &fs.Found.Fields
		if settled {
			return
		}
		c.Walks = make(map[*ssa.Function]*Walk)
		c.summarize(c.Fns)
		fs = &Fields{Stores: fs.Stores, goes: fs.goes, receivers: fs.receivers}
	}
}

// same reports whether fs found what gs found; nil found nothing.
func (fs *Fields) same(gs *Fields) bool {
	found := func(f *Fields) *where.Fields {
		if f == nil || f.Found == nil {
			return &where.Fields{}
		}
		return &f.Found.Fields
	}
	return found(fs).Same(found(gs))
}

// searchCode is the package's code as the off-owner search needs it.
func (c *Package) searchCode(fs *Fields) where.Code[*ssa.Function] {
	handed := c.handedSources()
	stored := storedHooks(fs, c.pass.Pkg)
	code := where.Code[*ssa.Function]{
		Goes:      slices.Clone(fs.goes),
		Stored:    make(map[*types.Var][]*ssa.Function),
		Receivers: fs.receivers,
		Calls:     func(fn *ssa.Function) ([]where.Call[*ssa.Function], bool) { return c.offOwnerCalls(fn, handed, stored) },
		Name:      func(fn *ssa.Function) string { return flow.Name(enclosing(fn)) },
		RunsOn:    c.M.RunsOn,
	}
	for f, stores := range fs.Stores {
		for _, s := range stores {
			for _, t := range StoredTargets(s.Val) {
				code.Stored[f] = append(code.Stored[f], flow.Generic(t.Fn))
			}
		}
	}
	for _, fn := range c.Fns {
		if w := c.Walks[fn]; w != nil {
			for _, sp := range w.Spawns {
				for _, t := range sp.Started() {
					// An instance of a generic function (go c.janitor() in
					// a generic constructor) runs its origin's body.
					root := flow.Generic(t.Fn)
					code.Roots = append(code.Roots, root)
					if c.Walks[root] == nil {
						// Another package's function started here (go
						// imp.Run()): the search does not enter it, but
						// its summary tells the hooks it calls.
						for _, f := range calledHooks(c.SummaryOf(t.Fn), stored) {
							code.Goes = append(code.Goes, where.FieldCall[*ssa.Function]{Field: f, By: fn, Pos: sp.Pos, Goes: true})
						}
					}
				}
			}
		}
		if _, ok := c.EntryPoint(fn); ok {
			code.Roots = append(code.Roots, fn)
		}
	}
	return code
}

// fieldRef is summary.FieldRefOf(f), found once per field: objectpath
// searches the package's scope.
func (c *Package) fieldRef(f *types.Var) (summary.FieldRef, bool) {
	if ref, ok := c.fieldRefs[f]; ok {
		return ref, ref != (summary.FieldRef{})
	}
	ref, _ := summary.FieldRefOf(f)
	c.fieldRefs[f] = ref
	return ref, ref != (summary.FieldRef{})
}

// storedHooks are the other packages' hooks (where.IsHook) fs stores
// funcs in, by name: a function of that package that calls one says so in
// its summary (summary.CallsFields). The package's own are found where
// its code calls them.
func storedHooks(fs *Fields, pkg *types.Package) map[summary.FieldRef]*types.Var {
	var out map[summary.FieldRef]*types.Var
	for f := range fs.Stores {
		if f.Pkg() == pkg || !where.HoldsFuncsOf(f, f.Pkg()) {
			continue
		}
		if ref, ok := summary.FieldRefOf(f); ok {
			if out == nil {
				out = make(map[summary.FieldRef]*types.Var)
			}
			out[ref] = f
		}
	}
	return out
}

// calledHooks are the hooks of stored that a function with summary sum
// calls (nil for none known).
func calledHooks(sum *summary.Summary, stored map[summary.FieldRef]*types.Var) []*types.Var {
	if sum == nil || len(stored) == 0 {
		return nil
	}
	var out []*types.Var
	for _, ref := range sum.CallsFields {
		if f := stored[ref]; f != nil {
			out = append(out, f)
		}
	}
	return out
}

// handedSources maps the code the package starts off the owner to its
// sources (captures, and a go statement's arguments) whose values the
// starter hands off (see HandedSource).
func (c *Package) handedSources() map[*ssa.Function]summary.Origin {
	out := make(map[*ssa.Function]summary.Origin)
	for _, fn := range c.Fns {
		w := c.Walks[fn]
		if w == nil {
			continue
		}
		for _, sp := range w.Spawns {
			for _, t := range sp.Targets {
				sources := make([]summary.Source, 0, len(t.Fn.Params)+len(t.Fn.FreeVars))
				for i := range t.Fn.Params {
					sources = append(sources, summary.ParamSource(i))
				}
				for i := range t.Fn.FreeVars {
					sources = append(sources, summary.FreeSource(i))
				}
				for _, s := range sources {
					if sp.HandedSource(t, s) {
						out[t.Fn] = out[t.Fn].Union(summary.OriginOf(s))
					}
				}
			}
		}
	}
	return out
}

// offOwnerCalls lists the calls of fn as the off-owner search follows
// them: what each runs on the same goroutine (its callees, and the func
// values it hands them unless they go to the owner, or off it, which the
// walk recorded as a spawn), the field it calls, the interface method.
// Go statements are left out: what they start are roots already, and their
// field calls are Fields.goes. The search does not enter the owner's loop,
// nor code that was not built.
func (c *Package) offOwnerCalls(fn *ssa.Function, handed map[*ssa.Function]summary.Origin, stored map[summary.FieldRef]*types.Var) ([]where.Call[*ssa.Function], bool) {
	if c.Walks[fn] == nil || c.M.IsLoop(fn) {
		return nil, false
	}
	var calls []where.Call[*ssa.Function]
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if _, isGo := instr.(*ssa.Go); !ok || isGo {
				continue
			}
			if out, ok := c.offOwnerCall(call, handed[fn], stored); ok {
				calls = append(calls, out)
			}
		}
	}
	return calls, true
}

// offOwnerCall is one call of offOwnerCalls, by code that was handed
// the values of its sources handed when started; stored are the other
// packages' hooks it stores funcs in (storedHooks). ok is false for a
// call of a built-in.
func (c *Package) offOwnerCall(call ssa.CallInstruction, handed summary.Origin, stored map[summary.FieldRef]*types.Var) (where.Call[*ssa.Function], bool) {
	common := call.Common()
	out := where.Call[*ssa.Function]{Pos: call.Pos()}
	var callee where.Callee
	if common.IsInvoke() {
		out.Method = common.Method
		origins := c.ValueOrigins(call.Parent())
		for i, a := range flow.CallArgs(common) {
			if origins(a).Without(handed).Fresh() {
				out.Owned = append(out.Owned, i)
			}
		}
		out.Runs = append(out.Runs, c.Implementations(common.Method)...)
		callee = c.interfaceCallee(common.Method)
	} else {
		if _, ok := common.Value.(*ssa.Builtin); ok {
			return out, false
		}
		if f := calledField(common); f != nil {
			out.Fields = append(out.Fields, f)
		}
		targets := flow.FuncTargets(common.Value)
		for _, t := range targets {
			if c.M.IsLoop(t.Fn) {
				return where.Call[*ssa.Function]{Pos: out.Pos, Fields: out.Fields}, true // the owner's loop: nothing it is handed runs here
			}
			out.Runs = append(out.Runs, flow.Generic(t.Fn))
		}
		if len(targets) == 1 {
			callee = c.calleeOf(targets[0].Fn)
		}
	}
	out.Fields = append(out.Fields, calledHooks(callee.Summary, stored)...)
	for i, a := range flow.CallArgs(common) {
		if names.IsFuncTyped(a.Type()) && c.rules.Arg(callee, i, true).RunsHere() {
			for _, t := range flow.FuncTargets(a) {
				out.Runs = append(out.Runs, flow.Generic(t.Fn))
			}
		}
	}
	return out, true
}

// calleeOf is what the rules know of fn as a call's target.
func (c *Package) calleeOf(fn *ssa.Function) where.Callee {
	obj := flow.DeclaredFunc(fn)
	return where.Callee{Fn: obj, Contract: c.M.Contract(obj), Summary: c.SummaryOf(fn)}
}

// interfaceCallee is what the rules know of the interface method m as a
// call's target.
func (c *Package) interfaceCallee(m *types.Func) where.Callee {
	return where.Callee{Fn: m, Contract: c.M.Contract(m), Summary: c.interfaceSummary(m)}
}

// enclosing is the declared function fn is, or is a literal of.
func enclosing(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}
