package analyzer_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/confinecheck/confinecheck/analyzer"
)

func TestTimers(t *testing.T) {
	analysistest.Run(t, testdata(), analyzer.Analyzer, "timers")
}

// testdata is the repository's shared analysistest tree.
func testdata() string {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		panic(err)
	}
	return dir
}

func TestChain(t *testing.T) {
	analysistest.Run(t, testdata(), analyzer.Analyzer, "chain/region")
}

func TestCallbackFields(t *testing.T) {
	analysistest.Run(t, testdata(), analyzer.Analyzer, "callbacks")
}

func TestInterfaces(t *testing.T) {
	analysistest.Run(t, testdata(), analyzer.Analyzer, "ifaces/app")
}

func TestFutures(t *testing.T) {
	analysistest.Run(t, testdata(), analyzer.Analyzer, "futures")
}

func TestStrictFutures(t *testing.T) {
	setFlag(t, "strict", "true")
	analysistest.Run(t, testdata(), analyzer.Analyzer, "strictfutures")
}

// setFlag sets an analyzer flag for the rest of the test.
func setFlag(t *testing.T, name, value string) {
	t.Cleanup(analyzer.SaveFlagSettings())
	if err := analyzer.Analyzer.Flags.Set(name, value); err != nil {
		t.Fatal(err)
	}
}

func TestSyntaxSinks(t *testing.T) {
	analysistest.Run(t, testdata(), analyzer.Analyzer, "plainutil", "usesplain")
}
