package cron_test

import (
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// TestCheckerFindsTheBug runs confinecheck, with no -declare, on ./buggy:
// the built-in cron pack says that AddFunc's func runs on a goroutine of
// the cron's, so the refresh job's write of the loop's rates is reported,
// and nothing else.
func TestCheckerFindsTheBug(t *testing.T) {
	t.Parallel()
	findings := example.CheckBug(t, "./buggy")
	line := examplecheck.LineOf(t, "buggy/rates.go", "s.rates = rates // BUG")
	examplecheck.ExpectFinding(t, findings, "buggy/rates.go", line, "the refresh job writes buggy.Service.rates",
		"writes confined buggy.Service.rates", "(*cron.Cron).AddFunc")
	examplecheck.ExpectOnly(t, findings, "buggy/rates.go", line)
}

// TestCheckerPassesTheFix: the fixed job only sends the rates to the loop.
func TestCheckerPassesTheFix(t *testing.T) {
	t.Parallel()
	example.ExpectClean(t, "./fixed")
}

// TestCheckerOnTheLookalike runs the checker on a monitor written as its
// author would, with only its state and its loop marked: every line marked
// racy is reported, nothing else.
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
	example.ExpectPackFileAgrees(t, "../../declarations/cron.conf")
}
