package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/confinecheck/confinecheck/analyzer"
)

// TestDirectives checks that malformed and misplaced directives are reported
// and that the accepted spellings are not.
func TestDirectives(t *testing.T) {
	analysistest.Run(t, testdata(), analyzer.Analyzer, "directives")
}

// TestIgnore checks //confined:ignore: it suppresses the finding on its line
// or the next, and is itself reported when it has no reason or suppresses
// nothing.
func TestIgnore(t *testing.T) {
	analysistest.Run(t, testdata(), analyzer.Analyzer, "ignore")
}

// TestAsyncDirective checks //confined:async, :hop and :loop, the built-in
// sinks and the inferred ones.
func TestAsyncDirective(t *testing.T) {
	analysistest.Run(t, testdata(), analyzer.Analyzer, "asyncdirective")
}
