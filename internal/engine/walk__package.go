package engine

import (
	"go/ast"
	"go/types"

	"github.com/confinecheck/confinecheck/internal/flow"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// An Engine holds what one pass knows of the package's code: its SSA, the
// walks of its functions and their summaries. It lives only as long as
// the pass, so the analyzer keeps no state between packages.
type Engine struct {
	pass  *analysis.Pass
	m     *Model
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

// New returns the engine of the package m reads, which has walked nothing
// yet.
func New(m *Model) *Engine {
	return &Engine{
		pass:  m.pass,
		m:     m,
		walks: make(map[*ssa.Function]*Walk),
		impls: make(map[*types.Func][]*ssa.Function),
		refs:  make(map[*ssa.Function][]*ssa.Function),
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

// Walk is what the walk of fn, a function of the package, found, or nil.
func (c *Engine) Walk(fn *ssa.Function) *Walk { return c.walks[fn] }

// ValueOrigins returns where the values of fn come from, relative to fn
// (see origin.go), without walking its body.
func (c *Engine) ValueOrigins(fn *ssa.Function) func(ssa.Value) Origin {
	return newOriginTracker(c, fn).of
}
