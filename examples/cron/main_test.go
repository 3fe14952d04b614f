// The tests of the robfig/cron example: checker_test.go runs confinecheck
// on ./buggy, ./fixed and ./lookalike with no -declare (the built-in cron
// pack applies by import); race_test.go runs the services under the
// race detector, with a schedule that fires the job under test at once.
// This file has what they share: the example (internal/examplecheck has the
// helpers) and TestMain.
package cron_test

import (
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// example is this module's tests: no pack passed with -declare (the
// built-in one must apply by itself), and the driven scenarios of
// race_test.go.
var example = &examplecheck.Example{
	Name:     "cron",
	PackFile: "../../declarations/cron.conf",
	Packages: []string{"./buggy", "./fixed", "./lookalike"},
	Driven: &examplecheck.Driven{
		// CRON_EXAMPLE_DRIVEN makes the test binary run a driven scenario
		// instead of its tests: "buggy" or "fixed" (the refresh job),
		// "lookalike:SPEC" (the look-alike's job on that schedule) or
		// "lookalike:safe" (its safe jobs).
		Env:  "CRON_EXAMPLE_DRIVEN",
		Name: "scenario",
		Run:  driven,
	},
}

func TestMain(m *testing.M) { example.Main(m) }
