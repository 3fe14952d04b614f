package analyzer

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	analysischecker "golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// Every message and related position must be a function of the input alone:
// the stored-callback sink text was once built while iterating a map. The
// packages are loaded once and analysed several times in one process, where
// map iteration orders differ from run to run.
func TestStoredCallbackFindingsAreDeterministic(t *testing.T) {
	dir := testdataDir(t)
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir + "/src",
		Env:  append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOFLAGS=", "GOPROXY=off"),
	}
	pkgs, err := packages.Load(cfg, "callbacks", "callbackfields", "usestransport")
	require.NoError(t, err)
	require.Zero(t, packages.PrintErrors(pkgs))

	render := func() string {
		graph, err := analysischecker.Analyze([]*analysis.Analyzer{Analyzer}, pkgs, nil)
		require.NoError(t, err)
		var b strings.Builder
		for act := range graph.All() {
			require.NoError(t, act.Err)
			for _, d := range act.Diagnostics {
				fmt.Fprintf(&b, "%v: %s\n", act.Package.Fset.Position(d.Pos), d.Message)
				for _, r := range d.Related {
					fmt.Fprintf(&b, "\t%v: %s\n", act.Package.Fset.Position(r.Pos), r.Message)
				}
			}
		}
		return b.String()
	}
	first := render()
	require.GreaterOrEqual(t, strings.Count(first, "the func stored in field"), 4, "the packages must exercise stored callbacks:\n%s", first)
	for range 4 {
		require.Equal(t, first, render())
	}
}
