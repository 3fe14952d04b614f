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

// TestCheckerPassesTheFix: the fixed refresh hops with PostFunc.
func TestCheckerPassesTheFix(t *testing.T) {
	t.Parallel()
	example.ExpectClean(t, "./fixed")
}

// TestCheckerOnTheLookalike runs the pack on an app written as its author
// would, with no annotation: every line marked racy is reported, nothing
// else.
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
	example.ExpectPackFileAgrees(t, "../../declarations/tcell.conf")
}
