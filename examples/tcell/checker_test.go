package tcell_test

import (
	"strings"
	"testing"
)

// TestCheckerFindsTheBug runs confinecheck with declarations/tcell.conf on
// ./buggy, which has no annotation: exit status 3 and one finding, the
// goroutine's call of the table (the pack declares views.Text owned by the
// event loop).
func TestCheckerFindsTheBug(t *testing.T) {
	t.Parallel()
	findings, out, status := check(t, "./buggy")
	t.Logf("confinecheck ./buggy (exit status %d):\n%s", status, out)
	if status != 3 {
		t.Errorf("exit status %d, want 3 (findings)", status)
	}
	line := lineOf(t, "buggy/status.go", "text.SetText(status)")
	f, ok := at(findings, "buggy/status.go", line)
	if !ok || !strings.Contains(f.msg, "calls confined (*views.Text).SetText off the owner") ||
		!strings.Contains(f.msg, "runs via a go statement") || !strings.Contains(f.msg, "PostFunc") {
		t.Errorf("status.go:%d: want a finding that the goroutine calls (*views.Text).SetText, with the hop to PostFunc for a fix; got %q", line, f.msg)
	}
	for _, f := range findings {
		if f.file != "buggy/status.go" || f.line != line {
			t.Errorf("unexpected finding %s:%d: %s", f.file, f.line, f.msg)
		}
	}
}

// TestCheckerPassesTheFix: the fixed refresh hops with PostFunc.
func TestCheckerPassesTheFix(t *testing.T) {
	t.Parallel()
	_, out, status := check(t, "./fixed")
	if status != 0 || out != "" {
		t.Errorf("confinecheck ./fixed: exit status %d, want 0 and no output; output:\n%s", status, out)
	}
}

// TestCheckerOnTheLookalike runs the pack on an app written as its author
// would, with no annotation: every line marked racy is reported, nothing
// else.
func TestCheckerOnTheLookalike(t *testing.T) {
	t.Parallel()
	findings, out, _ := check(t, "./lookalike")
	t.Logf("confinecheck ./lookalike:\n%s", out)
	expectMarked(t, "lookalike", findings)
}
