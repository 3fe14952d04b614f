package bubbletea2_test

import (
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// TestCheckerFindsTheBug runs confinecheck, with no -declare, on ./buggy:
// the built-in bubbletea2 pack makes Update a turn of the event loop, which
// confines buggy.Model to it, so the retry timer's write of the model is
// reported, and nothing else.
func TestCheckerFindsTheBug(t *testing.T) {
	t.Parallel()
	findings := example.CheckBug(t, "./buggy")
	line := examplecheck.LineOf(t, "buggy/retry.go", "m.retries++ // BUG")
	examplecheck.ExpectFinding(t, findings, "buggy/retry.go", line, "the retry timer writes buggy.Model.retries",
		"writes confined buggy.Model.retries", "time.AfterFunc")
	examplecheck.ExpectOnly(t, findings, "buggy/retry.go", line)
}

// TestCommon runs the checks every example makes (Example.RunCommon in
// internal/examplecheck). The fix it checks: the fixed retry's Tick only
// makes a Msg, and its Cmds touch nothing of the model.
func TestCommon(t *testing.T) {
	t.Parallel()
	example.RunCommon(t)
}

// TestFixHidesNothing: confinecheck -fix on copies of the buggy and
// look-alike apps leaves them building, and every racy line reported or
// moved into a hop; what may block (the fetch and the loads) stays where it was.
func TestFixHidesNothing(t *testing.T) {
	t.Parallel()
	example.ExpectFixHidesNothing(t, []string{"fetch()", "Load()"}, "buggy", "lookalike")
}
