package analyzer_test

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/confinecheck/confinecheck/analyzer"
)

// The reference runtime and its seeded bug are loaded from the repository's
// own module, like any user's code.
const module = "github.com/confinecheck/confinecheck"

// TestBuggyCoordinator checks that every racy continuation of the original
// coordinator is reported: the retry that runs on the timer's goroutine and
// the graceful-stop callback that writes worker state on the worker's. The
// state they touch is the runtime's, a package of the same module: each
// finding is at the line the race detector names there, and names the
// example's callback as where the code left the owner.
func TestBuggyCoordinator(t *testing.T) {
	retry := `calls confined \(main.buggyManager\).terminateWorkersWithRetry off the owner: this code runs via a callback of \(\*future.Future\[T\]\).FlatMap on a future that completes off the owner \(manager.go:\d+\); inside, it `
	want := []struct{ at, message string }{
		{"runtime/execution/execution.go:61", `calls confined \(\*execution.WorkerExecution\).SetState off the owner: this code runs via a callback of \(\*future.Future\[T\]\).OnComplete on a future that completes off the owner \(manager.go:\d+\); inside, it writes execution.WorkerExecution.state`},
		{"runtime/network/gateway.go:51", retry + `reads network.OutputGateway.idToSequenceNums`},
		{"runtime/network/gateway.go:54", retry + `writes network.OutputGateway.idToSequenceNums, reads network.OutputGateway.deliver`},
		{"runtime/rpc/client.go:97", retry + `writes rpc.Client.promiseID`},
		{"runtime/rpc/client.go:99", retry + `writes rpc.Client.unfulfilledPromises`},
	}
	got := rootFindings(t, module+"/examples/buggycoordinator")
	if len(got) != len(want) {
		t.Fatalf("got %d findings, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i], w.at+":") || !regexp.MustCompile(w.message).MatchString(got[i]) {
			t.Errorf("finding %d:\n%s\ndoes not match %s: %s", i, got[i], w.at, w.message)
		}
	}
}

// rootFindings runs the analyzer on the packages, tests included, and
// returns their findings as "file:line: message", the file relative to
// the repository's root, in order.
func rootFindings(t *testing.T, patterns ...string) []string {
	t.Helper()
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: repoRoot(), Tests: true}
	pkgs, err := packages.Load(cfg, patterns...)
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
	var out []string
	for act := range graph.All() {
		if !act.IsRoot {
			continue
		}
		if act.Err != nil {
			t.Errorf("%s: %v", act.Package.PkgPath, act.Err)
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			rel, _ := filepath.Rel(repoRoot(), p.Filename)
			out = append(out, fmt.Sprintf("%s:%d: %s", filepath.ToSlash(rel), p.Line, d.Message))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestRuntimeIsClean checks that the fixed runtime, whose continuations hop
// back to the loop, and the example built on it have no findings, tests
// included. The runtime exports facts, which analysistest would want
// spelled out in the sources, so this runs the analyzer directly.
func TestRuntimeIsClean(t *testing.T) {
	for _, f := range rootFindings(t, module+"/runtime/...", module+"/examples/coordinator") {
		t.Error(f)
	}
}
