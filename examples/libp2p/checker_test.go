package libp2p_test

import (
	"strings"
	"testing"
)

// TestCheckerFindsTheBug runs confinecheck with declarations/libp2p.conf on
// ./buggy: exit status 3, the stream handler's write of the node's lines
// and the Notifiee's write of its peer count.
func TestCheckerFindsTheBug(t *testing.T) {
	t.Parallel()
	findings, out, status := check(t, "./buggy")
	t.Logf("confinecheck ./buggy (exit status %d):\n%s", status, out)
	if status != 3 {
		t.Errorf("exit status %d, want 3 (findings)", status)
	}
	handler := lineOf(t, "buggy/chat.go", "n.lines[from] = append(")
	f, ok := at(findings, "buggy/chat.go", handler)
	if !ok || !strings.Contains(f.msg, "writes confined buggy.Node.lines off the owner") || !strings.Contains(f.msg, "network.StreamHandler") {
		t.Errorf("chat.go:%d: want a finding that the stream handler writes buggy.Node.lines; got %q", handler, f.msg)
	}
	notify := lineOf(t, "buggy/chat.go", "n.peers++")
	t.Run("notifiee", func(t *testing.T) {
		f, ok := at(findings, "buggy/chat.go", notify)
		if !ok {
			t.Fatalf("chat.go:%d: want a finding for the func stored in NotifyBundle.ConnectedF, which NotifyBundle.Connected (an offowner Notifiee) calls", notify)
		}
		if !strings.Contains(f.msg, "writes confined buggy.Node.peers off the owner") {
			t.Errorf("chat.go:%d: want a finding that ConnectedF writes buggy.Node.peers; got %q", notify, f.msg)
		}
	})
	for _, f := range findings {
		if f.file != "buggy/chat.go" || f.line != handler && f.line != notify {
			t.Errorf("unexpected finding %s:%d: %s", f.file, f.line, f.msg)
		}
	}
}

// TestCheckerPassesTheFix: the fixed handlers send to the node's loop.
func TestCheckerPassesTheFix(t *testing.T) {
	t.Parallel()
	_, out, status := check(t, "./fixed")
	if status != 0 || out != "" {
		t.Errorf("confinecheck ./fixed: exit status %d, want 0 and no output; output:\n%s", status, out)
	}
}
