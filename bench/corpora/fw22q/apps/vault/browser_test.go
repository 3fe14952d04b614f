package vault

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"example.com/corpus/trial-fw22q/internal/breach"
)

func TestUnlockFilterAndCopy(t *testing.T) {
	clip := NewMemoryClipboard(time.Millisecond)
	h := startBrowser(t, Options{Sealed: sealedFixture(t), Clipboard: clip, ClipboardTTL: 10 * time.Millisecond})

	if msg := h.unlock("nope"); msg.err == nil {
		t.Fatal("wrong passphrase unlocked the vault")
	}
	if msg := h.unlock(testPass); msg.err != nil {
		t.Fatal(msg.err)
	}
	h.typeText("/git")
	h.press(tea.KeyEnter)
	h.press(tea.KeyDown)
	h.press(tea.KeyEnter)
	h.typeText("c")
	copied := waitFor[copiedMsg](h)
	if copied.title != "GitHub" || copied.err != nil {
		t.Fatalf("copied = %+v", copied)
	}
	if got, _ := clip.ReadText(); got != "x7$Kp!2mQz#9vL@4wR&8nT^1" {
		t.Errorf("clipboard = %q", got)
	}
	waitFor[clipClearedMsg](h)
	if got, _ := clip.ReadText(); got != "" {
		t.Errorf("clipboard after ttl = %q", got)
	}
	m := h.quit()
	if m.mode != modeDetail || len(m.visible) != 2 {
		t.Errorf("mode = %v, visible = %d", m.mode, len(m.visible))
	}
	if !strings.Contains(m.View().Content, "username  octo") {
		t.Errorf("view:\n%s", m.View().Content)
	}
}

func TestPushReportsProgress(t *testing.T) {
	remote := NewMemoryRemote(nil, 5, 2*time.Millisecond)
	h := startBrowser(t, Options{Sealed: sealedFixture(t), Remote: remote})
	if msg := h.unlock(testPass); msg.err != nil {
		t.Fatal(msg.err)
	}
	h.typeText("p")
	h.browse(10, time.Millisecond)
	if done := waitFor[pushDoneMsg](h); done.err != nil {
		t.Fatal(done.err)
	}
	m := h.quit()
	if m.push.done != 8 || m.push.total != 8 || m.status != "pushed 8 entries" {
		t.Errorf("push = %+v, status = %q", m.push, m.status)
	}
	if got := remote.Pushed(); len(got) != 8 {
		t.Errorf("remote got %d entries", len(got))
	}
}

func TestGeneratePassword(t *testing.T) {
	h := startBrowser(t, Options{Sealed: sealedFixture(t)})
	if msg := h.unlock(testPass); msg.err != nil {
		t.Fatal(msg.err)
	}
	h.typeText("n")
	gen := waitFor[generatedMsg](h)
	m := h.quit()
	if len(gen.password) != 20 || m.generated != gen.password {
		t.Fatalf("generated %q, model has %q", gen.password, m.generated)
	}
	if !strings.Contains(m.View().Content, "new password: "+gen.password) {
		t.Errorf("view:\n%s", m.View().Content)
	}
}

func TestBrowseKeysDirectly(t *testing.T) {
	m := New(Options{Sealed: sealedFixture(t), Rows: 3})
	send := func(msgs ...tea.Msg) {
		for _, msg := range msgs {
			_, cmd := m.Update(msg)
			if cmd != nil {
				if next := cmd(); next != nil {
					m.Update(next)
				}
			}
		}
	}
	for _, r := range testPass {
		send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	send(tea.KeyPressMsg{Code: tea.KeyEnter})
	if m.mode != modeBrowse {
		t.Fatalf("mode = %v, status = %q", m.mode, m.status)
	}
	send(tea.KeyPressMsg{Code: 'G', Text: "G"})
	if m.cursor != 7 || m.offset != 5 {
		t.Errorf("cursor = %d, offset = %d", m.cursor, m.offset)
	}
	send(tea.KeyPressMsg{Code: 'L', Text: "L"})
	if m.mode != modeLocked || m.vault != nil {
		t.Error("L did not lock")
	}
}

func TestAutoLockAfterIdle(t *testing.T) {
	h := startBrowser(t, Options{Sealed: sealedFixture(t), IdleLock: 15 * time.Millisecond})
	if msg := h.unlock(testPass); msg.err != nil {
		t.Fatal(msg.err)
	}
	h.browse(5, 2*time.Millisecond)
	time.Sleep(40 * time.Millisecond)
	h.browse(10, 2*time.Millisecond)

	m := h.quit()
	if m.mode != modeLocked || m.status != "locked after inactivity" {
		t.Errorf("mode = %v, status = %q", m.mode, m.status)
	}
}

func TestAuditWhileBrowsing(t *testing.T) {
	corpus := breach.NewCorpus(map[string]int{"hunter2": 17043, "letmein": 9000, "netflix123": 120}, 3*time.Millisecond)
	h := startBrowser(t, Options{Sealed: sealedFixture(t), Corpus: corpus})
	if msg := h.unlock(testPass); msg.err != nil {
		t.Fatal(msg.err)
	}
	h.typeText("a")
	h.browse(15, 2*time.Millisecond)
	done := waitFor[auditDoneMsg](h)
	m := h.quit()

	if done.checked != 8 || done.breached != 3 {
		t.Errorf("audit = %+v", done)
	}
	view := m.View().Content
	if !strings.Contains(view, "breached 17043×") || !strings.Contains(view, "very strong") {
		t.Errorf("view:\n%s", view)
	}
}

func TestSyncShowsProgress(t *testing.T) {
	remoteEntries := fixtureEntries()
	remoteEntries[2].Password = "rotated-Pass-2024"
	remoteEntries[2].Updated = day.Add(time.Hour)
	remoteEntries = append(remoteEntries, Entry{ID: "10", Title: "VPN", Username: "jdoe", Password: "vpn-Secret-77", Updated: day})
	remote := NewMemoryRemote(remoteEntries, 2, 4*time.Millisecond)
	h := startBrowser(t, Options{Sealed: sealedFixture(t), Remote: remote})
	if msg := h.unlock(testPass); msg.err != nil {
		t.Fatal(msg.err)
	}
	h.typeText("s")
	h.browse(12, 2*time.Millisecond)
	if done := waitFor[syncDoneMsg](h); done.err != nil {
		t.Fatal(done.err)
	}
	m := h.quit()
	if m.vault.Len() != 9 || m.status != "synced, 2 changed" {
		t.Errorf("entries = %d, status = %q", m.vault.Len(), m.status)
	}
}
