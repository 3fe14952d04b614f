package grpc_test

import (
	"strings"
	"testing"
)

// TestCheckerFindsTheBug runs confinecheck with declarations/grpc.conf on
// ./buggy: exit status 3, and Check's write and read of the state, which
// grpc-go's goroutines run (the pack's "offowner ...HealthServer").
func TestCheckerFindsTheBug(t *testing.T) {
	t.Parallel()
	findings, out, status := check(t, "./buggy")
	t.Logf("confinecheck ./buggy (exit status %d):\n%s", status, out)
	expectBug(t, findings, status)
}

// expectBug checks the findings on ./buggy.
func expectBug(t *testing.T, findings []finding, status int) {
	t.Helper()
	if status != 3 {
		t.Errorf("exit status %d, want 3 (findings)", status)
	}
	write := lineOf(t, "buggy/health.go", "s.state.checks++")
	read := lineOf(t, "buggy/health.go", "s.state.serving[req.GetService()]")
	for line, want := range map[int]string{write: "writes confined buggy.State.checks off the owner", read: "reads confined buggy.State.serving off the owner"} {
		f, ok := at(findings, "buggy/health.go", line)
		if !ok || !strings.Contains(f.msg, want) || !strings.Contains(f.msg, "(grpc_health_v1.HealthServer).Check") {
			t.Errorf("health.go:%d: want a finding %q, via (grpc_health_v1.HealthServer).Check; got %q", line, want, f.msg)
		}
	}
	for _, f := range findings {
		if f.file != "buggy/health.go" || f.line != write && f.line != read {
			t.Errorf("unexpected finding %s:%d: %s", f.file, f.line, f.msg)
		}
	}
}

// TestCheckerPassesTheFix: the fixed Check asks the state's loop.
func TestCheckerPassesTheFix(t *testing.T) {
	t.Parallel()
	_, out, status := check(t, "./fixed")
	if status != 0 || out != "" {
		t.Errorf("confinecheck ./fixed: exit status %d, want 0 and no output; output:\n%s", status, out)
	}
}

// TestInferenceCoversGeneratedCode is what would make the pack's service
// lines unneeded: grpc-go calls the generated handlers, stored in
// MethodDesc.Handler, from its goroutines, and they call the service's
// methods, so the checker could infer with no declaration at all that
// HealthServer.Check runs off the owner. It does not today.
func TestInferenceCoversGeneratedCode(t *testing.T) {
	t.Parallel()
	findings, out, status := checkArgs(t, "./buggy")
	t.Logf("confinecheck ./buggy, no declarations (exit status %d):\n%s", status, out)
	expectBug(t, findings, status)
}
