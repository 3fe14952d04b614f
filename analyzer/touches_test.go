package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/confinecheck/confinecheck/analyzer"
)

// TestTouches covers what counts as touching confined state.
func TestTouches(t *testing.T) {
	analysistest.Run(t, testdata(), analyzer.Analyzer, "touches")
}

// TestOwnership covers "ownership follows the value".
func TestOwnership(t *testing.T) {
	analysistest.Run(t, testdata(), analyzer.Analyzer, "ownership")
}

// TestSyncFuncs covers callbacks that run synchronously on the caller.
func TestSyncFuncs(t *testing.T) {
	analysistest.Run(t, testdata(), analyzer.Analyzer, "syncfuncs")
}

// TestTransitive covers findings reached through chains of calls.
func TestTransitive(t *testing.T) {
	analysistest.Run(t, testdata(), analyzer.Analyzer, "transitive")
}
