package analyzer

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Analyzer reports code that runs off its owner's execution context and
// touches state confined to that owner. See the package documentation. Its
// settings are its flags: it is the analyzer of go vet, nogo and the
// confinecheck command. Drivers that configure analyzers in code use New.
var Analyzer = newAnalyzer(new(config))

func newAnalyzer(cfg *config) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:      "confinecheck",
		Doc:       doc,
		URL:       "https://pkg.go.dev/github.com/confinecheck/confinecheck/analyzer",
		Run:       func(pass *analysis.Pass) (any, error) { return run(pass, cfg) },
		FactTypes: []analysis.Fact{new(directiveFact), new(summaryFact), new(hopSinksFact), new(declarationsFact), new(writesFact)},
	}
	cfg.register(&a.Flags)
	return a
}

func run(pass *analysis.Pass, cfg *config) (any, error) {
	c := &Engine{
		pass:         pass,
		cfg:          cfg,
		dirs:         parseDirectives(pass),
		factCache:    make(map[types.Object]*directiveFact),
		contracts:    make(map[*types.Func]*directiveFact),
		importedSums: make(map[*types.Func]*Summary),
		walks:        make(map[*ssa.Function]*Walk),
		impls:        make(map[*types.Func][]*ssa.Function),
		refs:         make(map[*ssa.Function][]*ssa.Function),
	}
	c.packageFacts = c.importedPackageFacts()
	c.resolveDeclarations()
	if c.cfg.suggest {
		return nil, c.suggest()
	}
	c.exportDirectives()
	// -explain needs the walks, which the syntax-only path skips.
	if !c.cfg.explain && !c.confinedInReach() {
		c.exportSyntaxSinks()
		c.reportUnusedIgnores()
		return nil, nil
	}
	prog, fns := buildSSA(pass)
	c.prog = prog
	c.summarize(fns)
	c.storedCallbacks(fns)
	c.exportSummaries()
	c.exportInterfaceSummaries()
	c.report(fns)
	if c.cfg.explain {
		c.explain()
	}
	return nil, nil
}
