package vault

import (
	tea "charm.land/bubbletea/v2"
)

func (m *Browser) handleKey(k tea.KeyPressMsg) tea.Cmd {
	if k.String() == "ctrl+c" {
		return tea.Quit
	}
	if m.mode != modeLocked {
		if m.vault.Locked() {
			m.lockedOut("locked after inactivity")
			return nil
		}
		m.touch()
	}
	switch m.mode {
	case modeLocked:
		return m.keyLocked(k)
	case modeFilter:
		return m.keyFilter(k)
	case modeDetail:
		return m.keyDetail(k)
	}
	return m.keyBrowse(k)
}

func (m *Browser) keyLocked(k tea.KeyPressMsg) tea.Cmd {
	if m.unlocking {
		return nil
	}
	switch k.Code {
	case tea.KeyEnter:
		if len(m.pass) == 0 || m.opts.Sealed == nil {
			return nil
		}
		m.unlocking = true
		m.setStatus("unlocking…")
		return unlockCmd(m.opts.Sealed, string(m.pass))
	case tea.KeyBackspace:
		if len(m.pass) > 0 {
			m.pass = m.pass[:len(m.pass)-1]
		}
	case tea.KeyEscape:
		clear(m.pass)
		m.pass = m.pass[:0]
	default:
		if k.Text != "" {
			m.pass = append(m.pass, []rune(k.Text)...)
		}
	}
	return nil
}

func (m *Browser) keyFilter(k tea.KeyPressMsg) tea.Cmd {
	switch k.Code {
	case tea.KeyEnter:
		m.mode = modeBrowse
	case tea.KeyEscape:
		m.filter = ""
		m.mode = modeBrowse
		m.refilter()
	case tea.KeyBackspace:
		if r := []rune(m.filter); len(r) > 0 {
			m.filter = string(r[:len(r)-1])
			m.refilter()
		}
	default:
		if k.Text != "" {
			m.filter += k.Text
			m.cursor = 0
			m.refilter()
		}
	}
	return nil
}

func (m *Browser) keyDetail(k tea.KeyPressMsg) tea.Cmd {
	switch k.String() {
	case "esc", "q":
		m.mode = modeBrowse
		m.reveal = false
	case "r":
		m.reveal = !m.reveal
	case "c":
		return m.copyCurrent("password")
	case "u":
		return m.copyCurrent("username")
	}
	return nil
}

func (m *Browser) keyBrowse(k tea.KeyPressMsg) tea.Cmd {
	switch k.String() {
	case "q":
		return tea.Quit
	case "up", "k":
		if m.cursor > 0 {
			m.cursor--
		}
		m.scroll()
	case "down", "j":
		if m.cursor < len(m.visible)-1 {
			m.cursor++
		}
		m.scroll()
	case "home", "g":
		m.cursor = 0
		m.scroll()
	case "end", "G":
		m.cursor = max(len(m.visible)-1, 0)
		m.scroll()
	case "enter":
		if m.current() != nil {
			m.mode = modeDetail
		}
	case "/":
		m.mode = modeFilter
	case "esc":
		m.filter = ""
		m.refilter()
	case "c":
		return m.copyCurrent("password")
	case "u":
		return m.copyCurrent("username")
	case "a":
		return m.startAudit()
	case "s":
		return m.startSync()
	case "p":
		return m.startPush()
	case "n":
		return generateCmd(20)
	case "L":
		m.lockNow("locked")
	}
	return nil
}

func (m *Browser) copyCurrent(what string) tea.Cmd {
	e := m.current()
	if e == nil {
		return nil
	}
	secret := e.Password
	if what == "username" {
		secret = e.Username
	}
	m.clipSeq++
	return copyCmd(m.opts.Clipboard, what, e.Title, secret, m.clipSeq)
}
