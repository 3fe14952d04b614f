// The tests of the tview example: checker_test.go runs confinecheck,
// with its built-in tview pack, on ./buggy, ./fixed and ./lookalike;
// race_test.go runs both refreshes, on a simulation screen, under the
// race detector. This file has what they share: the example
// (internal/examplecheck has the helpers) and TestMain.
package tview_test

import (
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// example is this module's tests: the driven refresh of race_test.go.
var example = &examplecheck.Example{
	Name:     "tview",
	PackFile: "../../declarations/tview.conf",
	Packages: []string{"./buggy", "./fixed", "./lookalike"},
	Driven: &examplecheck.Driven{
		// TVIEW_EXAMPLE_DRIVEN makes the test binary run the driven refresh
		// instead of its tests, with the "buggy" or the "fixed" Refresh.
		Env:  "TVIEW_EXAMPLE_DRIVEN",
		Name: "refresh",
		Run:  drivenRefresh,
	},
}

func TestMain(m *testing.M) { example.Main(m) }
