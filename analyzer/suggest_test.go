package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/confinecheck/confinecheck/analyzer"
)

// TestSuggest checks -suggest's proposals and, through golden files, the
// code after -suggest -fix.
func TestSuggest(t *testing.T) {
	a, err := analyzer.New(analyzer.Settings{Suggest: true})
	if err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, testdata(), a, "suggest", "suggestnot")
}
