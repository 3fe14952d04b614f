package grpc_test

import (
	"strings"
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// TestCheckerFindsTheBug runs confinecheck with its built-in grpc pack on
// ./buggy: exit status 3, and Check's write and read of the state, which
// grpc-go's goroutines run (the pack's "offowner ...HealthServer").
func TestCheckerFindsTheBug(t *testing.T) {
	t.Parallel()
	findings, out, status := example.Check(t, "./buggy")
	t.Logf("confinecheck ./buggy (exit status %d):\n%s", status, out)
	expectBug(t, findings, status)
}

// expectBug checks the findings on ./buggy.
func expectBug(t *testing.T, findings []examplecheck.Finding, status int) {
	t.Helper()
	examplecheck.ExpectFindingsStatus(t, status)
	write := examplecheck.LineOf(t, "buggy/health.go", "s.state.checks++")
	read := examplecheck.LineOf(t, "buggy/health.go", "s.state.serving[req.GetService()]")
	for line, want := range map[int]string{write: "writes confined buggy.State.checks off the owner", read: "reads confined buggy.State.serving off the owner"} {
		f, ok := examplecheck.At(findings, "buggy/health.go", line)
		if !ok || !strings.Contains(f.Msg, want) || !strings.Contains(f.Msg, "(grpc_health_v1.HealthServer).Check") {
			t.Errorf("health.go:%d: want a finding %q, via (grpc_health_v1.HealthServer).Check; got %q", line, want, f.Msg)
		}
	}
	examplecheck.ExpectOnly(t, findings, "buggy/health.go", write, read)
}

// TestInferenceCoversGeneratedCode is what would make the pack's service
// lines unneeded: grpc-go calls the generated handlers, stored in
// MethodDesc.Handler, from its goroutines, and they call the service's
// methods, so the checker could infer with no declaration at all that
// HealthServer.Check runs off the owner. It does not today.
func TestInferenceCoversGeneratedCode(t *testing.T) {
	t.Parallel()
	findings, out, status := example.CheckArgs(t, "./buggy")
	t.Logf("confinecheck ./buggy, no declarations (exit status %d):\n%s", status, out)
	expectBug(t, findings, status)
}

// TestCommon runs the checks every example makes (Example.RunCommon in
// internal/examplecheck). The fix it checks: the fixed Check asks the
// state's loop.
func TestCommon(t *testing.T) {
	t.Parallel()
	example.RunCommon(t)
}
