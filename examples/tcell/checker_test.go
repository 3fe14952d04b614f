package tcell_test

import (
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// TestCheckerFindsTheBug runs confinecheck with its built-in tcell pack on
// ./buggy, which has no annotation: exit status 3 and one finding, the
// goroutine's call of the table (the pack declares views.Text owned by the
// event loop).
func TestCheckerFindsTheBug(t *testing.T) {
	t.Parallel()
	findings := example.CheckBug(t, "./buggy")
	line := examplecheck.LineOf(t, "buggy/status.go", "text.SetText(status)")
	examplecheck.ExpectFinding(t, findings, "buggy/status.go", line, "the goroutine calls (*views.Text).SetText, with the hop to PostFunc for a fix",
		"calls confined (*views.Text).SetText off the owner", "runs via a go statement", "PostFunc")
	examplecheck.ExpectOnly(t, findings, "buggy/status.go", line)
}

// TestCommon runs the checks every example makes (Example.RunCommon in
// internal/examplecheck). The fix it checks: the fixed refresh hops with
// PostFunc.
func TestCommon(t *testing.T) {
	t.Parallel()
	example.RunCommon(t)
}

// TestFixHidesNothing: confinecheck -fix on copies of the buggy and
// look-alike apps leaves them building, and every racy line reported or
// moved into a hop; what may block (the fetches and the sleeps) stays where it was.
func TestFixHidesNothing(t *testing.T) {
	t.Parallel()
	example.ExpectFixHidesNothing(t, []string{"fetch()", "time.Sleep"}, "buggy", "lookalike")
}
