package model

import (
	"go/token"
	"go/types"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"
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
	// Packs are the built-in packs chosen (-packs): each applies to the
	// packages that have one of the packages it names in view.
	Packs []directive.Pack
}

// A Model is what the directives in view say: what is confined and to which
// owner, and where the funcs handed to a function run. It answers for the
// package's own directives, its declarations and those in view, and the
// facts of other packages, and knows nothing of function bodies.
type Model struct {
	pass     *analysis.Pass
	cfg      Config
	Dirs     *directive.Set
	Declared *directive.Declared
	// View is what the facts of other packages say.
	View      *View
	factCache map[types.Object]*directive.Fact
	contracts map[*types.Func]*directive.Fact
	// sourceFiles are the files of other packages findings point into
	// (see FindingPos), by name.
	sourceFiles map[string]*token.File
	// oneLineFuncs are, per file, the lines declaring a function whole
	// (see OneLineFunc).
	oneLineFuncs map[string]map[int]bool
	ownRoot      *string // see moduleRoot; nil until asked
	// Entries are the entry points in view; Turns the turns of owners.
	Entries *Entries
	Turns   *Turns
	// noDefaultLoop is set when every loop in view names its domain and
	// the package's unnamed owners were reported for it: touches of
	// default-owner state from a named owner are that one mistake, not a
	// finding each.
	NoDefaultLoop bool
	// fields caches FieldOf.
	fields map[summary.FieldRef]*types.Var
}

// NewModel reads the pass's directives and resolves the declarations in
// view, reporting what is wrong with them.
func NewModel(pass *analysis.Pass, cfg Config) *Model {
	dirs, diags := directive.Parse(pass)
	m := &Model{
		pass:         pass,
		cfg:          cfg,
		Dirs:         dirs,
		factCache:    make(map[types.Object]*directive.Fact),
		contracts:    make(map[*types.Func]*directive.Fact),
		sourceFiles:  make(map[string]*token.File),
		oneLineFuncs: make(map[string]map[int]bool),
	}
	m.View = newView(m, pass)
	m.Entries = &Entries{m: m}
	m.Turns = &Turns{m: m}
	declared, more := directive.Resolve(pass, dirs, m.View.packageFacts, cfg.Declarations, cfg.Packs)
	m.Declared = declared
	unnamed := directive.UnnamedOwners(dirs, declared, m.View.ImportedFacts)
	m.NoDefaultLoop = len(unnamed) > 0
	diags = append(diags, unnamed...)
	// An any on a member of a type that implements a turn is no mistake,
	// written or declared.
	turnType := func(tn *types.TypeName) bool {
		named, ok := tn.Type().(*types.Named)
		if !ok {
			return false
		}
		_, turn := m.Turns.Owner(named)
		return turn
	}
	diags = append(diags, dirs.SettleAny(turnType)...)
	diags = append(diags, declared.SettleAny(turnType)...)
	for _, d := range append(diags, more...) {
		pass.Report(d)
	}
	return m
}

// LoopInView reports whether any loop is declared in view: by the
// package, by a declaration or a pack, or by another package. Without one,
// an owner is the code that creates and calls its state, and there is no
// loop to hand work to.
func (m *Model) LoopInView() bool {
	return len(m.LoopDomainsInView()) > 0
}

// LoopDomainsInView lists the domains of the loops declared in view ("" for
// the default owner's).
func (m *Model) LoopDomainsInView() map[string]bool {
	out := make(map[string]bool)
	for _, d := range m.Dirs.LoopDomains() {
		out[d] = true
	}
	for _, f := range m.Declared.Objects {
		if f.Loop {
			out[f.Domain] = true
		}
	}
	underTest := names.TestedPath(m.pass.Pkg)
	for _, of := range m.View.ImportedFacts() {
		// An unexported loop travels for the importer's starts (see
		// View.ExportDirectives), not as a loop the importer's code may
		// be handed to; but the external test of its package may.
		if f, ok := of.Fact.(*directive.Fact); ok && f.Loop && (of.Object.Exported() || of.Object.Pkg().Path() == underTest) {
			out[f.Domain] = true
		}
	}
	return out
}

// Pass is the pass the model reads.
func (m *Model) Pass() *analysis.Pass { return m.pass }

// FieldOf is the field ref names, in the package or one it imports
// (directly or not); nil when none is in view.
func (m *Model) FieldOf(ref summary.FieldRef) *types.Var {
	if f, ok := m.fields[ref]; ok {
		return f
	}
	if m.fields == nil {
		m.fields = make(map[summary.FieldRef]*types.Var)
	}
	var f *types.Var
	if pkg := names.PackagesInView(m.pass.Pkg)[ref.Pkg]; pkg != nil {
		if obj, err := objectpath.Object(pkg, objectpath.Path(ref.Path)); err == nil {
			f, _ = obj.(*types.Var)
		}
	}
	m.fields[ref] = f
	return f
}

// Config is what the pass was told besides the code.
func (m *Model) Config() Config { return m.cfg }

// ReportUnusedIgnores reports the ignore directives that suppress nothing.
func (m *Model) ReportUnusedIgnores() {
	for _, d := range m.Dirs.UnusedIgnores(m.pass) {
		m.pass.Report(d)
	}
}

// confinedMember reports whether obj is a method, or a field, of a type
// of its package that is confined.
func (m *Model) confinedMember(obj types.Object) bool {
	switch obj := obj.(type) {
	case *types.Func:
		named := names.ReceiverNamed(obj)
		return named != nil && m.ConfinedNamed(named) != nil
	case *types.Var:
		if !obj.IsField() || obj.Pkg() == nil {
			return false
		}
		scope := obj.Pkg().Scope()
		for _, name := range scope.Names() {
			if tn, ok := scope.Lookup(name).(*types.TypeName); ok && names.FieldNamed(tn, obj.Name()) == obj {
				return m.ConfinedNamed(tn.Type()) != nil
			}
		}
	}
	return false
}

// Adopt makes the directive verb args on obj, of the package, part of the
// package's directives, as if written (-suggest's proposals), or returns
// why it does not fit what is written.
func (m *Model) Adopt(obj types.Object, verb string, args []string) error {
	f := new(directive.Fact)
	if old := m.Dirs.Objects[obj]; old != nil {
		*f = *old
	}
	if err := directive.Adopt(f, obj, m.confinedMember(obj), verb, args); err != nil {
		return err
	}
	m.Dirs.Objects[obj] = f
	// What the caches hold may have changed.
	clear(m.factCache)
	clear(m.contracts)
	m.Entries.reset()
	m.Turns.reset()
	return nil
}
