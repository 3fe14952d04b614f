package analyzer

import (
	"cmp"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/fix"
	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/report"
	"github.com/confinecheck/confinecheck/internal/suggest"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/syntax"
	"github.com/confinecheck/confinecheck/internal/walk"
	"golang.org/x/tools/go/analysis"
)

// Analyzer reports code that runs off its owner's execution context and
// touches state confined to that owner. See the package documentation. Its
// settings are its flags: it is the analyzer of go vet, nogo and the
// confinecheck command. Drivers that configure analyzers in code use New.
var Analyzer = newAnalyzer(newConfig())

func newAnalyzer(cfg *config) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:      "confinecheck",
		Doc:       doc,
		URL:       "https://pkg.go.dev/github.com/confinecheck/confinecheck/analyzer",
		Run:       func(pass *analysis.Pass) (any, error) { return run(pass, cfg) },
		FactTypes: []analysis.Fact{new(directive.Fact), new(summary.SummaryFact), new(summary.CarrierFact), new(model.HopSinksFact), new(model.EntryFact), new(model.TurnFact), new(model.ModuleFact), new(directive.DeclarationsFact), new(suggest.FieldsFact), new(suggest.HandedFact), new(fix.BlocksFact)},
	}
	cfg.register(&a.Flags)
	return a
}

// run is the one pipeline of a pass. The check, -explain and -suggest
// share it: they differ in what they do with the summarized package.
func run(pass *analysis.Pass, cfg *config) (any, error) {
	defer reportInFileOrder(pass)()
	conf, mistakes := directive.ConfDeclarations(pass)
	for _, d := range mistakes {
		pass.Report(d)
	}
	packs, err := cfg.chosenPacks()
	if err != nil {
		return nil, err
	}
	fix.ExportBlocking(pass) // for the hop fixes of importers, whatever this package holds
	m := model.NewModel(pass, model.Config{Strict: cfg.strict, Explain: cfg.explain, Declarations: append(conf, cfg.declarations()...), Packs: packs})
	e := walk.New(m)
	var s *suggest.Suggester
	if cfg.suggest {
		// Nil for a package that is not the user's to annotate: it is
		// checked as without -suggest, so that its facts (sinks, entry
		// points, summaries) reach the user's packages the same.
		s = suggest.New(e, cfg.explain)
	}
	// A package with nothing confined in reach needs no SSA; -suggest
	// needs the walks. -explain only explains: it takes the same path.
	if s == nil && !m.View.ConfinedInReach() {
		m.View.ExportDirectives()
		syntax.ExportSinks(m)
		e.ExportHandedContents()
		if cfg.explain {
			report.ExplainModel(m)
		}
		m.ReportUnusedIgnores()
		return nil, nil
	}
	e.BuildSSA(s != nil)
	if s != nil {
		s.ProposeStructure() // adopted as if written: the summaries see them
	}
	e.Summarize()
	if s != nil {
		s.ProposeCompletions() // for the importers: this package is summarized
	}
	m.View.ExportDirectives()
	e.SettleStoredCallbacks()
	e.ExportSummaries()
	if s != nil {
		s.Finish()
		return nil, nil
	}
	report.Report(e)
	return nil, nil
}

// reportInFileOrder holds back the pass's diagnostics until the returned
// func runs, which reports them ordered by file name and offset. Drivers
// print diagnostics in the order they are reported, and the stages order
// theirs by token.Pos, which follows the order files were parsed in:
// go/packages parses a package's files in parallel.
func reportInFileOrder(pass *analysis.Pass) (flush func()) {
	report := pass.Report
	var held []analysis.Diagnostic
	pass.Report = func(d analysis.Diagnostic) { held = append(held, d) }
	return func() {
		pass.Report = report
		slices.SortStableFunc(held, func(a, b analysis.Diagnostic) int {
			pa, pb := pass.Fset.Position(a.Pos), pass.Fset.Position(b.Pos)
			return cmp.Or(strings.Compare(pa.Filename, pb.Filename), cmp.Compare(pa.Offset, pb.Offset))
		})
		for _, d := range held {
			report(d)
		}
	}
}
