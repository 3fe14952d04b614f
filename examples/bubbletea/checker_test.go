package bubbletea_test

import (
	"strings"
	"testing"
)

// TestCheckerFindsTheBug runs confinecheck with declarations/bubbletea.conf
// on ./buggy: exit status 3 and one finding, the refresh Cmd's write of the
// model (the pack's "offowner tea.Cmd" says the method value m.refresh,
// returned as a Cmd, runs off the event loop).
func TestCheckerFindsTheBug(t *testing.T) {
	t.Parallel()
	findings, out, status := check(t, "./buggy")
	t.Logf("confinecheck ./buggy (exit status %d):\n%s", status, out)
	if status != 3 {
		t.Errorf("exit status %d, want 3 (findings)", status)
	}
	line := lineOf(t, "buggy/counter.go", "return m, m.refresh")
	f, ok := at(findings, "buggy/counter.go", line)
	if !ok || !strings.Contains(f.msg, "calls confined (*buggy.Model).refresh off the owner") ||
		!strings.Contains(f.msg, "tea.Cmd") || !strings.Contains(f.msg, "writes buggy.Model.fetched") {
		t.Errorf("counter.go:%d: want a finding that the tea.Cmd m.refresh writes buggy.Model.fetched; got %q", line, f.msg)
	}
	for _, f := range findings {
		if f.file != "buggy/counter.go" || f.line != line {
			t.Errorf("unexpected finding %s:%d: %s", f.file, f.line, f.msg)
		}
	}
}

// TestCheckerPassesTheFix: the fixed counter's Cmd touches no model state.
func TestCheckerPassesTheFix(t *testing.T) {
	t.Parallel()
	_, out, status := check(t, "./fixed")
	if status != 0 || out != "" {
		t.Errorf("confinecheck ./fixed: exit status %d, want 0 and no output; output:\n%s", status, out)
	}
}

// TestCheckerOnTheLookalike runs the pack on an app written as its author
// would, with only the model marked: every line marked racy is reported,
// nothing else.
func TestCheckerOnTheLookalike(t *testing.T) {
	t.Parallel()
	findings, out, _ := check(t, "./lookalike")
	t.Logf("confinecheck ./lookalike:\n%s", out)
	expectMarked(t, "lookalike", findings)
}
