package tview_test

import (
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// TestCheckerFindsTheBug runs confinecheck with its built-in tview pack on
// ./buggy, which has no annotation: exit status 3 and one finding, the
// goroutine's call of the table (the pack declares tview.Table owned by the
// event loop).
func TestCheckerFindsTheBug(t *testing.T) {
	t.Parallel()
	findings := example.CheckBug(t, "./buggy")
	line := examplecheck.LineOf(t, "buggy/refresh.go", "table.SetCellSimple(0, 0, row)")
	examplecheck.ExpectFinding(t, findings, "buggy/refresh.go", line, "the goroutine calls (*tview.Table).SetCellSimple, with the hop to QueueUpdate for a fix",
		"calls confined (*tview.Table).SetCellSimple off the owner", "runs via a go statement", "QueueUpdate")
	examplecheck.ExpectOnly(t, findings, "buggy/refresh.go", line)
}

// TestCommon runs the checks every example makes (Example.RunCommon in
// internal/examplecheck). The fix it checks: the fixed refresh hops with
// QueueUpdateDraw.
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
