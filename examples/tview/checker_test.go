package tview_test

import (
	"strings"
	"testing"
)

// TestCheckerFindsTheBug runs confinecheck with declarations/tview.conf on
// ./buggy, which has no annotation: exit status 3 and one finding, the
// goroutine's call of the table (the pack declares tview.Table owned by the
// event loop).
func TestCheckerFindsTheBug(t *testing.T) {
	t.Parallel()
	findings, out, status := check(t, "./buggy")
	t.Logf("confinecheck ./buggy (exit status %d):\n%s", status, out)
	if status != 3 {
		t.Errorf("exit status %d, want 3 (findings)", status)
	}
	line := lineOf(t, "buggy/refresh.go", "table.SetCellSimple(0, 0, row)")
	f, ok := at(findings, "buggy/refresh.go", line)
	if !ok || !strings.Contains(f.msg, "calls confined (*tview.Table).SetCellSimple off the owner") ||
		!strings.Contains(f.msg, "runs via a go statement") || !strings.Contains(f.msg, "QueueUpdate") {
		t.Errorf("refresh.go:%d: want a finding that the goroutine calls (*tview.Table).SetCellSimple, with the hop to QueueUpdate for a fix; got %q", line, f.msg)
	}
	for _, f := range findings {
		if f.file != "buggy/refresh.go" || f.line != line {
			t.Errorf("unexpected finding %s:%d: %s", f.file, f.line, f.msg)
		}
	}
}

// TestCheckerPassesTheFix: the fixed refresh hops with QueueUpdateDraw.
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
