package walk

// Callbacks stored in struct fields. A func value stored in a field runs
// wherever the field's func is called: a connection's read goroutine calling
// its onMessage handler runs every func stored in onMessage off the owner.
// This is found within one package, after a first round of summaries shows
// which code runs off the owner; fields called from other packages are not
// tracked.
//
// The rules that make a function a sink are in doc.go.
//
// The finding for a stored func is reported at the off-owner call of the
// field (or at the go statement), the place that runs it off the owner,
// naming the funcs stored in the field: a store alone runs nothing, and a
// test goroutine calling a field must not turn the production code that
// fills it into findings.

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/where"
	"golang.org/x/tools/go/ssa"
)

// A fieldStore is a func value stored into a struct field.
type FieldStore struct {
	field *types.Var
	Val   ssa.Value
	Pos   token.Pos
}

// A fieldCall is a call of the func held in a struct field that runs off
// the owner: made by off-owner code, or started by a go statement.
type FieldCall struct {
	Field *types.Var
	Fn    *ssa.Function // the function making the call
	Pos   token.Pos
	Goes  bool // go x.f(): off the owner wherever fn runs
}

// A chanReceiver is a function that receives funcs from a channel field.
type chanReceiver struct {
	field  *types.Var
	fn     *ssa.Function
	inLoop bool // in a loop of fn's: an event loop, if fn runs on the owner
}

// callbackFields is what the package does with fields that hold funcs:
// func fields, slices and maps of funcs, and channels of them.
type CallbackFields struct {
	Stores    map[*types.Var][]FieldStore // every store, in source order
	goes      []FieldCall                 // go x.f() anywhere in the package
	receivers []chanReceiver              // receives of funcs from channel fields, in source order
	// Found by the off-owner search: the fields whose funcs run off the
	// owner, and the calls that run them there, by position.
	offOwner map[*types.Var]bool
	Calls    []FieldCall
	// The channel fields whose funcs run where their receivers call them:
	// off the owner (named by such a receiver), or on an owner (by domain).
	chanOffOwner map[*types.Var]string
	ChanHop      map[*types.Var]string
	// The interface methods off-owner code calls, and a caller of each.
	invoked map[*types.Func]string
}

// indexCallbackFields records the stores into func-typed fields and the go
// statements calling one, in the package's functions.
func indexCallbackFields(fns []*ssa.Function) *CallbackFields {
	cf := &CallbackFields{Stores: make(map[*types.Var][]FieldStore)}
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.Store, *ssa.MapUpdate:
					if f, val := storedField(in); f != nil {
						cf.Stores[f] = append(cf.Stores[f], FieldStore{field: f, Val: val, Pos: storePos(in)})
					}
				case *ssa.Go:
					if f := calledField(in.Common()); f != nil {
						cf.goes = append(cf.goes, FieldCall{Field: f, Fn: fn, Pos: in.Pos(), Goes: true})
					}
				}
				for _, f := range receivedFuncFields(instr) {
					cf.receivers = append(cf.receivers, chanReceiver{field: f, fn: fn, inLoop: flow.InLoop(b)})
				}
			}
		}
	}
	for _, s := range cf.Stores {
		slices.SortStableFunc(s, func(a, b FieldStore) int { return cmp.Compare(a.Pos, b.Pos) })
	}
	return cf
}

// storedField returns the field that instr, a store, puts funcs in, and
// the value it stores: a func field (x.f = fn), an element of a slice or
// map of funcs (x.subs[k] = fn, x.fs[i] = fn), or a whole slice of them
// (x.fs = append(x.fs, fn)).
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
		if names.IsFuncTyped(in.Value.Type()) {
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
// held in a field, or an element of a slice or map of funcs in one.
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
	return flow.ElementField(call.Value)
}

// storedTargets lists the functions that the store of val into a field
// puts there.
func StoredTargets(val ssa.Value) []flow.FuncValue {
	var out []flow.FuncValue
	for _, v := range flow.StoredFuncs(val) {
		out = append(out, flow.FuncTargets(v)...)
	}
	return out
}

// maxCallbackRounds bounds how often a package is searched for the fields
// whose funcs run off the owner (and, on the SSA path, summarized again):
// each round costs a summary of the whole package.
const MaxCallbackRounds = 3

// SettleStoredCallbacks finds the fields whose funcs run off the owner and
// summarizes the package again while that set grows, so that functions
// storing their func parameters there become async sinks (which may start
// more code off the owner).
func (c *Engine) SettleStoredCallbacks() {
	fns := c.Fns
	cf := indexCallbackFields(fns)
	// The walks read what the search finds (see storeCallback and
	// sendFunc) only while the package is summarized again, never while
	// the search rebuilds it.
	c.CallbackFields = cf
	for range MaxCallbackRounds {
		offOwner, chanOffOwner, chanHop := cf.offOwner, cf.chanOffOwner, cf.ChanHop
		cf.search(c, fns)
		if maps.Equal(offOwner, cf.offOwner) && maps.Equal(chanOffOwner, cf.chanOffOwner) && maps.Equal(chanHop, cf.ChanHop) {
			return
		}
		c.Walks = make(map[*ssa.Function]*Walk)
		c.summarize(fns)
	}
}

// search searches the code of fns that runs off the owner for calls of
// func-typed fields, filling cf.offOwner and cf.calls.
func (cf *CallbackFields) search(c *Engine, fns []*ssa.Function) {
	cf.offOwner = make(map[*types.Var]bool)
	cf.invoked = make(map[*types.Func]string)
	cf.Calls = nil
	visited := make(map[*ssa.Function]bool)
	var queue []*ssa.Function
	addField := func(call FieldCall) {
		cf.Calls = append(cf.Calls, call)
		if !cf.offOwner[call.Field] {
			cf.offOwner[call.Field] = true
			for _, s := range cf.Stores[call.Field] {
				for _, t := range StoredTargets(s.Val) {
					queue = append(queue, t.Fn) // the funcs stored there run off the owner
				}
			}
		}
	}
	for _, fn := range fns {
		if w := c.Walks[fn]; w != nil {
			for _, sp := range w.Spawns {
				for _, t := range sp.Targets {
					queue = append(queue, t.Fn)
				}
			}
		}
		if _, ok := c.M.EntryPoint(fn); ok {
			queue = append(queue, fn)
		}
	}
	for _, g := range cf.goes {
		addField(g)
	}
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		if visited[fn] || c.Walks[fn] == nil || c.M.IsLoop(fn) {
			continue
		}
		visited[fn] = true
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if _, isGo := instr.(*ssa.Go); isGo {
					continue // its targets are spawns already; its field calls are in cf.goes
				}
				if m := call.Common().Method; m != nil {
					where.NoteInvoked(cf.invoked, m, flow.Name(enclosing(fn)))
				}
				queue = offOwnerCallees(c, fn, call, queue, addField)
			}
		}
	}
	slices.SortStableFunc(cf.Calls, func(a, b FieldCall) int { return cmp.Compare(a.Pos, b.Pos) })
	cf.classifyChannels(c, visited)
}

// classifyChannels decides where the funcs sent on each channel field
// run: off the owner when off-owner code (visited) receives them, else on
// the owner that a loop or owner-only function receiving them runs on,
// else, received in a loop of code on the owner (an event loop its
// program's main calls), on the default owner.
func (cf *CallbackFields) classifyChannels(c *Engine, visited map[*ssa.Function]bool) {
	cf.chanOffOwner = make(map[*types.Var]string)
	cf.ChanHop = make(map[*types.Var]string)
	for _, r := range cf.receivers {
		if _, ok := cf.chanOffOwner[r.field]; !ok && visited[r.fn] {
			cf.chanOffOwner[r.field] = flow.Name(r.fn)
		}
	}
	for _, r := range cf.receivers {
		if _, off := cf.chanOffOwner[r.field]; off {
			continue
		}
		if domain, ok := c.M.RunsOn(r.fn); ok {
			cf.ChanHop[r.field] = domain
		} else if _, ok := cf.ChanHop[r.field]; !ok && r.inLoop {
			cf.ChanHop[r.field] = ""
		}
	}
}

// receivedFuncFields lists the channel fields of funcs that instr receives
// from: a receive, a range over the channel, a select's receive case.
func receivedFuncFields(instr ssa.Instruction) []*types.Var {
	var out []*types.Var
	for _, ch := range flow.ReceivedChannels(instr) {
		if t, ok := ch.Type().Underlying().(*types.Chan); ok && names.IsFuncTyped(t.Elem()) {
			if f := flow.LoadedField(ch); f != nil {
				out = append(out, f)
			}
		}
	}
	return out
}

// sendFunc handles the func value v sent on the channel ch at pos: a hop
// when the channel's funcs run on an owner, a start off the owner when
// they run off it. Other sends hand values over (see sends.go).
func (w *walker) sendFunc(ch, v ssa.Value, pos token.Pos) {
	if !names.IsFuncTyped(v.Type()) {
		return
	}
	if by := w.localReceiver(ch); by != "" {
		w.sendOff(v, Entry{Pos: pos, Sink: "a send on a channel that " + by + " receives from off the owner"})
		return
	}
	cf := w.c.CallbackFields
	if cf == nil {
		return
	}
	f := flow.LoadedField(ch)
	if by, ok := cf.chanOffOwner[f]; ok {
		w.sendOff(v, Entry{Pos: pos, Sink: "a send on " + f.Name() + ", whose funcs " + by + " runs off the owner"})
	} else if domain, ok := cf.ChanHop[f]; ok {
		w.hopTo(v, "a send on "+f.Name(), &domain, pos)
	}
}

// offOwnerCallees appends to queue what a call in off-owner code runs on
// the same goroutine: its callees, and the func values it hands them unless
// they go to the owner (or off it, which their walk recorded as a spawn).
// A call of a func-typed field is reported to addField.
func offOwnerCallees(c *Engine, fn *ssa.Function, call ssa.CallInstruction, queue []*ssa.Function, addField func(FieldCall)) []*ssa.Function {
	common := call.Common()
	args := flow.CallArgs(common)
	var k *directive.Fact
	var sum *summary.Summary
	switch {
	case common.IsInvoke():
		queue = append(queue, c.Implementations(common.Method)...)
		k, sum = c.M.Contract(common.Method), c.interfaceSummary(common.Method)
	default:
		if _, ok := common.Value.(*ssa.Builtin); ok {
			return queue
		}
		targets := flow.FuncTargets(common.Value)
		if f := calledField(common); f != nil {
			addField(FieldCall{Field: f, Fn: fn, Pos: call.Pos()})
		}
		for _, t := range targets {
			if c.M.IsLoop(t.Fn) {
				return queue // the owner's loop: nothing it is handed runs here
			}
			queue = append(queue, t.Fn)
		}
		if len(targets) == 1 {
			k, sum = c.M.Contract(flow.DeclaredFunc(targets[0].Fn)), c.SummaryOf(targets[0].Fn)
		}
	}
	for i, a := range args {
		if names.IsFuncTyped(a.Type()) && where.RunsHere(k, sum, i) {
			for _, t := range flow.FuncTargets(a) {
				queue = append(queue, t.Fn)
			}
		}
	}
	return queue
}

// storeCallback handles a store of a func value into a field whose funcs
// run off the owner: the func parameters it sends along make this function
// an async sink for them (rule 3). The funcs themselves are reported where
// the field is called off the owner (see reportFieldCalls), not here.
func (w *walker) storeCallback(in ssa.Instruction) {
	f, val := storedField(in)
	if f == nil {
		return
	}
	if by, ok := w.c.M.ImportedOffOwnerField(f); ok {
		// Another package calls it: the store is where the funcs leave.
		for _, v := range flow.StoredFuncs(val) {
			w.sendOff(v, Entry{Pos: storePos(in), Sink: fmt.Sprintf("the funcs stored in field %s, which %s calls off the owner (in %s)", f.Name(), f.Pkg().Name(), by)})
		}
		return
	}
	cf := w.c.CallbackFields
	if cf == nil || !cf.offOwner[f] {
		return
	}
	var sources summary.Origin
	for _, v := range flow.StoredFuncs(val) {
		sources = sources.Union(w.funcSources(v))
	}
	var o summary.Origin
	for _, s := range sources.Sources() {
		if s >= summary.FreeBase && s != summary.Ambient {
			o = o.Union(summary.OriginOf(s)) // a captured func value, for the enclosing function
		} else if int(s) < len(w.fn.Params) && names.IsFuncTyped(w.fn.Params[s].Type()) {
			o = o.Union(summary.OriginOf(s))
		}
	}
	w.Sum.Async = w.Sum.Async.Union(o)
	w.noteEvidence(o, sinkEvidence{Sink: "a stored callback field called off the owner", Pos: in.Pos()})
}

// localReceiver names a goroutine that this function starts and that
// receives from ch, a channel the function made or a variable holding
// one (the workers of a pool draining a local jobs channel), or returns "".
func (w *walker) localReceiver(ch ssa.Value) string {
	ch = variableOf(ch)
	switch ch.(type) {
	case *ssa.MakeChan, *ssa.Alloc:
	default:
		return ""
	}
	for _, g := range w.goStatements() {
		for _, t := range flow.FuncTargets(g.Call.Value) {
			for _, b := range t.Fn.Blocks {
				for _, instr := range b.Instrs {
					for _, c := range flow.ReceivedChannels(instr) {
						if v := spawnerValue(c, t, g.Call.Args); v != nil && variableOf(v) == ch {
							return flow.Name(t.Fn)
						}
					}
				}
			}
		}
	}
	return ""
}

// variableOf is the variable (a cell) v was loaded from, else v.
func variableOf(v ssa.Value) ssa.Value {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if cell, ok := load.X.(*ssa.Alloc); ok {
			return cell
		}
	}
	return v
}
