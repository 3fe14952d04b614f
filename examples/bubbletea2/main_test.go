// The tests of the Bubble Tea v2 example: checker_test.go runs confinecheck
// on ./buggy, ./fixed and ./lookalike with no -declare (the built-in
// bubbletea2 pack applies by import); race_test.go runs the apps, headless,
// under the race detector. This file has what they share: the example
// (internal/examplecheck has the helpers) and TestMain.
package bubbletea2_test

import (
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// example is this module's tests: no pack passed with -declare (the
// built-in one must apply by itself), and the driven scenarios of
// race_test.go.
var example = &examplecheck.Example{
	Name:     "bubbletea2",
	PackFile: "../../declarations/bubbletea2.conf",
	Packages: []string{"./buggy", "./fixed", "./lookalike"},
	Driven: &examplecheck.Driven{
		// BUBBLETEA2_EXAMPLE_DRIVEN makes the test binary run a driven
		// scenario instead of its tests: "buggy" or "fixed" (the retry),
		// "lookalike:KEY" (one racy key of the look-alike app) or
		// "lookalike:safe" (its safe keys).
		Env:  "BUBBLETEA2_EXAMPLE_DRIVEN",
		Name: "scenario",
		Run:  driven,
	},
}

func TestMain(m *testing.M) { example.Main(m) }
