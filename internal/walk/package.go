package walk

import (
	"go/ast"
	"go/types"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// An Engine holds what one pass knows of the package's code: its SSA, the
// walks of its functions and their summaries. It lives only as long as
// the pass, so the analyzer keeps no state between packages.
type Engine struct {
	pass  *analysis.Pass
	M     *model.Model
	Fns   []*ssa.Function // those built, in source order (see BuildSSA)
	Walks map[*ssa.Function]*Walk
	prog  *ssa.Program
	impls map[*types.Func][]*ssa.Function
	refs  map[*ssa.Function][]*ssa.Function
	// Func-typed fields and the calls that run their funcs off the owner
	// (see callbackfields.go).
	CallbackFields *CallbackFields
	reassigned     map[*types.Var]summary.Position // see reassignedOnOwner; nil until asked
	Types          *typeFlow                       // what interface values hold (see bindRecv); set by BuildSSA
}

// New returns the engine of the package m reads, which has walked nothing
// yet.
func New(m *model.Model) *Engine {
	return &Engine{
		pass:  m.Pass(),
		M:     m,
		Walks: make(map[*ssa.Function]*Walk),
		impls: make(map[*types.Func][]*ssa.Function),
		refs:  make(map[*ssa.Function][]*ssa.Function),
	}
}

// Model is what the directives in view say.
func (c *Engine) Model() *model.Model { return c.M }

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
	c.prog, c.Fns = buildSSA(c.pass, plain)
	c.Types = newTypeFlow(c.pass.Pkg, c.Fns)
}

// Functions are the package's functions SSA was built for (all but the
// plain ones, or all under -suggest), function literals included, in
// source order.
func (c *Engine) Functions() []*ssa.Function { return c.Fns }

// Program is the package's SSA program.
func (c *Engine) Program() *ssa.Program { return c.prog }

// Summarize walks the package's functions, callees first.
func (c *Engine) Summarize() { c.summarize(c.Fns) }

// ExportSummaries publishes the summaries other packages can use, and
// the interface methods and func fields the package calls off the owner.
func (c *Engine) ExportSummaries() {
	c.exportSummaries()
	c.exportInterfaceSummaries()
	if cf := c.CallbackFields; cf != nil {
		c.M.ExportEntryFacts(cf.invoked)
		callers := make(map[*types.Var]string)
		for _, call := range cf.Calls {
			if callers[call.Field] == "" {
				callers[call.Field] = flow.Name(call.Fn)
			}
		}
		c.M.ExportFieldFacts(callers)
	}
}

// Walk is what the walk of fn, a function of the package, found, or nil.
func (c *Engine) Walk(fn *ssa.Function) *Walk { return c.Walks[fn] }

// ValueOrigins returns where the values of fn come from, relative to fn
// (see origin.go), without walking its body.
func (c *Engine) ValueOrigins(fn *ssa.Function) func(ssa.Value) summary.Origin {
	return newOriginTracker(c, fn).of
}
