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

// TestCommon runs the checks every example makes (Example.RunCommon in
// internal/examplecheck). The fix it checks: the fixed job only sends the
// rates to the loop.
func TestCommon(t *testing.T) {
	t.Parallel()
	example.RunCommon(t)
}
