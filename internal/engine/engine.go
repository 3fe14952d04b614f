package engine

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"
	"sync"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/fix"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
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
	dirs         *directive.Set
	declared     *directive.Declared
	packageFacts []analysis.PackageFact // see importedPackageFacts
	// importedFacts lists the object facts of the other packages in view,
	// once: a list as long as the facts of every package below this one.
	importedFacts func() []analysis.ObjectFact
	factCache     map[types.Object]*directive.Fact
	contracts     map[*types.Func]*directive.Fact
	entries       *[]entryMethod // see entryMethods; nil until asked
	marked        *[]entryMethod // see markedEntries; nil until asked
	// noDefaultLoop is set when every loop in view names its domain and
	// the package's unnamed owners were reported for it: touches of
	// default-owner state from a named owner are that one mistake, not a
	// finding each.
	noDefaultLoop bool
}

// An Engine holds what one pass knows of the package's code: its SSA, the
// walks of its functions and their summaries. It lives only as long as
// the pass, so the analyzer keeps no state between packages.
type Engine struct {
	pass         *analysis.Pass
	cfg          Config
	m            *Model
	importedSums map[*types.Func]*Summary
	speaks       map[types.Object]bool // see speaksOfConfined
	// probe receives the facts speaksOfConfined imports, asked of every
	// object a package uses: a fresh fact each was most of what the
	// syntax path allocated.
	probe struct {
		directive directive.Fact
		summary   SummaryFact
	}
	fns   []*ssa.Function // those built, in source order (see BuildSSA)
	walks map[*ssa.Function]*Walk
	prog  *ssa.Program
	impls map[*types.Func][]*ssa.Function
	refs  map[*ssa.Function][]*ssa.Function
	// Func-typed fields and the calls that run their funcs off the owner
	// (see callbackfields.go).
	callbackFields *callbackFields
	reassigned     map[*types.Var]position // see reassignedOnOwner; nil until asked
	types          *typeFlow               // what interface values hold (see bindRecv); set by BuildSSA
}

// New reads the pass's directives and resolves the declarations in view,
// reporting what is wrong with them.
func New(pass *analysis.Pass, cfg Config) *Engine {
	dirs, diags := directive.Parse(pass)
	m := &Model{
		pass:         pass,
		dirs:         dirs,
		packageFacts: importedPackageFacts(pass),
		importedFacts: sync.OnceValue(func() []analysis.ObjectFact {
			return slices.DeleteFunc(pass.AllObjectFacts(), func(of analysis.ObjectFact) bool { return of.Object.Pkg() == pass.Pkg })
		}),
		factCache: make(map[types.Object]*directive.Fact),
		contracts: make(map[*types.Func]*directive.Fact),
	}
	declared, more := directive.Resolve(pass, dirs, m.packageFacts, cfg.Declarations)
	m.declared = declared
	unnamed := directive.UnnamedOwners(dirs, m.importedFacts)
	m.noDefaultLoop = len(unnamed) > 0
	diags = append(diags, unnamed...)
	for _, d := range append(diags, more...) {
		pass.Report(d)
	}
	return &Engine{
		pass:         pass,
		cfg:          cfg,
		m:            m,
		importedSums: make(map[*types.Func]*Summary),
		speaks:       make(map[types.Object]bool),
		walks:        make(map[*ssa.Function]*Walk),
		impls:        make(map[*types.Func][]*ssa.Function),
		refs:         make(map[*ssa.Function][]*ssa.Function),
	}
}

// Model is what the directives in view say.
func (c *Engine) Model() *Model { return c.m }

// Pass is the pass the engine analyses.
func (c *Engine) Pass() *analysis.Pass { return c.pass }

// BuildSSA builds the package's SSA: the steps below need it. The check
// needs no plain function's body (see plainFuncs); -suggest, which
// proposes where directives go, reads every body.
func (c *Engine) BuildSSA(everyBody bool) {
	var plain map[*ast.FuncDecl]bool
	if !everyBody {
		plain = c.plainFuncs()
	}
	c.prog, c.fns = buildSSA(c.pass, plain)
	c.types = newTypeFlow(c.pass.Pkg, c.fns)
}

// Functions are the package's functions SSA was built for (all but the
// plain ones, or all under -suggest), function literals included, in
// source order.
func (c *Engine) Functions() []*ssa.Function { return c.fns }

// Program is the package's SSA program.
func (c *Engine) Program() *ssa.Program { return c.prog }

// Summarize walks the package's functions, callees first.
func (c *Engine) Summarize() { c.summarize(c.fns) }

// ExportSummaries publishes the summaries other packages can use, and
// the interface methods and func fields the package calls off the owner.
func (c *Engine) ExportSummaries() {
	c.exportSummaries()
	c.exportInterfaceSummaries()
	if cf := c.callbackFields; cf != nil {
		c.m.exportEntryFacts(cf.invoked)
		callers := make(map[*types.Var]string)
		for _, call := range cf.calls {
			if callers[call.field] == "" {
				callers[call.field] = flow.Name(call.fn)
			}
		}
		c.m.exportFieldFacts(callers)
	}
}

// ReportUnusedIgnores reports the ignore directives that suppress nothing.
func (c *Engine) ReportUnusedIgnores() {
	for _, d := range c.m.dirs.UnusedIgnores(c.pass) {
		c.pass.Report(d)
	}
}

// Walk is what the walk of fn, a function of the package, found, or nil.
func (c *Engine) Walk(fn *ssa.Function) *Walk { return c.walks[fn] }

// ValueOrigins returns where the values of fn come from, relative to fn
// (see origin.go), without walking its body.
func (c *Engine) ValueOrigins(fn *ssa.Function) func(ssa.Value) Origin {
	return newOriginTracker(c, fn).of
}

// Adopt makes the directive verb args on obj, of the package, part of the
// package's directives, as if written (-suggest's proposals), or returns
// why it does not fit what is written.
func (m *Model) Adopt(obj types.Object, verb string, args []string) error {
	f := new(directive.Fact)
	if old := m.dirs.Objects[obj]; old != nil {
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
	m.dirs.Objects[obj] = f
	// What the caches hold may have changed.
	clear(m.factCache)
	clear(m.contracts)
	m.entries, m.marked = nil, nil
	return nil
}

// ExportDirectives publishes directives for other packages: on every type
// (values of unexported types still travel), and on the fields, functions
// and methods they can name.
func (c *Engine) ExportDirectives() {
	for obj, fact := range c.m.dirs.Objects {
		if _, isType := obj.(*types.TypeName); isType || obj.Exported() {
			c.pass.ExportObjectFact(obj, fact)
		}
	}
	if c.pass.Pkg.Name() != "main" { // nothing imports a command: its package facts would go nowhere
		directive.ExportDeclarations(c.pass, c.m.dirs, c.m.packageFacts)
		c.exportHopSinks()
	}
}

// exportHopSinks publishes the package's exported package-level hop sinks,
// and those it learnt from its imports, as a package fact (see
// hopSinksFact). Only a directive or a declaration makes one, so most
// packages, unannotated, skip the scan.
func (c *Engine) exportHopSinks() {
	sinks := c.m.ImportedHopSinks()
	if len(c.m.dirs.Objects) > 0 || len(c.m.declared.Objects) > 0 {
		scope := c.pass.Pkg.Scope()
		for _, name := range scope.Names() {
			fn, ok := scope.Lookup(name).(*types.Func)
			if !ok || !fn.Exported() {
				continue
			}
			if hop := c.m.Contract(fn).Hop; len(hop) > 0 {
				sinks = append(sinks, c.m.describeHop(names.FuncName(fn), fn, hop))
			}
		}
	}
	slices.SortFunc(sinks, func(a, b fix.HopSink) int { return strings.Compare(a.Name, b.Name) })
	sinks = slices.CompactFunc(sinks, func(a, b fix.HopSink) bool { return a.Name == b.Name })
	if len(sinks) > 0 {
		c.pass.ExportPackageFact(&HopSinksFact{Sinks: sinks})
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
