package analyzer_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/confinecheck/confinecheck/analyzer"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestTestGoroutineTouch: production code that only a test's goroutine
// runs off the owner is reported at its touch, the line the race detector
// names, by the package's test variant, naming the test's goroutine; the
// non-test variant, which has no such goroutine, reports nothing.
// analysistest's wants are checked against both variants, so this test
// reads the diagnostics itself.
func TestTestGoroutineTouch(t *testing.T) {
	byVariant := make(map[string][]string)
	var ignored expectations // no wants: the diagnostics are read here
	for _, r := range analysistest.Run(&ignored, testdata(), analyzer.Analyzer, "testgoroutine") {
		require.NoError(t, r.Err)
		for _, d := range r.Diagnostics {
			p := r.Pass.Fset.Position(d.Pos)
			variant := "package"
			if strings.HasSuffix(r.Action.Package.ID, ".test]") {
				variant = "test"
			}
			byVariant[variant] = append(byVariant[variant], fmt.Sprintf("%s:%d: %s", filepath.Base(p.Filename), p.Line, d.Message))
		}
	}
	require.Empty(t, byVariant["package"])
	require.Len(t, byVariant["test"], 1)
	require.Regexp(t, `^raft\.go:20: writes confined testgoroutine\.state\.n off the owner: this code runs via the func stored in field step \(testgoroutine\.stepFollower at raft\.go:\d+\), called off the owner by func literal in testgoroutine\.TestStep \(raft_test\.go:\d+\)`, byVariant["test"][0])
}

// TestTestDriverIsOwner: a test's goroutine driving an actor's turns frame
// after frame (turns/app/drivers_test.go) is the actor's owner, so what it
// calls beside the turns is no finding; the production goroutine doing
// the same is one (drivers.go's wants).
func TestTestDriverIsOwner(t *testing.T) {
	var ignored expectations
	var fromTest []string
	for _, r := range analysistest.Run(&ignored, testdata(), analyzer.Analyzer, "turns/framework", "turns/app") {
		require.NoError(t, r.Err)
		for _, d := range r.Diagnostics {
			if strings.Contains(d.Message, "drivers_test.go") {
				fromTest = append(fromTest, d.Message)
			}
		}
	}
	require.Empty(t, fromTest)
}
