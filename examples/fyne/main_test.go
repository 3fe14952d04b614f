// The tests of the Fyne example: checker_test.go runs confinecheck on
// ./buggy, ./fixed and ./lookalike with no -declare (the built-in pack,
// declarations/fyne.conf, applies by import); race_test.go
// runs the apps on Fyne's own desktop driver under the race detector, in an
// X server of their own (Xvfb). This file has what they share: the example
// (internal/examplecheck has the helpers) and TestMain.
package fyne_test

import (
	"os"
	"strings"
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// example is this module's tests: no pack given (built in), and the driven
// scenarios of race_test.go.
var example = &examplecheck.Example{
	Name:     "fyne",
	PackFile: "../../declarations/fyne.conf",
	Packages: []string{"./buggy", "./fixed", "./lookalike"},
	Driven: &examplecheck.Driven{
		// FYNE_EXAMPLE_DRIVEN makes the test binary run a driven app
		// instead of its tests: "buggy", "buggy-retry", "fixed",
		// "fixed-retry" or "lookalike".
		Env:  "FYNE_EXAMPLE_DRIVEN",
		Name: "app",
		// Fyne's desktop driver needs an X display: each run gets an
		// Xvfb of its own.
		Display: true,
	},
}

// The driven app refers to example (it ends the process itself, see
// runApp), so its Run is set here rather than in example's initializer.
func init() { example.Driven.Run = drivenApp }

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
