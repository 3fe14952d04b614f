package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/confinecheck/confinecheck/analyzer"
)

// TestFlagSinks declares a third-party library's functions async and hop
// through the analyzer's flags, as go vet's -confinecheck.async and
// -confinecheck.hop would, and checks the built-in errgroup sinks.
//
// The flags are process-wide and Analyzer.Flags cannot undo a Set (the
// funcList flags only ever add), so the test restores them with
// SaveFlagSettings, a helper of the package's internal tests.
func TestFlagSinks(t *testing.T) {
	t.Cleanup(analyzer.SaveFlagSettings())
	for _, f := range []struct{ name, value string }{
		{"async", "example.com/lib.(*Client).OnDisconnect"},
		{"async", "(*example.com/lib.Client).Subscribe:onErr,example.com/lib.Every"},
		{"hop", "example.com/lib.(*Client).Post"},
	} {
		name, value := f.name, f.value
		if err := analyzer.Analyzer.Flags.Set(name, value); err != nil {
			t.Fatalf("-%s=%s: %v", name, value, err)
		}
	}
	analysistest.Run(t, testdata(), analyzer.Analyzer, "flagsinks")
}
