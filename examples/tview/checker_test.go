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

// TestCheckerPassesTheFix: the fixed refresh hops with QueueUpdateDraw.
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
	example.ExpectPackFileAgrees(t, "../../declarations/tview.conf")
}
