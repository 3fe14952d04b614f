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

// TestCheckerPassesTheFix: the fixed retry's Tick only makes a Msg, and
// its Cmds touch nothing of the model.
func TestCheckerPassesTheFix(t *testing.T) {
	t.Parallel()
	example.ExpectClean(t, "./fixed")
}

// TestCheckerOnTheLookalike runs the checker on an app written as its
// author would, with no directive: every line marked racy is reported,
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
	example.ExpectPackFileAgrees(t, "../../declarations/bubbletea2.conf")
}
