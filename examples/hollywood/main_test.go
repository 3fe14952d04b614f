// The tests of the hollywood example: checker_test.go runs confinecheck on
// ./buggy, ./fixed and ./lookalike with no declarations (the built-in
// hollywood pack applies by import); race_test.go runs the coordinators and the look-alike
// cache under the race detector. This file has what they share: the example
// (internal/examplecheck has the helpers) and TestMain.
package hollywood_test

import (
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// example is this module's tests. No -declare on purpose: the checker
// must know hollywood from its built-in pack, declarations/hollywood.conf.
var example = &examplecheck.Example{
	Name:     "hollywood",
	PackFile: "../../declarations/hollywood.conf",
	Packages: []string{"./buggy", "./fixed", "./lookalike"},
	Driven: &examplecheck.Driven{
		// HOLLYWOOD_EXAMPLE_DRIVEN makes the test binary run a driven
		// scenario instead of its tests: "buggy" or "fixed" (the retry of
		// the coordinator), or one of lookalikeScenarios.
		Env:  "HOLLYWOOD_EXAMPLE_DRIVEN",
		Name: "scenario",
		Run:  driven,
	},
}

func TestMain(m *testing.M) { example.Main(m) }
