package libp2p_test

import (
	"strings"
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// TestCheckerFindsTheBug runs confinecheck with its built-in libp2p pack on
// ./buggy: exit status 3, the stream handler's write of the node's lines
// and the Notifiee's write of its peer count.
func TestCheckerFindsTheBug(t *testing.T) {
	t.Parallel()
	findings := example.CheckBug(t, "./buggy")
	handler := examplecheck.LineOf(t, "buggy/chat.go", "n.lines[from] = append(")
	examplecheck.ExpectFinding(t, findings, "buggy/chat.go", handler, "the stream handler writes buggy.Node.lines",
		"writes confined buggy.Node.lines off the owner", "network.StreamHandler")
	notify := examplecheck.LineOf(t, "buggy/chat.go", "n.peers++")
	t.Run("notifiee", func(t *testing.T) {
		f, ok := examplecheck.At(findings, "buggy/chat.go", notify)
		if !ok {
			t.Fatalf("chat.go:%d: want a finding for the func stored in NotifyBundle.ConnectedF, which NotifyBundle.Connected (an offowner Notifiee) calls", notify)
		}
		if !strings.Contains(f.Msg, "writes confined buggy.Node.peers off the owner") {
			t.Errorf("chat.go:%d: want a finding that ConnectedF writes buggy.Node.peers; got %q", notify, f.Msg)
		}
	})
	examplecheck.ExpectOnly(t, findings, "buggy/chat.go", handler, notify)
}

// TestCommon runs the checks every example makes (Example.RunCommon in
// internal/examplecheck). The fix it checks: the fixed handlers send to the
// node's loop.
func TestCommon(t *testing.T) {
	t.Parallel()
	example.RunCommon(t)
}
