// The tests of the Ebitengine example: checker_test.go runs confinecheck on
// ./buggy, ./fixed and ./lookalike with no -declare (the built-in
// pack, declarations/ebitengine.conf, applies by import);
// race_test.go runs the games in Ebitengine's own game loop under the race
// detector (./driven, built with -race), in an X server of their own
// (Xvfb). This file has what they
// share: the example (internal/examplecheck has the helpers) and TestMain.
package ebitengine_test

import (
	"os"
	"strings"
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// example is this module's tests: no pack given (built in), and the driven
// games of race_test.go.
var example = &examplecheck.Example{
	Name:     "ebitengine",
	PackFile: "../../declarations/ebitengine.conf",
	Packages: []string{"./buggy", "./fixed", "./lookalike"},
	Driven: &examplecheck.Driven{
		// EBITENGINE_EXAMPLE_DRIVEN tells ./driven which game to run:
		// "buggy", "fixed" or "lookalike". The games run there, not in
		// the test binary, which must not link Ebitengine (see
		// driven/main.go).
		Env:     "EBITENGINE_EXAMPLE_DRIVEN",
		Name:    "game",
		Program: "github.com/confinecheck/confinecheck/examples/ebitengine/driven",
		// Ebitengine needs an X display from its init on: each run gets
		// an Xvfb of its own.
		Display: true,
	},
}

// TestMain gives the driven runs' race detector a long memory:
// history_size=7 keeps each goroutine's last 4M memory accesses instead of
// 64K. A race is reported only if the detector can still recover the stack
// of the earlier access, and a frame of the framework's drawing makes tens
// of thousands of accesses on the owner's goroutine between a racy pair's
// two touches. (RunDriven passes GORACE on; a GORACE of the caller's comes
// after, and wins.)
func TestMain(m *testing.M) {
	os.Setenv("GORACE", strings.TrimSpace("history_size=7 "+os.Getenv("GORACE")))
	example.Main(m)
}
