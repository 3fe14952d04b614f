package model

import (
	"go/types"
	"slices"
	"strings"
	"sync"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/fix"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/analysis"
)

// Config is what a pass of the engine is told besides the code.
type Config struct {
	// Strict treats futures nobody declared as completing anywhere and
	// resolves interface calls to every implementation.
	Strict bool
	// Explain keeps the evidence -explain reports.
	Explain bool
	// Declarations are those of the settings (flags, -declare) and of
	// the package's confinecheck.conf files.
	Declarations []directive.Declaration
}

// A Model is what the directives in view say: what is confined and to which
// owner, and where the funcs handed to a function run. It answers for the
// package's own directives, its declarations and those in view, and the
// facts of other packages, and knows nothing of function bodies.
type Model struct {
	pass         *analysis.Pass
	Cfg          Config
	Dirs         *directive.Set
	Declared     *directive.Declared
	packageFacts []analysis.PackageFact // see importedPackageFacts
	// importedFacts lists the object facts of the other packages in view,
	// once: a list as long as the facts of every package below this one.
	ImportedFacts func() []analysis.ObjectFact
	factCache     map[types.Object]*directive.Fact
	contracts     map[*types.Func]*directive.Fact
	entries       *[]entryMethod // see entryMethods; nil until asked
	marked        *[]entryMethod // see markedEntries; nil until asked
	// noDefaultLoop is set when every loop in view names its domain and
	// the package's unnamed owners were reported for it: touches of
	// default-owner state from a named owner are that one mistake, not a
	// finding each.
	NoDefaultLoop bool
	importedSums  map[*types.Func]*summary.Summary
	speaks        map[types.Object]bool // see speaksOfConfined
	// probe receives the facts speaksOfConfined imports, asked of every
	// object a package uses: a fresh fact each was most of what the
	// syntax path allocated.
	probe struct {
		directive directive.Fact
		summary   summary.SummaryFact
	}
}

// NewModel reads the pass's directives and resolves the declarations in
// view, reporting what is wrong with them.
func NewModel(pass *analysis.Pass, cfg Config) *Model {
	dirs, diags := directive.Parse(pass)
	m := &Model{
		pass:         pass,
		Cfg:          cfg,
		Dirs:         dirs,
		packageFacts: importedPackageFacts(pass),
		ImportedFacts: sync.OnceValue(func() []analysis.ObjectFact {
			return slices.DeleteFunc(pass.AllObjectFacts(), func(of analysis.ObjectFact) bool { return of.Object.Pkg() == pass.Pkg })
		}),
		factCache:    make(map[types.Object]*directive.Fact),
		contracts:    make(map[*types.Func]*directive.Fact),
		importedSums: make(map[*types.Func]*summary.Summary),
		speaks:       make(map[types.Object]bool),
	}
	declared, more := directive.Resolve(pass, dirs, m.packageFacts, cfg.Declarations)
	m.Declared = declared
	unnamed := directive.UnnamedOwners(dirs, m.ImportedFacts)
	m.NoDefaultLoop = len(unnamed) > 0
	diags = append(diags, unnamed...)
	for _, d := range append(diags, more...) {
		pass.Report(d)
	}
	return m
}

// Pass is the pass the model reads.
func (m *Model) Pass() *analysis.Pass { return m.pass }

// Config is what the pass was told besides the code.
func (m *Model) config() Config { return m.Cfg }

// ReportUnusedIgnores reports the ignore directives that suppress nothing.
func (m *Model) ReportUnusedIgnores() {
	for _, d := range m.Dirs.UnusedIgnores(m.pass) {
		m.pass.Report(d)
	}
}

// Adopt makes the directive verb args on obj, of the package, part of the
// package's directives, as if written (-suggest's proposals), or returns
// why it does not fit what is written.
func (m *Model) Adopt(obj types.Object, verb string, args []string) error {
	f := new(directive.Fact)
	if old := m.Dirs.Objects[obj]; old != nil {
		*f = *old
	}
	confined := false
	if fn, ok := obj.(*types.Func); ok {
		if named := names.ReceiverNamed(fn); named != nil {
			confined = m.ConfinedNamed(named) != nil
		}
	}
	if err := directive.Adopt(f, obj, confined, verb, args); err != nil {
		return err
	}
	m.Dirs.Objects[obj] = f
	// What the caches hold may have changed.
	clear(m.factCache)
	clear(m.contracts)
	m.entries, m.marked = nil, nil
	return nil
}

// ExportDirectives publishes directives for other packages: on every type
// (values of unexported types still travel), and on the fields, functions
// and methods they can name.
func (m *Model) ExportDirectives() {
	for obj, fact := range m.Dirs.Objects {
		if _, isType := obj.(*types.TypeName); isType || obj.Exported() {
			m.pass.ExportObjectFact(obj, fact)
		}
	}
	if m.pass.Pkg.Name() != "main" { // nothing imports a command: its package facts would go nowhere
		directive.ExportDeclarations(m.pass, m.Dirs, m.packageFacts)
		m.exportHopSinks()
	}
}

// exportHopSinks publishes the package's exported package-level hop sinks,
// and those it learnt from its imports, as a package fact (see
// hopSinksFact). Only a directive or a declaration makes one, so most
// packages, unannotated, skip the scan.
func (m *Model) exportHopSinks() {
	sinks := m.ImportedHopSinks()
	if len(m.Dirs.Objects) > 0 || len(m.Declared.Objects) > 0 {
		scope := m.pass.Pkg.Scope()
		for _, name := range scope.Names() {
			fn, ok := scope.Lookup(name).(*types.Func)
			if !ok || !fn.Exported() {
				continue
			}
			if hop := m.Contract(fn).Hop; len(hop) > 0 {
				sinks = append(sinks, m.DescribeHop(names.FuncName(fn), fn, hop))
			}
		}
	}
	slices.SortFunc(sinks, func(a, b fix.HopSink) int { return strings.Compare(a.Name, b.Name) })
	sinks = slices.CompactFunc(sinks, func(a, b fix.HopSink) bool { return a.Name == b.Name })
	if len(sinks) > 0 {
		m.pass.ExportPackageFact(&HopSinksFact{Sinks: sinks})
	}
}

// ImportedHopSinks are the hop sinks the package's imports publish.
func (m *Model) ImportedHopSinks() []fix.HopSink {
	var sinks []fix.HopSink
	for _, pf := range m.packageFacts {
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
