// The tests of the Bubble Tea example: checker_test.go runs confinecheck,
// with its built-in bubbletea pack, on ./buggy, ./fixed and ./lookalike;
// race_test.go runs both counters, headless, under the race detector. This
// file has what they share: the example (internal/examplecheck has the
// helpers) and TestMain.
package bubbletea_test

import (
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// example is this module's tests: the driven refresh of race_test.go.
var example = &examplecheck.Example{
	Name:     "bubbletea",
	PackFile: "../../declarations/bubbletea.conf",
	Packages: []string{"./buggy", "./fixed", "./lookalike"},
	Driven: &examplecheck.Driven{
		// BUBBLETEA_EXAMPLE_DRIVEN makes the test binary run the driven
		// refresh instead of its tests, on the "buggy" or the "fixed"
		// counter.
		Env:  "BUBBLETEA_EXAMPLE_DRIVEN",
		Name: "refresh",
		Run:  drivenRefresh,
	},
}

func TestMain(m *testing.M) { example.Main(m) }
