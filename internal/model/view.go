package model

// This file is the model's view of other packages: what their facts say
// (summaries, fields and interface methods called off the owner, hop
// sinks), whether the package reaches confined state at all, and the
// facts it publishes for its importers in turn.

import (
	"cmp"
	"go/types"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/fix"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/analysis"
)

// ImportedSummary returns the summary another package exported for fn.
func (v *View) ImportedSummary(fn *types.Func) *summary.Summary {
	if fn.Pkg() == v.m.pass.Pkg {
		return nil
	}
	if s, ok := v.importedSums[fn]; ok {
		return s
	}
	var fact summary.SummaryFact
	var s *summary.Summary
	if v.m.pass.ImportObjectFact(fn, &fact) {
		s = &fact.Summary
	}
	v.importedSums[fn] = s
	return s
}

// ConfinedInReach reports whether the package's code can reach confined
// state, so that SSA is worth building: it has directives of its own or
// declares an owner, or it uses another package's object that directives
// speak of (a confined type, its fields and methods, also promoted through
// a type that embeds it, a loop, a function returning such a type) or whose summary says what it touches or
// where its future completes. A package that merely depends on annotated
// code, without using it, cannot touch that code's state; the syntax path
// exports all its importers need.
func (v *View) ConfinedInReach() bool {
	if len(v.m.Dirs.Objects) > 0 {
		return true
	}
	for _, f := range v.m.Declared.Objects {
		if f.Owner {
			return true
		}
	}
	if v.m.Turns.ImplementedHere() {
		return true // a type here implements a turn: its values are confined
	}
	speaks := func(obj types.Object) bool {
		if fn, ok := obj.(*types.Func); ok {
			obj = fn.Origin()
		}
		return obj.Pkg() != nil && obj.Pkg() != v.m.pass.Pkg && v.SpeaksOfConfined(obj)
	}
	for _, obj := range v.m.pass.TypesInfo.Uses {
		if speaks(obj) || resultSpeaks(obj, speaks) {
			return true
		}
	}
	// x.f and x.M() select through the receiver's type and every type
	// embedded on the way (w.Hits of a Wrapper embedding a confined type).
	for _, sel := range v.m.pass.TypesInfo.Selections {
		t := sel.Recv()
		for i, index := range sel.Index() {
			if named := names.DerefNamed(t); named != nil && speaks(named.Origin().Obj()) {
				return true
			}
			st, ok := names.DerefUnder(t).(*types.Struct)
			if !ok || i == len(sel.Index())-1 {
				break
			}
			t = st.Field(index).Type()
		}
	}
	return false
}

// resultSpeaks reports whether obj is a function that returns a value of a
// type speaks accepts, or with a method it accepts: a constructor of
// another package's confined type, whose value the code holds without
// naming its type (var r refresher = nat.New()).
func resultSpeaks(obj types.Object, speaks func(types.Object) bool) bool {
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	for r := range fn.Signature().Results().Variables() {
		named := names.DerefNamed(r.Type())
		if named == nil {
			continue
		}
		if speaks(named.Obj()) {
			return true
		}
		// A type confined field by field (//confined:owner on extAddr, an
		// unexported field whose directive stays in its package) shows in
		// what its methods touch.
		for m := range named.Origin().Methods() {
			if speaks(m) {
				return true
			}
		}
	}
	return false
}

// SpeaksOfConfined reports whether another package's facts about obj make
// code using it reach confined state. Each object is asked once: both
// ConfinedInReach and plainFuncs ask of every use.
func (v *View) SpeaksOfConfined(obj types.Object) bool {
	return flow.Memoized(v.speaks, obj, v.factsSpeakOfConfined)
}

func (v *View) factsSpeakOfConfined(obj types.Object) bool {
	switch obj.(type) {
	case *types.Func, *types.Var, *types.TypeName:
	default:
		return false // constants and package names have no facts
	}
	if v.m.pass.ImportObjectFact(obj, &v.probe.directive) {
		return true
	}
	if _, ok := obj.(*types.Func); !ok || !v.m.pass.ImportObjectFact(obj, &v.probe.summary) {
		return false
	}
	s := v.probe.summary.Summary
	return len(s.Touches)+len(s.FutureTouches)+len(s.Reaches) > 0 || s.Completes != directive.CompletesUnknown
}

// ExportDirectives publishes directives for other packages (see
// exportsDirectives).
func (v *View) ExportDirectives() {
	for obj, fact := range v.m.Dirs.Objects {
		if exportsDirectives(obj, fact) {
			v.m.pass.ExportObjectFact(obj, fact)
		}
	}
	if v.m.pass.Pkg.Name() != "main" { // nothing imports a command: its package facts would go nowhere
		directive.ExportDeclarations(v.m.pass, v.m.Dirs, v.packageFacts)
		v.exportHopSinks()
		v.exportModule()
	}
}

// exportsDirectives reports whether obj's directives are published: on
// every type (values of unexported types still travel), on every field
// it confines (an importer's goroutine calling an exported method that
// writes an unexported one is reported at that write, which the importer
// places by the field's directive: see Model.FindingPos), on the fields,
// functions and methods importers can name, and on every loop (an
// exported Start runs an unexported run, and an importer's test that
// called Start goes on beside it).
func exportsDirectives(obj types.Object, fact *directive.Fact) bool {
	switch obj := obj.(type) {
	case *types.TypeName:
		return true
	case *types.Var:
		return obj.Exported() || obj.IsField() && fact.Owner
	}
	return obj.Exported() || fact.Loop
}

// exportModule publishes the version of the package's module when a pack
// that applies was checked against that module (see ModuleFact).
func (v *View) exportModule() {
	mod := v.m.pass.Module
	if mod == nil || mod.Version == "" {
		return
	}
	for _, p := range v.m.Declared.Packs {
		if p.Module == mod.Path {
			v.m.pass.ExportPackageFact(&ModuleFact{Path: mod.Path, Version: mod.Version})
			return
		}
	}
}

// ModuleVersion returns the version of module that the packages in view
// come from, when one of them says (see ModuleFact), or "".
func (v *View) ModuleVersion(module string) string {
	var fact ModuleFact
	for _, imp := range v.m.pass.Pkg.Imports() {
		if v.m.pass.ImportPackageFact(imp, &fact) && fact.Path == module {
			return fact.Version
		}
	}
	for _, pf := range v.m.pass.AllPackageFacts() { // the standalone checker's: every package in view
		if f, ok := pf.Fact.(*ModuleFact); ok && f.Path == module {
			return f.Version
		}
	}
	return ""
}

// exportHopSinks publishes the package's exported package-level hop sinks,
// and those it learnt from its imports, as a package fact (see
// hopSinksFact). Only a directive or a declaration makes one, so most
// packages, unannotated, skip the scan.
func (v *View) exportHopSinks() {
	sinks := v.ImportedHopSinks()
	if len(v.m.Dirs.Objects) > 0 || len(v.m.Declared.Objects) > 0 {
		scope := v.m.pass.Pkg.Scope()
		for _, name := range scope.Names() {
			fn, ok := scope.Lookup(name).(*types.Func)
			if !ok || !fn.Exported() {
				continue
			}
			if k := v.m.Contract(fn); len(k.Hop) > 0 || k.MessageHop {
				sinks = append(sinks, v.m.DescribeHop(names.FuncName(fn), fn, k.Hop))
			}
		}
	}
	slices.SortFunc(sinks, func(a, b fix.HopSink) int { return strings.Compare(a.Name, b.Name) })
	sinks = slices.CompactFunc(sinks, func(a, b fix.HopSink) bool { return a.Name == b.Name })
	if len(sinks) > 0 {
		v.m.pass.ExportPackageFact(&HopSinksFact{Sinks: sinks})
	}
}

// ImportedHopSinks are the hop sinks the package's imports publish.
func (v *View) ImportedHopSinks() []fix.HopSink {
	var sinks []fix.HopSink
	for _, pf := range v.packageFacts {
		if f, ok := pf.Fact.(*HopSinksFact); ok {
			sinks = append(sinks, f.Sinks...)
		}
	}
	return sinks
}

// importedPackageFacts are the package facts of the packages this one
// imports, by path. The go vet driver passes on only those of direct
// imports, so hopSinksFact and declarationsFact carry along what they
// received: what a package declares reaches every package above it. The
// standalone checker passes on those of every dependency, which would
// make each package read, and sort, as many facts as packages below it.
func importedPackageFacts(pass *analysis.Pass) []analysis.PackageFact {
	var facts []analysis.PackageFact
	for _, imp := range slices.SortedFunc(slices.Values(pass.Pkg.Imports()), func(a, b *types.Package) int { return strings.Compare(a.Path(), b.Path()) }) {
		for _, fact := range []analysis.Fact{new(HopSinksFact), new(directive.DeclarationsFact)} { // the package facts there are
			if pass.ImportPackageFact(imp, fact) {
				facts = append(facts, analysis.PackageFact{Package: imp, Fact: fact})
			}
		}
	}
	return facts
}

// ExportEntryFacts publishes its EntryFact on each method of an exported
// interface of this package that off-owner code calls (see
// ExportedInterface), unless a directive says where it runs (see placed).
func (v *View) ExportEntryFacts(invoked map[*types.Func]*EntryFact) {
	for _, method := range slices.SortedFunc(maps.Keys(invoked), func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) }) {
		if method.Pkg() != v.m.pass.Pkg || !ExportedInterface(method) {
			continue
		}
		if v.m.placed(method) {
			continue
		}
		v.m.pass.ExportObjectFact(method, invoked[method])
	}
}

// ExportFieldFacts publishes an EntryFact on each exported field of this
// package whose funcs code off the owner calls, with a caller of each.
func (v *View) ExportFieldFacts(called map[*types.Var]string) {
	for _, f := range slices.SortedFunc(maps.Keys(called), func(a, b *types.Var) int { return cmp.Compare(a.Pos(), b.Pos()) }) {
		if f.Pkg() == v.m.pass.Pkg && f.Exported() {
			v.m.pass.ExportObjectFact(f, &EntryFact{By: called[f]})
		}
	}
}

// ExportTurnFacts publishes a TurnFact on each object of this package
// (an exported interface's method, a hook) that the turns of its actors
// call, naming those actors' types (declared in this package).
func (v *View) ExportTurnFacts(called map[types.Object][]*types.Named) {
	for _, obj := range slices.SortedFunc(maps.Keys(called), func(a, b types.Object) int { return cmp.Compare(a.Pos(), b.Pos()) }) {
		if obj.Pkg() != v.m.pass.Pkg {
			continue
		}
		var actors []string
		for _, named := range called[obj] {
			actors = append(actors, named.Obj().Name())
		}
		slices.Sort(actors)
		v.m.pass.ExportObjectFact(obj, &TurnFact{Actors: slices.Compact(actors)})
	}
}

// ImportedTurnActors lists the actors of obj's package, another one,
// whose turns call obj (TurnFact).
func (v *View) ImportedTurnActors(obj types.Object) []*types.Named {
	var fact TurnFact
	if obj.Pkg() == nil || obj.Pkg() == v.m.pass.Pkg || !v.m.pass.ImportObjectFact(obj, &fact) {
		return nil
	}
	var out []*types.Named
	for _, name := range fact.Actors {
		if tn, ok := obj.Pkg().Scope().Lookup(name).(*types.TypeName); ok {
			if named, ok := tn.Type().(*types.Named); ok {
				out = append(out, named)
			}
		}
	}
	return out
}

// ImportedOffOwnerField reports whether the package of f, another one,
// calls the funcs stored in f off the owner, and names the code that does.
func (v *View) ImportedOffOwnerField(f *types.Var) (by string, ok bool) {
	f = f.Origin()
	if f.Pkg() == nil || f.Pkg() == v.m.pass.Pkg {
		return "", false
	}
	var fact EntryFact
	if !v.m.pass.ImportObjectFact(f, &fact) {
		return "", false
	}
	return fact.By, true
}

// A View is what the model reads in the facts of other packages, and
// publishes for its importers.
type View struct {
	m            *Model
	packageFacts []analysis.PackageFact // see importedPackageFacts
	// ImportedFacts lists the object facts of the other packages in view,
	// once: a list as long as the facts of every package below this one.
	ImportedFacts func() []analysis.ObjectFact
	importedSums  map[*types.Func]*summary.Summary
	speaks        map[types.Object]bool // see SpeaksOfConfined
	// probe receives the facts SpeaksOfConfined imports, asked of every
	// object a package uses: a fresh fact each was most of what the
	// syntax path allocated.
	probe struct {
		directive directive.Fact
		summary   summary.SummaryFact
	}
}

// newView reads the package facts of pass's imports.
func newView(m *Model, pass *analysis.Pass) *View {
	return &View{
		m:            m,
		packageFacts: importedPackageFacts(pass),
		ImportedFacts: sync.OnceValue(func() []analysis.ObjectFact {
			return slices.DeleteFunc(pass.AllObjectFacts(), func(of analysis.ObjectFact) bool { return of.Object.Pkg() == pass.Pkg })
		}),
		importedSums: make(map[*types.Func]*summary.Summary),
		speaks:       make(map[types.Object]bool),
	}
}
