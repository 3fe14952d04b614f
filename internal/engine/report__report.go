package engine

// This file turns off-owner code into findings: one per touching place
// inside a func literal that runs off the owner, or one at the sink for a
// named function or method value. Code known to run on one owner (a loop,
// an owner-only function, a hop's callback) is reported the same way where
// it touches another owner's state. It also applies //confined:ignore.

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
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"
)

// A finding is a touch of confined state by code that runs off the owner,
// or on another owner (entry.On).
type finding struct {
	pos     token.Pos
	root    string // the off-owner function the path starts from
	witness witness
	entry   Entry
	// lit is the off-owner function the finding is inside, if any: a func
	// literal, where a fix can hop back to the owner, or an entry point.
	lit *ssa.Function
	// sent is set for a touch of a value after sending it to another
	// owner (see sends.go); entry is then unset.
	sent *handoff
}

type reporter struct {
	c        *Engine
	findings map[lineKey]finding
	// The fields of the package's types that code writes other than where
	// their value is built (see builtOnly); nil until asked.
	rewritten map[*types.Var]bool
}

// lineKey identifies a source line: one finding per line is enough advice.
type lineKey struct {
	file string
	line int
}

// Report reports the package's findings, the ignore directives that
// suppress none and, with -explain, what the analyzer took from the
// directives, the declarations and the bodies.
func Report(c *Engine) {
	r := &reporter{c: c, findings: make(map[lineKey]finding)}
	r.run(c.fns)
	if c.m.cfg.Explain {
		r.explain()
	}
}

// run reports the findings of fns.
func (r *reporter) run(fns []*ssa.Function) {
	c := r.c
	for _, fn := range fns {
		w := c.walks[fn]
		if w == nil {
			continue
		}
		for _, sp := range w.Spawns {
			if sp.direct != nil {
				r.add(finding{pos: sp.pos, witness: *sp.direct, entry: sp})
				continue
			}
			for _, t := range sp.Targets {
				r.root(t, sp, 0)
			}
		}
		for _, sp := range w.Hops {
			for _, t := range sp.Targets {
				r.root(t, sp, 0)
			}
		}
		if domain, ok := c.m.RunsOn(fn); ok {
			r.inside(nil, fn, r.ownBody(fn, domain), func(s source) Origin { return originOf(s) })
		}
		if sink, ok := c.m.EntryPoint(fn); ok {
			r.inside(fn, fn, Entry{pos: fn.Pos(), Sink: sink}, func(s source) Origin { return originOf(s) })
		}
	}
	r.reportFieldCalls()
	r.reportSends(fns)
	var out []finding
	for _, f := range r.findings {
		if !c.m.dirs.Suppress(c.pass.Fset.Position(f.pos)) {
			out = append(out, f)
		}
	}
	slices.SortFunc(out, func(a, b finding) int { return cmp.Compare(a.pos, b.pos) })
	var hops []hopSink
	if len(out) > 0 { // scanning every use for hop sinks is only worth it for advice
		hops = r.hopSinks()
	}
	fixes := r.findingFixes(out)
	for _, f := range out {
		hint := sentAdvice
		if f.sent == nil {
			hint = fixHint(hops, f.entry, f.witness.Domain)
		}
		hop, ok := fixes[f.pos]
		if ok { // a hop in reach is the best advice
			hint = hopAdvice(hop.Via, f.witness.Domain, f.entry.On != nil)
		}
		d := r.diagnostic(f, hint)
		switch field := r.builtOnly(f.witness); {
		case field != nil:
			// Marking the field is the fix (the hint keeps the hop as
			// the alternative in words: one fix per finding, so that
			// drivers applying fixes need not choose).
			if edit, ok := fix.DirectiveInsertion(c.pass.Fset, field, []string{"//confined:" + directive.VerbAny}); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{{Message: "mark " + field.Name() + " //confined:any", TextEdits: []analysis.TextEdit{edit}}}
			}
		case hop.Fix != nil:
			d.SuggestedFixes = []analysis.SuggestedFix{*hop.Fix}
		}
		c.pass.Report(d)
	}
	c.m.ReportUnusedIgnores()
}

// add keeps one finding per line, the most telling: "s.n++" both reads and
// writes s.n, and "s.get()" with a value receiver copies *s and calls get.
// Code on an owner may touch that owner's state: f is dropped then, and
// so is a touch of default-owner state on a named owner when no loop runs
// the default owner (UnnamedOwners reported the directive instead).
func (r *reporter) add(f finding) {
	if !f.entry.reports(f.witness.Domain) || f.entry.On != nil && f.witness.Domain == "" && r.c.m.noDefaultLoop {
		return
	}
	p := r.c.pass.Fset.Position(f.pos)
	key := lineKey{p.Filename, p.Line}
	if old, dup := r.findings[key]; !dup || f.witness.tells(old.witness) {
		r.findings[key] = f
	}
}

// maxRootDepth bounds how far captured func values are followed from a root.
const maxRootDepth = 4

// root reports what the off-owner function t touches: inside a function
// literal at the touching lines, for a named function or method value at
// the sink.
func (r *reporter) root(t flow.FuncValue, sp Entry, depth int) {
	sum := r.rootSummary(t, sp, depth)
	if sum == nil {
		return
	}
	if !flow.IsFuncLit(t.Fn) {
		r.atSink(t, sp, sum)
		return
	}
	r.inside(t.Fn, t.Fn, sp, func(s source) Origin {
		if sp.handedSource(t, s) {
			return Origin{} // given away: the started code's own
		}
		return originOf(s)
	})
	for _, inner := range capturedFuncs(t, sum) {
		r.root(inner, sp, depth+1)
	}
}

// rootSummary does what every root of a report starts with: the owner's
// loop and roots past maxRootDepth report nothing, and a call that touches
// confined state as a whole is the finding, at the sink. Otherwise it
// returns t's summary, or nil when nothing is known.
func (r *reporter) rootSummary(t flow.FuncValue, sp Entry, depth int) *Summary {
	c := r.c
	if c.m.IsLoop(t.Fn) || depth > maxRootDepth {
		return nil
	}
	if wit := c.callTouch(t.Fn, sp.pos); wit != nil && sp.reports(wit.Domain) {
		r.add(finding{pos: sp.pos, witness: *wit, entry: sp})
		return nil
	}
	return c.SummaryOf(t.Fn)
}

// capturedFuncs lists the functions that the captured func values t calls
// may denote: they run where t runs.
func capturedFuncs(t flow.FuncValue, sum *Summary) []flow.FuncValue {
	var out []flow.FuncValue
	for _, s := range sum.Invokes.Sources() {
		if v := sourceValue(s, nil, t.Bindings); v != nil {
			out = append(out, flow.FuncTargets(v)...)
		}
	}
	return out
}

// atSink reports at the sink what the named function or method value t
// touches first, with its path.
func (r *reporter) atSink(t flow.FuncValue, sp Entry, sum *Summary) {
	i := slices.IndexFunc(sum.Touches, func(tc touch) bool {
		_, holds := r.c.types.bindRecv(tc.Witness, sourceValue(tc.Source, sp.args, t.Bindings))
		return holds && sp.reports(tc.Witness.Domain) && !sp.handedSource(t, tc.Source)
	})
	if i < 0 {
		return
	}
	root := ""
	if !flow.IsWrapper(t.Fn) { // method values start their path at the method itself
		root = flow.Name(t.Fn)
	}
	r.add(finding{pos: sp.pos, root: root, witness: sum.Touches[i].Witness, entry: sp})
}

// inside reports every touching place in the body of the off-owner literal
// fn whose touched value comes from outside; toRoot maps fn's sources to
// the root literal's.
func (r *reporter) inside(lit, fn *ssa.Function, sp Entry, toRoot func(source) Origin) {
	w := r.c.walks[fn]
	if w == nil {
		return
	}
	mapOrigin := func(o Origin) Origin {
		var out Origin
		for _, s := range o.Sources() {
			out = out.union(toRoot(s))
		}
		if o.Has(handed) {
			out = out.union(originOf(handed))
		}
		return out
	}
	for _, s := range w.sites {
		if s.inner != nil {
			innerSources := s.innerSources
			r.inside(lit, s.inner, sp, func(src source) Origin { return mapOrigin(innerSources(src)) })
			continue
		}
		// Off every owner, values handed off are the code's own; on an
		// owner, only what it allocated is.
		if o := mapOrigin(s.origin); !o.Fresh() || (sp.On != nil && !o.Owned()) {
			r.add(finding{pos: r.findingPos(s, lit), witness: s.witness, entry: sp, lit: lit})
		}
	}
}

// findingPos is where the finding of site s is reported: in an off-owner
// literal at the place inside it; in the body of a loop or owner-only
// function (lit is nil) at the touch itself when it is in this package,
// which is the code that runs there, however deep.
func (r *reporter) findingPos(s site, lit *ssa.Function) token.Pos {
	if lit == nil {
		if pos := r.c.m.tokenPos(s.witness.Site); pos.IsValid() {
			return pos
		}
	}
	return s.pos
}

// diagnostic renders a finding as one line of advice, with the call path
// also given as related positions.
func (r *reporter) diagnostic(f finding, hint string) analysis.Diagnostic {
	c := r.c
	wit := f.witness
	var b strings.Builder
	switch {
	case f.sent != nil && f.sent.via != "":
		fmt.Fprintf(&b, "%s %s after handing %s to %s (%s): once handed off, it is that code's", wit.Action, wit.Member, f.sent.what, f.sent.via, c.m.Position(f.sent.instr.Pos()))
	case f.sent != nil:
		fmt.Fprintf(&b, "%s %s after sending %s to %s (%s): once sent, it is %s's", wit.Action, wit.Member, f.sent.what, names.DomainName(f.sent.to), c.m.Position(f.sent.instr.Pos()), names.DomainName(f.sent.to))
	case f.entry.On != nil:
		fmt.Fprintf(&b, "%s %s from %s (%s)", wit.Action, stateName(wit), f.entry.Sink, c.m.Position(f.entry.pos))
	case wit.Domain != "":
		fmt.Fprintf(&b, "%s %s off its owner: this code runs via %s (%s)", wit.Action, stateName(wit), f.entry.Sink, c.m.Position(f.entry.pos))
	default:
		fmt.Fprintf(&b, "%s confined %s off the owner: this code runs via %s (%s)", wit.Action, wit.Member, f.entry.Sink, c.m.Position(f.entry.pos))
	}
	if wit.Reassigned.Line > 0 {
		fmt.Fprintf(&b, "; the owner assigns the field (%s), so reading it races with that", wit.Reassigned)
	}
	if len(wit.Via) > 0 || f.root != "" {
		var path []string
		if f.root != "" {
			path = append(path, f.root)
		}
		for _, s := range wit.Via {
			path = append(path, s.Callee)
		}
		path = append(path, wit.Member)
		fmt.Fprintf(&b, "; path %s", strings.Join(path, " → "))
	}
	if len(wit.Reaches) > 0 {
		var members []string
		for _, r := range wit.Reaches {
			verb := actionReads
			if r.Write {
				verb = actionWrites
			}
			members = append(members, verb.String()+" "+r.Member)
		}
		fmt.Fprintf(&b, "; inside, it %s", strings.Join(members, ", "))
	}
	if f := r.builtOnly(wit); f != nil {
		hint = fmt.Sprintf("if %s never changes once its value is built (nothing in this package assigns it elsewhere), mark the field //confined:any; else %s", f.Name(), hint)
	}
	fmt.Fprintf(&b, "; fix: %s", hint)

	d := analysis.Diagnostic{Pos: f.pos, End: r.touchEnd(f.pos), Message: b.String()}
	switch {
	case f.sent != nil && f.sent.via != "":
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: f.sent.instr.Pos(), Message: "handed off to " + f.sent.via + " here"})
	case f.sent != nil:
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: f.sent.instr.Pos(), Message: "sent to " + names.DomainName(f.sent.to) + " here"})
	case f.entry.On != nil:
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: f.entry.pos, Message: f.entry.Sink})
	default:
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: f.entry.pos, Message: "runs off the owner via " + f.entry.Sink})
	}
	for _, s := range wit.Via {
		if pos := c.m.tokenPos(s.Call); pos.IsValid() {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, Message: actionCalls.String() + " " + s.Callee})
		}
	}
	if pos := c.m.tokenPos(wit.Site); pos.IsValid() && pos != f.pos {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, Message: wit.Action.String() + " " + wit.Member})
	}
	return d
}

// touchEnd is where the touching expression at pos ends, so that the
// finding's range covers it: the selector (s.n), the call of a method or
// function (s.get(), lib.Every(f)), the index (m[k]), else the token.
func (r *reporter) touchEnd(pos token.Pos) token.Pos {
	file := names.FileOf(r.c.pass.Files, pos)
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
		k := c.m.Contract(fn)
		if len(k.Hop) == 0 {
			return
		}
		name, ok := c.m.declared.Names[fn]
		if !ok && !nameable(c.pass.Pkg, fn) {
			return
		}
		if !ok {
			name = names.FuncName(fn)
		}
		add(hopSink{c.m.describeHop(name, fn, k.Hop), inScope})
	}
	for _, obj := range c.pass.TypesInfo.Defs {
		collect(obj, true)
	}
	for _, obj := range c.pass.TypesInfo.Uses {
		collect(obj, true)
	}
	for _, of := range c.m.importedFacts() {
		if f, ok := of.Fact.(*directive.Fact); ok && len(f.Hop) > 0 {
			collect(of.Object, false)
		}
	}
	for _, obj := range c.m.declared.Named() {
		collect(obj, false)
	}
	for _, s := range c.m.ImportedHopSinks() {
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

// takesNoArguments reports whether the func parameter at argument index
// arg of sig takes no arguments.
func takesNoArguments(sig *types.Signature, arg int) bool {
	for i := range sig.Params().Len() {
		if names.ArgIndex(sig, i) == arg {
			fsig, ok := sig.Params().At(i).Type().Underlying().(*types.Signature)
			return ok && fsig.Params().Len() == 0
		}
	}
	return false
}

// fixHint names the hop sink to the state's domain that fits best the
// code at sp: inside a future's callback one that returns a future to chain
// on (actor.Hop) or continues a future (ReenterAfter), elsewhere one that
// runs a plain func, preferably just posting it (Execute); in scope before
// out of it. Without one it says what to do.
func fixHint(hops []hopSink, sp Entry, domain string) string {
	inFutureCallback := sp.future
	rank := func(h hopSink) int {
		switch {
		case h.Domain != domain:
			return -1
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
	case best >= 0:
		return hopAdvice(hops[best].Name, domain, sp.On != nil)
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
		var positions []token.Pos
		future := false
		for _, f := range findings {
			if f.lit == g.lit && f.witness.Domain == g.domain {
				positions = append(positions, f.pos)
				future = f.entry.future
			}
		}
		maps.Copy(fixes, fix.HopFixes(c.pass, fixModel{c.m, c.callbackFields}, g.lit.Syntax(), future, g.domain, positions))
	}
	return fixes
}

// fixModel is what hop fixes know: the directives, and the channels whose
// funcs run on an owner.
type fixModel struct {
	*Model
	cf *callbackFields // nil when the package has no field holding funcs
}

func (m fixModel) ChannelHop(f *types.Var) (domain string, ok bool) {
	if m.cf == nil || f == nil {
		return "", false
	}
	domain, ok = m.cf.chanHop[f]
	return domain, ok
}

// builtOnly returns the field wit reads when it belongs to a type of this
// package and no code here writes it but where its value is built: set
// in a constructor and only read after, it is safe from anywhere once
// marked //confined:any, which is the better advice than a hop.
func (r *reporter) builtOnly(wit witness) *types.Var {
	if wit.Action != actionReads || wit.Reassigned.Line > 0 {
		return nil
	}
	i := strings.LastIndex(wit.Member, ".")
	typeName, ok := strings.CutPrefix(wit.Member[:max(i, 0)], r.c.pass.Pkg.Name()+".")
	if i < 0 || !ok {
		return nil
	}
	typeName, _, _ = strings.Cut(typeName, "[")
	tn, _ := r.c.pass.Pkg.Scope().Lookup(typeName).(*types.TypeName)
	if tn == nil {
		return nil
	}
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var field *types.Var
	for f := range st.Fields() {
		if f.Name() == wit.Member[i+1:] {
			field = f
		}
	}
	if field == nil {
		return nil
	}
	if r.rewritten == nil {
		r.rewritten = make(map[*types.Var]bool)
		for _, fn := range r.c.fns {
			origins := r.c.ValueOrigins(fn)
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if x, index, write, ok := FieldTouch(instr); ok && write && !origins(x).Fresh() {
						if st, ok := names.DerefUnder(x.Type()).(*types.Struct); ok && index < st.NumFields() {
							r.rewritten[st.Field(index).Origin()] = true
						}
					}
				}
			}
		}
	}
	if r.rewritten[field] {
		return nil
	}
	return field
}
