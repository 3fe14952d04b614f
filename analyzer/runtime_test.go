package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/confinecheck/confinecheck/analyzer"
)

// The reference runtime and its seeded bug are loaded from the repository's
// own module, like any user's code.
const module = "github.com/confinecheck/confinecheck"

// TestBuggyCoordinator checks that every racy continuation of the original
// coordinator is reported: the retry that runs on the timer's goroutine and
// the graceful-stop callback that writes worker state on the worker's.
func TestBuggyCoordinator(t *testing.T) {
	analysistest.Run(t, repoRoot(), analyzer.Analyzer, module+"/examples/buggycoordinator")
}

// TestRuntimeIsClean checks that the fixed runtime, whose continuations hop
// back to the loop, and the example built on it have no findings, tests
// included. The runtime exports facts, which analysistest would want
// spelled out in the sources, so this runs the analyzer directly.
func TestRuntimeIsClean(t *testing.T) {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: repoRoot(), Tests: true}
	pkgs, err := packages.Load(cfg, module+"/runtime/...", module+"/examples/coordinator")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the packages do not load")
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for act := range graph.All() {
		if !act.IsRoot {
			continue
		}
		if act.Err != nil {
			t.Errorf("%s: %v", act.Package.PkgPath, act.Err)
		}
		for _, d := range act.Diagnostics {
			t.Errorf("%s: %s", act.Package.Fset.Position(d.Pos), d.Message)
		}
	}
}
