package report

// This file is the advice a finding gives: the hop sink to hop back
// through, in the words of the code in scope, the fix that hops, and the
// //confined:any advice for a field set only where its value is built.

import (
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

// A hopSink is a function the user can post work to the owner through.
type hopSink struct {
	fix.HopSink      // Name as the user writes it
	inScope     bool // this package declares or uses it
}

// hopSinks lists the hop sinks in scope, then the others this package can
// see through facts, each group by name, leaving out those the user cannot
// name here. Object facts reach only direct importers of a package-level
// function's package, so those come from the packages' hopSinksFacts.
func (r *reporter) hopSinks() []hopSink {
	c := r.c
	seen := make(map[string]bool)
	var hops []hopSink
	add := func(h hopSink) {
		if !seen[h.Name] {
			seen[h.Name] = true
			hops = append(hops, h)
		}
	}
	collect := func(obj types.Object, inScope bool) {
		fn, ok := obj.(*types.Func)
		if !ok {
			return
		}
		fn = fn.Origin()
		k := c.M.Contract(fn)
		if len(k.Hop) == 0 && !k.MessageHop {
			return
		}
		name, ok := c.M.Declared.Names[fn]
		if !ok && !nameable(c.Pass().Pkg, fn) {
			return
		}
		if !ok {
			name = names.FuncName(fn)
		}
		add(hopSink{c.M.DescribeHop(name, fn, k.Hop), inScope})
	}
	for _, obj := range c.Pass().TypesInfo.Defs {
		collect(obj, true)
	}
	for _, obj := range c.Pass().TypesInfo.Uses {
		collect(obj, true)
	}
	for _, of := range c.M.View.ImportedFacts() {
		if f, ok := of.Fact.(*directive.Fact); ok && (len(f.Hop) > 0 || f.MessageHop) {
			collect(of.Object, false)
		}
	}
	for _, obj := range c.M.Declared.Named() {
		collect(obj, false)
	}
	for _, s := range c.M.View.ImportedHopSinks() {
		add(hopSink{s, false})
	}
	slices.SortFunc(hops, func(a, b hopSink) int {
		if a.inScope != b.inScope {
			if a.inScope {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
	return hops
}

// nameable reports whether code of pkg can name fn: it is of pkg, or
// exported with an exported receiver type.
func nameable(pkg *types.Package, fn *types.Func) bool {
	if fn.Pkg() == pkg {
		return true
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return fn.Exported()
	}
	named := names.DerefNamed(recv.Type())
	return fn.Exported() && named != nil && named.Obj().Exported()
}

// fixHint names the hop sink to the state's domain that fits best the
// code at sp: inside a future's callback one that returns a future to chain
// on (actor.Hop) or continues a future (ReenterAfter), elsewhere one that
// runs a plain func, preferably just posting it (Execute); in scope before
// out of it. Without one it says what to do.
func fixHint(hops []hopSink, sp walk.Entry, domain string, loopless bool) string {
	inFutureCallback := sp.Future
	rank := func(h hopSink) int {
		switch {
		case h.Domain != domain, h.Registers:
			return -1
		case h.Message: // the framework's way back, when no func hop fits
			return 2
		case inFutureCallback && h.Returns:
			return 0
		case inFutureCallback:
			return 1
		case h.Plain && !h.Returns:
			return 0
		case h.Plain:
			return 1
		}
		return -1 // does not fit
	}
	best := -1
	for i, h := range hops {
		if r := rank(h); r >= 0 && (best < 0 || r < rank(hops[best])) {
			best = i
		}
	}
	switch {
	case best >= 0 && hops[best].Message:
		return messageAdvice(hops[best].Name, domain)
	case best >= 0:
		return hopAdvice(hops[best].Name, domain, sp.On != nil)
	case sp.On == nil && domain == "" && loopless:
		return "no loop runs the owner, so there is none to hand the work to: let this code work on a value of its own and hand the result back, or guard the field with a lock or an atomic"
	case sp.On == nil && domain == "":
		return "hand the work to the owner (send it to the loop's mailbox or a channel the loop reads) instead of touching the state here"
	}
	touching := "the state here"
	if sp.On != nil {
		touching = "its state on " + names.DomainName(*sp.On)
	}
	return "hand the work to " + names.DomainName(domain) + " (send it to its loop's mailbox or a channel its loop reads) instead of touching " + touching
}

// sentAdvice is the fix hint for a value touched after it was sent.
const sentAdvice = "leave it alone once sent (send a copy if the sender still needs it), or send it after the last touch"

// messageAdvice advises taking the work back to the owner of domain as a
// message through the message hop named via, as actor runtimes and UI
// runtimes do: the owner handles it in one of its turns.
func messageAdvice(via, domain string) string {
	owner := "the owner"
	if domain != "" {
		owner = "@" + domain
	}
	return "send the work to " + owner + " as a message through " + via + " and touch the state where the owner handles it"
}

// hopAdvice advises hopping to domain through the hop sink named via: back
// to it from off every owner, over to it from another owner.
func hopAdvice(via, domain string, fromOwner bool) string {
	switch {
	case fromOwner:
		return "hop to " + names.DomainName(domain) + " through " + via + " and touch the state there"
	case domain != "":
		return "hop back to @" + domain + " through " + via + " and touch the state there"
	}
	return "hop back to the owner through " + via + " and touch the state there"
}

// findingFixes returns the hop fixes of findings, by position.
func (r *reporter) findingFixes(findings []finding) map[token.Pos]fix.HopFix {
	c := r.c
	fixes := make(map[token.Pos]fix.HopFix)
	// The findings of one literal that touch one domain's state hop to it
	// together.
	type fixGroup struct {
		lit    *ssa.Function
		domain string
	}
	var groups []fixGroup
	for _, f := range findings {
		g := fixGroup{f.lit, f.witness.Domain}
		if f.lit != nil && !slices.Contains(groups, g) {
			groups = append(groups, g)
		}
	}
	for _, g := range groups {
		var positions, others []token.Pos
		future := false
		for _, f := range findings {
			if f.lit == g.lit && f.witness.Domain == g.domain {
				positions = append(positions, f.pos)
				future = f.entry.Future
			}
		}
		for _, f := range r.touches {
			if f.lit == g.lit && f.witness.Domain != g.domain {
				others = append(others, f.pos)
			}
		}
		maps.Copy(fixes, fix.HopFixes(c.Pass(), fixModel{c.M, c.Fields()}, g.lit.Syntax(), future, g.domain, positions, others))
	}
	return fixes
}

// fixModel is what hop fixes know: the directives, and the channels whose
// funcs run on an owner.
type fixModel struct {
	*model.Model
	fields *walk.Fields // nil when the package has no field holding funcs
}

// ImportedHopSinks are the hop sinks the package's imports pass on.
func (m fixModel) ImportedHopSinks() []fix.HopSink { return m.View.ImportedHopSinks() }

func (m fixModel) ChannelHop(f *types.Var) (domain string, ok bool) {
	if m.fields == nil || m.fields.Found == nil || f == nil {
		return "", false
	}
	domain, ok = m.fields.ChanHop[f]
	return domain, ok
}

// builtOnly returns the field wit reads when it belongs to a type of this
// package and no code here writes it but where its value is built: set
// in a constructor and only read after, it is safe from anywhere once
// marked //confined:any, which is the better advice than a hop. kept is
// a field declared on the same line that must stay confined (this
// package rewrites it, or changes what it points to): a directive on that
// line would free it too, so the advice is to give the field a line of its
// own, and no edit is offered.
func (r *reporter) builtOnly(wit summary.Witness) (field, kept *types.Var) {
	if wit.Action != summary.ActionReads || wit.Reassigned.Line > 0 {
		return nil, nil
	}
	field, st := r.memberField(wit.Member)
	if field == nil || r.rewrites(field) {
		return nil, nil
	}
	for _, mate := range fix.LineMates(r.c.Pass().Fset, st, field) {
		if r.rewrites(mate) || r.pointeeMethod(mate) != nil {
			return field, mate
		}
	}
	return field, nil
}

// memberField returns the field of this package's struct type that
// member ("pkg.T.f", as witnesses name it) is, and that struct; nil when
// member is no such field.
func (r *reporter) memberField(member string) (*types.Var, *types.Struct) {
	pkg, typeName, field, ok := names.SplitMember(member)
	if !ok || pkg != r.c.Pass().Pkg.Name() || field == "" {
		return nil, nil
	}
	tn, _ := r.c.Pass().Pkg.Scope().Lookup(typeName).(*types.TypeName)
	if tn == nil {
		return nil, nil
	}
	f := names.FieldNamed(tn, field)
	if f == nil {
		return nil, nil
	}
	return f, tn.Type().Underlying().(*types.Struct)
}

// rewrites reports whether this package writes f other than where its
// value is built.
func (r *reporter) rewrites(f *types.Var) bool {
	r.scanFieldWrites()
	return r.rewritten[f.Origin()]
}

// assignedBeside reports whether a function of this package other than
// the one enclosing pos assigns f (stores to it, not through it) other
// than where its value is built: a read of f at pos then races with that
// store, where a read of a field only written through (a map's entries)
// races, if at all, where the entries are used.
func (r *reporter) assignedBeside(f *types.Var, pos token.Pos) bool {
	r.scanFieldWrites()
	return slices.ContainsFunc(r.assigners[f.Origin()], func(fn *ssa.Function) bool {
		syntax := fn.Syntax()
		return syntax == nil || pos < syntax.Pos() || pos >= syntax.End() ||
			slices.ContainsFunc(fn.AnonFuncs, func(lit *ssa.Function) bool { return lit.Syntax().Pos() <= pos && pos < lit.Syntax().End() })
	})
}

// foreignWrites returns, for member ("pkg.T.f", or its entries) of
// another package's type, whether that package's code writes it, as the
// summaries it exported say (the touches and reaches of its functions and
// methods): whether an off-owner read of it at a line there races. ok is
// false for a member of this package, or of a package not in view.
func (r *reporter) foreignWrites(member string) (written, ok bool) {
	pkgName, typeName, _, split := names.SplitMember(member)
	if !split || pkgName == r.c.Pass().Pkg.Name() {
		return false, false
	}
	if r.foreign == nil {
		r.foreign = make(map[*types.Package]map[string]bool)
		for _, pkg := range names.PackagesInView(r.c.Pass().Pkg) {
			r.foreign[pkg] = nil // in view, not yet read
		}
	}
	for pkg, writes := range r.foreign {
		if pkg.Name() != pkgName || pkg.Scope().Lookup(typeName) == nil {
			continue
		}
		if writes == nil {
			writes = r.summarizedWrites(pkg)
			r.foreign[pkg] = writes
		}
		written, ok = written || writes[member], true
	}
	return written, ok
}

// summarizedWrites returns the members pkg's exported summaries write.
func (r *reporter) summarizedWrites(pkg *types.Package) map[string]bool {
	writes := make(map[string]bool)
	note := func(fn *types.Func) {
		var fact summary.SummaryFact
		if !r.c.Pass().ImportObjectFact(fn, &fact) {
			return
		}
		for _, t := range fact.Summary.Touches {
			for _, w := range append([]summary.Witness{t.Witness}, t.Witness.OtherWrites...) {
				writes[w.Member] = writes[w.Member] || w.Action == summary.ActionWrites
			}
		}
		for _, reach := range fact.Summary.Reaches {
			writes[reach.Member] = writes[reach.Member] || reach.Write
		}
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *types.Func:
			note(obj)
		case *types.TypeName:
			if named, ok := obj.Type().(*types.Named); ok {
				for m := range named.Methods() {
					note(m)
				}
			}
		}
	}
	return writes
}

// scanFieldWrites fills rewritten and assigners, once.
func (r *reporter) scanFieldWrites() {
	if r.rewritten != nil {
		return
	}
	r.rewritten = make(map[*types.Var]bool)
	r.assigners = make(map[*types.Var][]*ssa.Function)
	for _, fn := range r.c.Fns {
		origins := r.c.ValueOrigins(fn)
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				x, index, write, ok := walk.FieldTouch(instr, nil)
				if !ok || !write || !walk.Rewrites(origins, x) {
					continue
				}
				st, ok := names.DerefUnder(x.Type()).(*types.Struct)
				if !ok || index >= st.NumFields() {
					continue
				}
				f := st.Field(index).Origin()
				r.rewritten[f] = true
				if assigned(instr) && !slices.Contains(r.assigners[f], fn) {
					r.assigners[f] = append(r.assigners[f], fn)
				}
			}
		}
	}
}

// assigned reports whether the field address instr computes is stored to
// (see flow.StoredInto).
func assigned(instr ssa.Instruction) bool {
	addr, ok := instr.(*ssa.FieldAddr)
	return ok && flow.StoredInto(addr)
}

// pointeeMethod returns a method this package calls on what the pointer
// or interface field f holds, one that may change it: a pointer-receiver
// method or one called through the interface, not of sync or sync/atomic
// (they lock, see walk.SyncCallee) and not marked //confined:any. Marking f
// //confined:any would then let code off the owner use a value the owner
// changes (an editor widget the owner types into): the advice says so,
// and no edit is offered.
func (r *reporter) pointeeMethod(f *types.Var) *types.Func {
	if r.pointeeMethods == nil { // one pass over the package, for every field
		r.pointeeMethods = make(map[*types.Var]*types.Func)
		for _, fn := range r.c.Fns {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					call, ok := instr.(ssa.CallInstruction)
					if !ok || walk.SyncCallee(call.Common()) {
						continue
					}
					if field, m := calledOn(call.Common()); m != nil && r.pointeeMethods[field] == nil && !r.markedAny(m) {
						r.pointeeMethods[field] = m
					}
				}
			}
		}
	}
	switch f.Type().Underlying().(type) {
	case *types.Pointer, *types.Interface:
		return r.pointeeMethods[f]
	}
	return nil // a value field: a method call on it is a write of it
}

// markedAny reports whether the method m is marked //confined:any.
func (r *reporter) markedAny(m *types.Func) bool {
	d := r.c.M.Directives(m)
	return d != nil && d.Any
}

// calledOn returns the method call calls on the value loaded from a field,
// and that field, if it does: through the interface, or with a pointer
// receiver.
func calledOn(call *ssa.CallCommon) (*types.Var, *types.Func) {
	recv, m := call.Value, call.Method
	if !call.IsInvoke() {
		callee := call.StaticCallee()
		if callee == nil || len(call.Args) == 0 {
			return nil, nil
		}
		m, _ = callee.Object().(*types.Func)
		if m == nil || m.Signature().Recv() == nil {
			return nil, nil
		}
		if _, ptr := m.Signature().Recv().Type().Underlying().(*types.Pointer); !ptr {
			return nil, nil
		}
		recv = call.Args[0]
	}
	load, ok := recv.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil, nil
	}
	addr, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return nil, nil
	}
	return flow.FieldOf(addr), m
}

// selectedField is the field instr selects, if it is a field selection.
func selectedField(instr ssa.Instruction) *types.Var {
	switch in := instr.(type) {
	case *ssa.FieldAddr:
		return flow.FieldOf(in)
	case *ssa.Field:
		if st, ok := in.X.Type().Underlying().(*types.Struct); ok {
			return st.Field(in.Field).Origin()
		}
	}
	return nil
}

// assignedBeforeStart reports whether the function whose instruction start
// starts code off the owner assigns the field f before it, on every path:
// i.ticker = t; go func() { for range i.ticker.C {...} }().
func assignedBeforeStart(start ssa.Instruction, f *types.Var) bool {
	if start == nil || f == nil || start.Block() == nil {
		return false
	}
	for _, b := range start.Parent().Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok && flow.FieldOf(st.Addr) == f && flow.Dominates(st, start) {
				return true
			}
		}
	}
	return false
}

// captureAdvice advises taking the value of the field f, which the code
// starting the off-owner code has just assigned, before the start.
func captureAdvice(f *types.Var) string {
	return "take the value of " + f.Name() + " before the start and hand that to the started code: it then reads nothing the owner may change"
}
