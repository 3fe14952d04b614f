package analyzer

// The two evaluators of the rules of where code runs (internal/where) must agree: the
// syntax-only path, taken by packages with nothing confined in reach, and
// the SSA path. Each package below is analysed as it is (syntax path) and
// again with an unrelated confined type added (SSA path), and the async and
// hop parameters exported for its functions, the fields they store func
// parameters in and those whose funcs they call must be the same.

import (
	"fmt"
	"go/types"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/summary"

	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis/analysistest"
)

// discard takes analysistest's complaints about // want comments: the
// suites in analyzer_test.go check those; here only the facts matter.
type discard struct{}

func (discard) Errorf(string, ...any) {}

func TestSyntaxAndSSASinksAgree(t *testing.T) {
	for _, c := range []struct {
		pkg  string
		want map[string]string // a few sinks that must be found, so that agreeing is not vacuous
	}{
		{pkg: "plainutil", want: map[string]string{"plainutil.Go": "async [0]", "(*plainutil.Pool).Submit": "async [1]", "plainutil.Route": "async [1]", "plainutil.Mount": "async [1]", "plainutil.GoAll": "async [0]", "(*plainutil.Bus).Subscribe": "async [1]", "(*plainutil.Workers).Submit": "async [1]", "(*plainutil.Loop).Queue": "hop [1]", "entry (plainutil.Service).Handle": "(*plainutil.Server).serveConn", "plainutil.ForEach": "async [1]; joined [1]", "plainutil.All": "async [0]; joined [0]", "plainutil.ForEachUntil": "async [2]", "plainutil.Start": "async [1]", "plainutil.GoWait": "joined by its result", "plainutil.Deliver": "joined by its result", "plainutil.Repeat": "async [0]", "plainutil.GroupWait": "joined by its result", "plainutil.GoDone": "joined by its result", "plainutil.GroupEach": "async [1]", "(*plainutil.Loop).Every": "hop [2]", "(*plainutil.Loop).After": "hop [2]", "(*plainutil.Loop).Twice": "async [1]; hop [1]", "plainutil.GoWaitArg": "joined by its result"}},
		{pkg: "sinkforms", want: map[string]string{
			"(*sinkforms.Loop).Post":        "hop [1]",
			"sinkforms.ByMethodExpression":  "hop [1]",
			"sinkforms.ByMethodValue":       "hop [1]",
			"sinkforms.Go":                  "async [0]",
			"sinkforms.ByFuncValue":         "async [0]",
			"sinkforms.GoEach":              "async [0]",
			"sinkforms.ByVariadic":          "async [1 2]",
			"sinkforms.GoWith":              "async [1]",
			"sinkforms.ByGeneric":           "async [0]",
			"sinkforms.ByInstantiation":     "async [0]",
			"sinkforms.Here":                "",
			"sinkforms.ByMethodValueHere":   "",
			"(*sinkforms.Bus).Subscribe":    "async [1]",
			"(*sinkforms.Bus).Name":         "async [2]",
			"(*sinkforms.Bus).Pair":         "async [1]",
			"(*sinkforms.Bus).Copy":         "async [1]",
			"(*sinkforms.Counter).Add":      "stores [1] in sinkforms.Counter.UF1",
			"(*sinkforms.Stream).OnChunk":   "async [1]",
			"(*sinkforms.Stream).OnMeta":    "async [1]",
			"(*sinkforms.Stream).OnLocal":   "stores [1] in sinkforms.Stream.UF3",
			"(*sinkforms.Radio).Watch":      "async [2]",
			"(*sinkforms.Radio).WatchLocal": "stores [2] in sinkforms.Radio.UF2",
		}},
		{pkg: "optionhooks/feed", want: map[string]string{
			"feed.OnBatch":            "stores [0] in optionhooks/feed.Poller.UF1",
			"feed.OnError":            "stores [0] in optionhooks/feed.Poller.UF2",
			"(*feed.Poller).WhenIdle": "stores [1] in optionhooks/feed.Poller.UF3",
			"(*feed.Poller).Run":      "calls optionhooks/feed.Poller.UF1; calls optionhooks/feed.Poller.UF2; calls optionhooks/feed.Poller.UF3",
			"feed.Sort":               "",
		}},
		{pkg: "helperstore", want: map[string]string{"(*helperstore.Worker).OnTick": "async [1]", "(*helperstore.Worker).Run": ""}},
		{pkg: "transport", want: map[string]string{
			"(*transport.Conn).SetHandler": "async [1]",
			"transport.Dial":               "async [0]",
			"(*transport.Conn).OnClose":    "async [1]",
			"transport.Wrapped":            "async [1]",
			"transport.Async":              "async [0]",
		}},
	} {
		t.Run(c.pkg, func(t *testing.T) {
			t.Parallel()
			syntax := exportedSinks(t, testdataDir(t), c.pkg)

			// The same files and one more with a confined type: the SSA path.
			dir := t.TempDir()
			dst := filepath.Join(dir, "src", c.pkg)
			require.NoError(t, os.MkdirAll(dst, 0o755))
			files, err := filepath.Glob(filepath.Join(testdataDir(t), "src", c.pkg, "*.go"))
			require.NoError(t, err)
			for _, f := range files {
				b, err := os.ReadFile(f)
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(filepath.Join(dst, filepath.Base(f)), b, 0o644))
			}
			extra := fmt.Sprintf("package %s\n\n//confined:owner\ntype zzConfined struct{ n int }\n\nfunc (z *zzConfined) bump() { z.n++ }\n", path.Base(c.pkg))
			require.NoError(t, os.WriteFile(filepath.Join(dst, "zz_confined.go"), []byte(extra), 0o644))
			ssa := exportedSinks(t, dir, c.pkg)

			for name, sinks := range c.want {
				require.Equal(t, sinks, syntax[name], "syntax path: %s", name)
			}
			require.Equal(t, syntax, ssa, "the syntax path and the SSA path export different sinks")
		})
	}
}

// exportedSinks analyses pkg under dir and returns, for each function of
// pkg with a summary fact, its async and hop parameters.
func exportedSinks(t *testing.T, dir, pkg string) map[string]string {
	t.Helper()
	out := make(map[string]string)
	for _, r := range analysistest.Run(discard{}, dir, Analyzer, pkg) {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		for _, of := range r.Action.AllObjectFacts() {
			fn, isFunc := of.Object.(*types.Func)
			if ef, ok := of.Fact.(*model.EntryFact); ok && isFunc && fn.Pkg().Path() == pkg {
				out["entry "+names.FuncName(fn)] = ef.By
			}
			sf, ok := of.Fact.(*summary.SummaryFact)
			if !ok || !isFunc || fn.Pkg().Path() != pkg {
				continue
			}
			var parts []string
			for _, set := range []struct {
				name string
				o    summary.Origin
			}{{"async", sf.Summary.Async}, {"joined", sf.Summary.Joined}, {"hop", sf.Summary.Hop}} {
				if !set.o.Fresh() {
					parts = append(parts, fmt.Sprintf("%s %v", set.name, set.o.Sources()))
				}
			}
			if sf.Summary.Handle {
				parts = append(parts, "joined by its result")
			}
			for _, fs := range sf.Summary.StoredIn {
				parts = append(parts, fmt.Sprintf("stores %v in %s", fs.Sources.Sources(), fs.Field))
			}
			for _, ref := range sf.Summary.CallsFields {
				parts = append(parts, "calls "+ref.String())
			}
			if len(parts) > 0 {
				out[names.FuncName(fn)] = strings.Join(parts, "; ")
			}
		}
	}
	return out
}

// testdataDir is the repository's analysistest tree.
func testdataDir(t *testing.T) string { return filepath.Join(repoRootDir(t), "testdata") }
