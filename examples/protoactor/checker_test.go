package protoactor_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// coordinatorFile is the file of ./buggy the findings are in.
const coordinatorFile = "buggy/coordinator.go"

// TestCheckerFindsTheBug runs confinecheck on ./buggy, with its built-in
// protoactor pack: exit status 3, a finding for each line of the retry
// timer's func, and one for the deadline timer's use of the actor's
// Context.
func TestCheckerFindsTheBug(t *testing.T) {
	t.Parallel()
	findings, out, status := example.Check(t, "./buggy")
	t.Logf("confinecheck ./buggy (exit status %d):\n%s", status, out)
	timer := examplecheck.LineOf(t, coordinatorFile, "time.AfterFunc(c.cfg.RetryDelay, func() {")
	// dispatch's finding is at its write, where the race detector names
	// it, and its message names the timer.
	attempts := examplecheck.LineOf(t, coordinatorFile, "j.attempts++")
	deadline := examplecheck.LineOf(t, coordinatorFile, "ctx.Send(ctx.Self(), &expired{")

	t.Run("exit status 3", func(t *testing.T) {
		examplecheck.ExpectFindingsStatus(t, status)
	})
	t.Run("the retry writes the counter", func(t *testing.T) {
		examplecheck.ExpectFinding(t, findings, coordinatorFile, timer+1, "the time.AfterFunc func writes buggy.coordinator.retries",
			"writes confined buggy.coordinator.retries off the owner", "runs via time.AfterFunc")
	})
	t.Run("the retry calls dispatch", func(t *testing.T) {
		examplecheck.ExpectFinding(t, findings, coordinatorFile, attempts, "the time.AfterFunc func calls dispatch, which writes buggy.job.attempts",
			"calls confined (*buggy.coordinator).dispatch off the owner", "runs via time.AfterFunc", "writes buggy.job.attempts")
	})
	// hop ...actor.Context.ReenterAfter:continuation: the continuation,
	// and so settle, runs on the actor, so what settle writes is not among
	// what the timer's call of dispatch goes on to write.
	t.Run("ReenterAfter hops back to the actor", func(t *testing.T) {
		f, _ := examplecheck.At(findings, coordinatorFile, attempts)
		if strings.Contains(f.Msg, "buggy.coordinator.done") || strings.Contains(f.Msg, "buggy.coordinator.pending") {
			t.Errorf("coordinator.go:%d: want a finding that does not count settle's writes (coordinator.done, coordinator.pending) as dispatch's; got %q", attempts, f.Msg)
		}
	})
	// owner ...actor.Context: every call through the actor's Context must
	// run on the actor, ctx.Send(ctx.Self(), ...) in a timer too. (The
	// finding names the first of the two calls, Self.)
	t.Run("the deadline timer uses the actor's Context", func(t *testing.T) {
		examplecheck.ExpectFinding(t, findings, coordinatorFile, deadline, "the time.AfterFunc func calls through actor.Context",
			"actor.Context", "runs via time.AfterFunc")
	})
	// The advice is protoactor's way back, a message to the actor.
	t.Run("the advice is a message", func(t *testing.T) {
		for _, line := range []int{timer + 1, attempts, deadline} {
			if f, _ := examplecheck.At(findings, coordinatorFile, line); !strings.Contains(f.Msg, "as a message through (*actor.RootContext).Send") {
				t.Errorf("coordinator.go:%d: want the message hop advised; got %q", line, f.Msg)
			}
		}
	})
	t.Run("nothing else", func(t *testing.T) {
		examplecheck.ExpectOnly(t, findings, coordinatorFile, timer+1, attempts, deadline)
	})
}

// TestPackFileOnTopOfBuiltIn: the pack's file given on top of the
// built-in pack, as docs/packs.md once told users to, changes no finding.
func TestPackFileOnTopOfBuiltIn(t *testing.T) {
	t.Parallel()
	builtIn, _, _ := example.Check(t, example.Packages...)
	both, _, _ := example.CheckArgs(t, append([]string{"-declare", example.PackFile}, example.Packages...)...)
	if !slices.Equal(builtIn, both) {
		t.Errorf("-declare %s with the built-in pack reports\n%v\nwithout it\n%v", example.PackFile, both, builtIn)
	}
}

// TestCommon runs the checks every example makes (Example.RunCommon in
// internal/examplecheck).
func TestCommon(t *testing.T) {
	t.Parallel()
	example.RunCommon(t)
}
