// The tests of the protoactor example: checker_test.go runs confinecheck on
// ./buggy and ./fixed, race_test.go runs both actors under the race
// detector. This file has what they share: the example
// (internal/examplecheck has the helpers) and TestMain.
package protoactor_test

import (
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// example is this module's tests: the driven retry of race_test.go. The
// checker runs with its built-in protoactor pack.
var example = &examplecheck.Example{
	Name:     "protoactor",
	PackFile: "../../declarations/protoactor.conf",
	Packages: []string{"./buggy", "./fixed"},
	Driven: &examplecheck.Driven{
		// PROTOACTOR_EXAMPLE_DRIVEN makes the test binary run the driven
		// retry instead of its tests, on the "buggy" or the "fixed"
		// coordinator.
		Env:  "PROTOACTOR_EXAMPLE_DRIVEN",
		Name: "retry",
		Run:  drivenRetry,
	},
}

func TestMain(m *testing.M) { example.Main(m) }
