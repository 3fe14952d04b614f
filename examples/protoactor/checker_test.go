package protoactor_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// coordinatorFile is the file of ./buggy the findings are in.
const coordinatorFile = "buggy/coordinator.go"

// TestCheckerFindsTheBug runs confinecheck on ./buggy: exit status 3, a
// finding for each line of the retry timer's func, and one for the deadline
// timer's use of the actor's Context.
//
// The subtests named "declare/..." need the //confined:declare lines of
// buggy/declare.go to be understood (main's checker, from the merge of the
// declare directive on): before that, the checker reports the two lines as
// unknown directives, and its flags can stand for the hop line only:
//
//	go tool confinecheck -hop 'github.com/asynkron/protoactor-go/actor.basePart.ReenterAfter' ./buggy
//
// The subtests without the prefix pass with or without the declarations.
func TestCheckerFindsTheBug(t *testing.T) {
	t.Parallel()
	findings, out, status := example.Check(t, "./buggy")
	t.Logf("confinecheck ./buggy (exit status %d):\n%s", status, out)
	timer := examplecheck.LineOf(t, coordinatorFile, "time.AfterFunc(c.cfg.RetryDelay, func() {")
	deadline := examplecheck.LineOf(t, coordinatorFile, "ctx.Send(ctx.Self(), &expired{")

	t.Run("exit status 3", func(t *testing.T) {
		examplecheck.ExpectFindingsStatus(t, status)
	})
	t.Run("the retry writes the counter", func(t *testing.T) {
		examplecheck.ExpectFinding(t, findings, coordinatorFile, timer+1, "the time.AfterFunc func writes buggy.coordinator.retries",
			"writes confined buggy.coordinator.retries off the owner", "runs via time.AfterFunc")
	})
	t.Run("the retry calls dispatch", func(t *testing.T) {
		examplecheck.ExpectFinding(t, findings, coordinatorFile, timer+2, "the time.AfterFunc func calls dispatch, which writes buggy.job.attempts",
			"calls confined (*buggy.coordinator).dispatch off the owner", "runs via time.AfterFunc", "writes buggy.job.attempts")
	})
	// declare hop ...actor.Context.ReenterAfter:continuation: the
	// continuation, and so settle, runs on the actor, so what settle writes
	// is not among what the timer's call of dispatch goes on to write.
	t.Run("declare/ReenterAfter hops back to the actor", func(t *testing.T) {
		f, _ := examplecheck.At(findings, coordinatorFile, timer+2)
		if strings.Contains(f.Msg, "buggy.coordinator.done") || strings.Contains(f.Msg, "buggy.coordinator.pending") {
			t.Errorf("coordinator.go:%d: want a finding that does not count settle's writes (coordinator.done, coordinator.pending) as dispatch's; got %q", timer+2, f.Msg)
		}
	})
	// declare owner ...actor.Context: every call through the actor's
	// Context must run on the actor, ctx.Send(ctx.Self(), ...) in a timer
	// too. (The finding names the first of the two calls, Self.)
	t.Run("declare/the deadline timer uses the actor's Context", func(t *testing.T) {
		examplecheck.ExpectFinding(t, findings, coordinatorFile, deadline, "the time.AfterFunc func calls through actor.Context",
			"actor.Context", "runs via time.AfterFunc")
	})
	t.Run("declare/nothing else", func(t *testing.T) {
		examplecheck.ExpectOnly(t, findings, coordinatorFile, timer+1, timer+2, deadline)
	})
}

// TestCheckerPassesTheFix runs confinecheck on ./fixed: no output, exit
// status 0. It needs the //confined:declare lines to be understood (see
// TestCheckerFindsTheBug); today's flags give the same result on the code:
//
//	go tool confinecheck -hop 'github.com/asynkron/protoactor-go/actor.basePart.ReenterAfter' ./fixed
//
// reports the two declare lines and nothing else.
func TestCheckerPassesTheFix(t *testing.T) {
	t.Parallel()
	t.Run("declare/clean", func(t *testing.T) {
		example.ExpectClean(t, "./fixed")
	})
}

// TestDeclarationsAgree checks that buggy/ and fixed/ declare protoactor
// alike: the two differ in their timers only.
func TestDeclarationsAgree(t *testing.T) {
	read := func(pkg string) string {
		src, err := os.ReadFile(filepath.Join(pkg, "declare.go"))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Replace(string(src), "package "+pkg+"\n", "package PKG\n", 1)
	}
	if buggy, fixed := read("buggy"), read("fixed"); buggy != fixed {
		t.Errorf("buggy/declare.go and fixed/declare.go differ beyond their package clauses:\n%s\n---\n%s", buggy, fixed)
	}
}
