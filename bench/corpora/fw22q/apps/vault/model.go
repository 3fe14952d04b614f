package vault

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"example.com/corpus/trial-fw22q/internal/breach"
)

// Sender delivers messages to the running program; *tea.Program is one.
type Sender interface {
	Send(tea.Msg)
}

// Options configure the browser.
type Options struct {
	Sealed       *Sealed
	Clipboard    Clipboard
	ClipboardTTL time.Duration
	IdleLock     time.Duration
	Corpus       breach.Ranger
	Remote       Remote
	Rows         int
	Clock        func() time.Time
}

type mode int

const (
	modeLocked mode = iota
	modeBrowse
	modeFilter
	modeDetail
)

type pushState struct {
	running     bool
	done, total int
}

// Browser is the Bubble Tea model of the vault browser.
type Browser struct {
	opts   Options
	sender Sender

	vault     *Vault
	mode      mode
	pass      []rune
	unlocking bool
	filter    string
	visible   []*Entry
	cursor    int
	offset    int
	reveal    bool
	status    string
	clipSeq   int
	lockTimer *time.Timer
	auditing  bool
	sync      syncState
	push      pushState
	generated string
	genScore  breach.Strength
	width     int
	height    int
}

// New creates a locked browser for the sealed vault.
func New(opts Options) *Browser {
	if opts.Clipboard == nil {
		opts.Clipboard = NewMemoryClipboard(0)
	}
	if opts.ClipboardTTL <= 0 {
		opts.ClipboardTTL = 20 * time.Second
	}
	if opts.Rows <= 0 {
		opts.Rows = 10
	}
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	return &Browser{opts: opts, mode: modeLocked}
}

// SetSender connects the browser to its program for progress updates from
// background uploads.
func (m *Browser) SetSender(s Sender) { m.sender = s }

// Init implements tea.Model.
func (m *Browser) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (m *Browser) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		if msg.Height > 6 {
			m.opts.Rows = msg.Height - 6
		}
	case tea.KeyPressMsg:
		return m, m.handleKey(msg)
	case unlockedMsg:
		m.onUnlocked(msg)
	case copiedMsg:
		return m, m.onCopied(msg)
	case clipExpiredMsg:
		if msg.seq == m.clipSeq {
			return m, clearClipboardCmd(m.opts.Clipboard)
		}
	case clipClearedMsg:
		if msg.err == nil {
			m.setStatus("clipboard cleared")
		}
	case auditDoneMsg:
		m.auditing = false
		if msg.err != nil {
			m.setStatus("audit failed: " + msg.err.Error())
		} else {
			m.setStatus(fmt.Sprintf("audited %d entries, %d breached", msg.checked, msg.breached))
		}
	case syncDoneMsg:
		m.onSynced(msg)
	case pushProgressMsg:
		m.push.done, m.push.total = msg.done, msg.total
	case pushDoneMsg:
		m.push.running = false
		if msg.err != nil {
			m.setStatus("push failed: " + msg.err.Error())
		} else {
			m.setStatus(fmt.Sprintf("pushed %d entries", m.push.total))
		}
	case generatedMsg:
		m.generated, m.genScore = msg.password, msg.strength
		m.setStatus(fmt.Sprintf("generated %s password", msg.strength))
	}
	return m, nil
}

func (m *Browser) setStatus(s string) { m.status = s }

func (m *Browser) onUnlocked(msg unlockedMsg) {
	m.unlocking = false
	clear(m.pass)
	m.pass = m.pass[:0]
	if msg.err != nil {
		m.setStatus(msg.err.Error())
		return
	}
	m.vault = msg.vault
	m.mode = modeBrowse
	m.filter, m.cursor, m.offset = "", 0, 0
	m.refilter()
	m.armAutoLock()
	m.setStatus(fmt.Sprintf("%d entries", m.vault.Len()))
}

func (m *Browser) refilter() {
	m.visible = m.vault.Filter(m.filter)
	if m.cursor >= len(m.visible) {
		m.cursor = max(len(m.visible)-1, 0)
	}
	m.scroll()
}

func (m *Browser) scroll() {
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+m.opts.Rows {
		m.offset = m.cursor - m.opts.Rows + 1
	}
}

func (m *Browser) current() *Entry {
	if m.cursor < 0 || m.cursor >= len(m.visible) {
		return nil
	}
	return m.visible[m.cursor]
}

func (m *Browser) armAutoLock() {
	if m.opts.IdleLock <= 0 {
		return
	}
	if m.lockTimer != nil {
		m.lockTimer.Stop()
	}
	m.lockTimer = time.AfterFunc(m.opts.IdleLock, m.vault.Lock)
}

func (m *Browser) touch() {
	if m.lockTimer != nil {
		m.lockTimer.Reset(m.opts.IdleLock)
	}
}

func (m *Browser) lockNow(reason string) {
	if m.vault != nil {
		m.vault.Lock()
	}
	m.lockedOut(reason)
}

// lockedOut returns to the passphrase prompt after the vault was wiped.
func (m *Browser) lockedOut(reason string) {
	if m.lockTimer != nil {
		m.lockTimer.Stop()
		m.lockTimer = nil
	}
	m.vault, m.visible = nil, nil
	m.mode = modeLocked
	m.reveal = false
	m.setStatus(reason)
}

func (m *Browser) onCopied(msg copiedMsg) tea.Cmd {
	if msg.err != nil {
		m.setStatus("copy failed: " + msg.err.Error())
		return nil
	}
	m.setStatus(fmt.Sprintf("copied %s of %s (clears in %s)", msg.what, msg.title, m.opts.ClipboardTTL))
	seq := msg.seq
	return tea.Tick(m.opts.ClipboardTTL, func(time.Time) tea.Msg { return clipExpiredMsg{seq: seq} })
}

func (m *Browser) onSynced(msg syncDoneMsg) {
	m.sync.finish()
	if msg.err != nil {
		m.setStatus("sync failed: " + msg.err.Error())
		return
	}
	if m.vault.Locked() {
		return
	}
	n := m.vault.Merge(msg.entries)
	m.refilter()
	m.setStatus(fmt.Sprintf("synced, %d changed", n))
}

func (m *Browser) startSync() tea.Cmd {
	if m.opts.Remote == nil || m.sync.running {
		return nil
	}
	remote := m.opts.Remote
	pages, err := remote.Pages(context.Background())
	if err != nil {
		m.setStatus("sync failed: " + err.Error())
		return nil
	}
	m.sync.begin(pages, m.opts.Clock())
	return m.syncCmd(remote, pages)
}

func (m *Browser) startPush() tea.Cmd {
	if m.opts.Remote == nil || m.push.running || m.sender == nil {
		return nil
	}
	entries := m.vault.Snapshot()
	m.push = pushState{running: true, total: len(entries)}
	return pushCmd(m.opts.Remote, entries, m.sender)
}

func (m *Browser) startAudit() tea.Cmd {
	if m.opts.Corpus == nil || m.auditing {
		return nil
	}
	m.auditing = true
	m.setStatus("auditing…")
	return auditCmd(m.opts.Corpus, m.vault.Filter(""))
}
