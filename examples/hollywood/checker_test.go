package hollywood_test

import (
	"strings"
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// coordinatorFile is the file of ./buggy the findings are in, and
// retryTimer the line that starts its retry timer: the two lines after it
// are the timer's func.
const (
	coordinatorFile = "buggy/coordinator.go"
	retryTimer      = "time.AfterFunc(c.cfg.RetryDelay, func() {"
)

// TestCheckerFindsTheBug runs confinecheck, with no declarations, on
// ./buggy, which carries no annotation: the built-in hollywood pack says
// that Receive runs as a turn of the actor, so the coordinator's fields are
// the actor's, and the retry timer's func touches them off the actor.
func TestCheckerFindsTheBug(t *testing.T) {
	t.Parallel()
	findings := example.CheckBug(t, "./buggy")
	timer := examplecheck.LineOf(t, coordinatorFile, retryTimer)
	// dispatch's finding is at its write, the line the race detector
	// names; its message names the timer.
	attempts := examplecheck.LineOf(t, coordinatorFile, "c.attempts++")
	examplecheck.ExpectFinding(t, findings, coordinatorFile, timer+1, "the time.AfterFunc func writes buggy.coordinator.retries",
		"writes confined buggy.coordinator.retries off the owner", "time.AfterFunc")
	examplecheck.ExpectFinding(t, findings, coordinatorFile, attempts, "the time.AfterFunc func calls dispatch, which writes buggy.coordinator.attempts",
		"calls confined (*buggy.coordinator).dispatch off the owner", "time.AfterFunc", "writes buggy.coordinator.attempts")
	examplecheck.ExpectOnly(t, findings, coordinatorFile, timer+1, attempts)
	// The pack names hollywood's way back, a message to the actor itself
	// (hop (*actor.Context).Send), so the advice names it.
	for _, line := range []int{timer + 1, attempts} {
		f, _ := examplecheck.At(findings, coordinatorFile, line)
		if _, fix, _ := strings.Cut(f.Msg, "; fix: "); !strings.Contains(fix, "Send") {
			t.Errorf("%s:%d: want the fix to advise a message to the actor (Context.Send); got %q", coordinatorFile, line, f.Msg)
		}
	}
}

// TestCommon runs the checks every example makes (Example.RunCommon in
// internal/examplecheck). The fix it checks: the fixed timer only calls
// Context.Send and Context.PID, which the pack declares safe from any
// goroutine.
func TestCommon(t *testing.T) {
	t.Parallel()
	example.RunCommon(t)
}
