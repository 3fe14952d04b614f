package bubbletea_test

import (
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// TestCheckerFindsTheBug runs confinecheck with its built-in bubbletea pack
// on ./buggy: exit status 3 and one finding, the refresh Cmd's write of the
// model (the pack's "offowner tea.Cmd" says the method value m.refresh,
// returned as a Cmd, runs off the event loop).
func TestCheckerFindsTheBug(t *testing.T) {
	t.Parallel()
	findings := example.CheckBug(t, "./buggy")
	// At refresh's write, the line the race detector names; the message
	// names the Cmd.
	line := examplecheck.LineOf(t, "buggy/counter.go", "m.fetched = m.fetch()")
	examplecheck.ExpectFinding(t, findings, "buggy/counter.go", line, "the tea.Cmd m.refresh writes buggy.Model.fetched",
		"calls confined (*buggy.Model).refresh off the owner", "tea.Cmd", "writes buggy.Model.fetched")
	examplecheck.ExpectOnly(t, findings, "buggy/counter.go", line)
}

// TestCommon runs the checks every example makes (Example.RunCommon in
// internal/examplecheck). The fix it checks: the fixed counter's Cmd touches
// no model state.
func TestCommon(t *testing.T) {
	t.Parallel()
	example.RunCommon(t)
}

// TestFixHidesNothing: confinecheck -fix on copies of the buggy and
// look-alike apps leaves them building, and every racy line reported or
// moved into a hop; what may block (the fetch and the loads) stays where it was.
func TestFixHidesNothing(t *testing.T) {
	t.Parallel()
	example.ExpectFixHidesNothing(t, []string{"m.fetch(", "load()"}, "buggy", "lookalike")
}
