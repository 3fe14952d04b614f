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
	line := examplecheck.LineOf(t, "buggy/counter.go", "return m, m.refresh")
	examplecheck.ExpectFinding(t, findings, "buggy/counter.go", line, "the tea.Cmd m.refresh writes buggy.Model.fetched",
		"calls confined (*buggy.Model).refresh off the owner", "tea.Cmd", "writes buggy.Model.fetched")
	examplecheck.ExpectOnly(t, findings, "buggy/counter.go", line)
}

// TestCheckerPassesTheFix: the fixed counter's Cmd touches no model state.
func TestCheckerPassesTheFix(t *testing.T) {
	t.Parallel()
	example.ExpectClean(t, "./fixed")
}

// TestCheckerOnTheLookalike runs the pack on an app written as its author
// would, with only the model marked: every line marked racy is reported,
// nothing else.
func TestCheckerOnTheLookalike(t *testing.T) {
	t.Parallel()
	example.CheckMarked(t, "lookalike")
}

// TestSameEverywhere: standalone, with -explain, under go vet, and with the
// built-in packs off and the pack's file given with -declare, the checker
// reports the same: one meaning, wherever a declaration comes from.
func TestSameEverywhere(t *testing.T) {
	t.Parallel()
	example.ExpectSameEverywhere(t)
	example.ExpectPackFileAgrees(t, "../../declarations/bubbletea.conf")
}
