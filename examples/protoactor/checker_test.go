package protoactor_test

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A finding is one line of confinecheck's text output (its related
// positions, the indented lines after it, are left out).
type finding struct {
	file string // base name
	line int
	msg  string
}

// check runs confinecheck on the packages of this module named by args, and
// returns its findings, its whole output and its exit status.
func check(t *testing.T, args ...string) ([]finding, string, int) {
	t.Helper()
	cmd := exec.Command(checker(t), args...)
	out, err := cmd.CombinedOutput()
	status := 0
	if exit := (*exec.ExitError)(nil); errors.As(err, &exit) {
		status = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("confinecheck %v: %v", args, err)
	}
	var findings []finding
	pos := regexp.MustCompile(`^(.+?):(\d+):\d+: (.*)$`)
	for sc := bufio.NewScanner(strings.NewReader(string(out))); sc.Scan(); {
		m := pos.FindStringSubmatch(sc.Text())
		if m == nil || strings.HasPrefix(m[3], "\t") {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		findings = append(findings, finding{file: filepath.Base(m[1]), line: line, msg: m[3]})
	}
	return findings, string(out), status
}

// lineOf returns the line of file (slash-separated, in this module) that
// contains text, which must be on exactly one line.
func lineOf(t *testing.T, file, text string) int {
	t.Helper()
	src, err := os.ReadFile(filepath.FromSlash(file))
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, text) {
			if found != 0 {
				t.Fatalf("%s: %q on lines %d and %d", file, text, found, i+1)
			}
			found = i + 1
		}
	}
	if found == 0 {
		t.Fatalf("%s: no line has %q", file, text)
	}
	return found
}

// at returns the finding of coordinator.go at line, if any.
func at(findings []finding, line int) (finding, bool) {
	for _, f := range findings {
		if f.file == "coordinator.go" && f.line == line {
			return f, true
		}
	}
	return finding{}, false
}

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
	findings, out, status := check(t, "./buggy")
	t.Logf("confinecheck ./buggy (exit status %d):\n%s", status, out)
	timer := lineOf(t, "buggy/coordinator.go", "time.AfterFunc(c.cfg.RetryDelay, func() {")
	deadline := lineOf(t, "buggy/coordinator.go", "ctx.Send(ctx.Self(), &expired{")

	t.Run("exit status 3", func(t *testing.T) {
		if status != 3 {
			t.Errorf("exit status %d, want 3 (findings)", status)
		}
	})
	t.Run("the retry writes the counter", func(t *testing.T) {
		f, ok := at(findings, timer+1)
		if !ok || !strings.Contains(f.msg, "writes confined buggy.coordinator.retries off the owner") ||
			!strings.Contains(f.msg, "runs via time.AfterFunc") {
			t.Errorf("coordinator.go:%d: want a finding that the time.AfterFunc func writes buggy.coordinator.retries; got %q", timer+1, f.msg)
		}
	})
	t.Run("the retry calls dispatch", func(t *testing.T) {
		f, ok := at(findings, timer+2)
		if !ok || !strings.Contains(f.msg, "calls confined (*buggy.coordinator).dispatch off the owner") ||
			!strings.Contains(f.msg, "runs via time.AfterFunc") || !strings.Contains(f.msg, "writes buggy.job.attempts") {
			t.Errorf("coordinator.go:%d: want a finding that the time.AfterFunc func calls dispatch, which writes buggy.job.attempts; got %q", timer+2, f.msg)
		}
	})
	// declare hop ...actor.Context.ReenterAfter:continuation: the
	// continuation, and so settle, runs on the actor, so what settle writes
	// is not among what the timer's call of dispatch goes on to write.
	t.Run("declare/ReenterAfter hops back to the actor", func(t *testing.T) {
		f, _ := at(findings, timer+2)
		if strings.Contains(f.msg, "buggy.coordinator.done") || strings.Contains(f.msg, "buggy.coordinator.pending") {
			t.Errorf("coordinator.go:%d: want a finding that does not count settle's writes (coordinator.done, coordinator.pending) as dispatch's; got %q", timer+2, f.msg)
		}
	})
	// declare owner ...actor.Context: every call through the actor's
	// Context must run on the actor, ctx.Send(ctx.Self(), ...) in a timer
	// too. (The finding names the first of the two calls, Self.)
	t.Run("declare/the deadline timer uses the actor's Context", func(t *testing.T) {
		f, ok := at(findings, deadline)
		if !ok || !strings.Contains(f.msg, "actor.Context") || !strings.Contains(f.msg, "runs via time.AfterFunc") {
			t.Errorf("coordinator.go:%d: want a finding that the time.AfterFunc func calls through actor.Context; got %q", deadline, f.msg)
		}
	})
	t.Run("declare/nothing else", func(t *testing.T) {
		for _, f := range findings {
			if f.file != "coordinator.go" || f.line != timer+1 && f.line != timer+2 && f.line != deadline {
				t.Errorf("unexpected finding %s:%d: %s", f.file, f.line, f.msg)
			}
		}
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
		_, out, status := check(t, "./fixed")
		if status != 0 || out != "" {
			t.Errorf("confinecheck ./fixed: exit status %d, want 0 and no output; output:\n%s", status, out)
		}
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
