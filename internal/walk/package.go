package walk

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/where"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// A Package is what one pass knows of the package's code: its SSA, the
// walks of its functions and their summaries. It lives only as long as
// the pass, so the analyzer keeps no state between packages.
type Package struct {
	pass         *analysis.Pass
	M            *model.Model
	Fns          []*ssa.Function // those built, in source order (see BuildSSA)
	Walks        map[*ssa.Function]*Walk
	prog         *ssa.Program
	impls        map[*types.Func][]*ssa.Function
	concrete     *[]types.Type // see concreteTypes; nil until asked
	refs         map[*ssa.Function][]*ssa.Function
	rules        where.Rules                           // the rules of where code runs, with what the search found
	fields       *Fields                               // the fields holding funcs; nil until SettleStoredCallbacks
	indexed      *Fields                               // the stores into them and calls of them, without what the search found (see fieldIndex)
	calls        *callIndex                            // static calls by callee (see callSites); nil until asked
	loopStarters map[*ssa.Function]bool                // see startsLoop
	habits       map[*ssa.Function]recvHabit           // see recvHabits
	handedParams map[*ssa.Parameter]bool               // see HandedByCallers
	loopTouches  map[loopKey]map[string]bool           // see touchedBy
	hopped       map[string][]*ssa.Function            // see hopTargets
	programs     map[*ssa.Go]*programStart             // see programStarted
	programEnds  map[*ssa.Function]map[*types.Var]bool // see startedProgramEnds
	loopEnds     map[*types.Func]map[*types.Var]bool   // see closedAtEnd
	endWaits     map[*ssa.Function][]endWait           // see findEndWaits
	windows      map[ssa.Instruction]window            // see joinWindow
	literalEnds  map[*ssa.Go][]signal                  // see findLiteralEnds
	appended     map[*types.Var]bool                   // see appendOnly
	stored       map[*types.Var]bool                   // see storedHooks
	fieldRefs    map[*types.Var]summary.FieldRef       // see fieldRef
	entryUses    map[*types.Func]*summary.Summary      // see SummaryOf: library functions with a known.EntryUse
	ownerWrites  map[string]bool                       // see OwnerCodeWrites; nil until asked
	assigned     map[*types.Var]summary.Position       // see assignments; nil until asked
	replied      *replyFields                          // see replies; nil until asked
	carriers     map[*types.Var]summary.CarrierFact    // see carrierIndex; nil until asked
	// localCarriers are the local variables among carriers, by the
	// position of their declaration, as SSA's variable cells have it.
	localCarriers map[token.Pos]*types.Var
	// importedCarriers are other packages' fields asked about, with what
	// their facts say they carry (nil: nothing).
	importedCarriers map[*types.Var]*summary.CarrierFact
	Types            *typeFlow // what interface values hold (see bindRecv); set by BuildSSA
	suggesting       bool      // under -suggest (see BuildSSA)
}

// New returns the package m reads, with no SSA built and nothing walked
// yet.
func New(m *model.Model) *Package {
	return &Package{
		pass:  m.Pass(),
		M:     m,
		rules: where.Rules{M: m},
		Walks: make(map[*ssa.Function]*Walk),
		impls: make(map[*types.Func][]*ssa.Function),
		refs:  make(map[*ssa.Function][]*ssa.Function),

		loopStarters: make(map[*ssa.Function]bool),
		habits:       make(map[*ssa.Function]recvHabit),
		fieldRefs:    make(map[*types.Var]summary.FieldRef),
		entryUses:    make(map[*types.Func]*summary.Summary),
		handedParams: make(map[*ssa.Parameter]bool),
		loopTouches:  make(map[loopKey]map[string]bool),
		hopped:       make(map[string][]*ssa.Function),
		programs:     make(map[*ssa.Go]*programStart),
		programEnds:  make(map[*ssa.Function]map[*types.Var]bool),
		loopEnds:     make(map[*types.Func]map[*types.Var]bool),
		endWaits:     make(map[*ssa.Function][]endWait),
		windows:      make(map[ssa.Instruction]window),
		literalEnds:  make(map[*ssa.Go][]signal),
		appended:     make(map[*types.Var]bool),

		importedCarriers: make(map[*types.Var]*summary.CarrierFact),
	}
}

// Model is what the directives in view say.
func (c *Package) Model() *model.Model { return c.M }

// Pass is the pass the engine analyses.
func (c *Package) Pass() *analysis.Pass { return c.pass }

// BuildSSA builds the package's SSA: the steps below need it. The check
// needs no plain function's body (see plainFuncs); -suggest, which
// proposes where directives go, reads every body, and sees a fan-out's
// goroutines as goroutines (see fanout.go).
func (c *Package) BuildSSA(suggesting bool) {
	c.suggesting = suggesting
	var plain map[*ast.FuncDecl]bool
	if !suggesting {
		plain = c.plainFuncs()
	}
	c.prog, c.Fns = buildSSA(c.pass, plain)
	c.Types = newTypeFlow(c.pass, c.Fns)
}

// Functions are the package's functions SSA was built for (all but the
// plain ones, or all under -suggest), function literals included, in
// source order.
func (c *Package) Functions() []*ssa.Function { return c.Fns }

// Program is the package's SSA program.
func (c *Package) Program() *ssa.Program { return c.prog }

// Summarize walks the package's functions, callees first.
func (c *Package) Summarize() { c.summarize(c.Fns) }

// Resummarize walks fn again, under the directives adopted since the
// package was summarized (-suggest's proposals), and returns its summary;
// what fn calls keeps the summary it has. The walk it keeps is unchanged.
func (c *Package) Resummarize(fn *ssa.Function) *summary.Summary {
	return &c.walkFunc(fn).Sum
}

// ExportSummaries publishes the summaries other packages can use, and
// the interface methods and func fields the package calls off the owner.
func (c *Package) ExportSummaries() {
	c.exportSummaries()
	c.exportInterfaceSummaries()
	c.exportCarriers()
	c.rules.ExportFacts(c.rules.Fields)
	c.exportTurnFacts()
}

// Walk is what the walk of fn, a function of the package, found, or nil.
func (c *Package) Walk(fn *ssa.Function) *Walk { return c.Walks[fn] }

// ValueOrigins returns where the values of fn come from, relative to fn
// (see origin.go), without walking its body.
func (c *Package) ValueOrigins(fn *ssa.Function) func(ssa.Value) summary.Origin {
	return newOriginTracker(c, fn).of
}

// Fields is what the package does with fields that hold funcs, and what
// the off-owner search found of them; nil before SettleStoredCallbacks.
func (c *Package) Fields() *Fields { return c.fields }
