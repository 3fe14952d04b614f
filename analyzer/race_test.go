package analyzer

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	analysischecker "golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// TestParallelPassesShareFacts runs the analyzer with -strict over packages
// that each merge an imported interface summary with implementations of
// their own, analysed in parallel. Facts are shared between those passes:
// under go test -race, a pass changing a fact it imported is a data race.
func TestParallelPassesShareFacts(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages with the go command")
	}
	files := map[string]string{
		"go.mod": "module example.com/shared\n\ngo 1.26\n",
		"lib/lib.go": `package lib

//confined:owner
type State struct{ A, B, C, D, E int }

// Node hides the confined state; its summary travels in a fact.
type Node interface{ Step() }

type node struct{ s *State }

func (n *node) Step() { n.s.A++; n.s.B++; n.s.C = n.s.D + n.s.E }

func New() Node { return &node{s: &State{}} }
`,
	}
	const users = 8
	for i := range users {
		files[fmt.Sprintf("user%d/user.go", i)] = fmt.Sprintf(`package user%[1]d

import "example.com/shared/lib"

//confined:owner
type mine struct{ x%[1]d, y%[1]d int }

// impl reaches its own state and lib's, which the imported summary of
// lib.Node.Step names too: merging them updates that entry.
type impl struct {
	m *mine
	s *lib.State
}

func (i impl) Step() { i.m.x%[1]d++; i.m.y%[1]d++; i.s.A++ }

var _ lib.Node = impl{}

func Spawn(n lib.Node) {
	go n.Step()
}

func Steps(n lib.Node) {%[2]s
}
`, i, strings.Repeat("\n\tn.Step()", 200))
	}
	dir := t.TempDir()
	writeFiles(t, dir, files)
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: dir}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(Settings{Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	graph, err := analysischecker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	findings := 0
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Fatalf("%s: %v", act.Package.PkgPath, act.Err)
		}
		findings += len(act.Diagnostics)
	}
	if findings != users {
		t.Errorf("%d findings, want one per user package (its go n.Step())", findings)
	}
}
