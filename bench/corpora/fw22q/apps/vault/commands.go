package vault

import (
	"context"
	"crypto/rand"
	"math/big"
	"time"

	tea "charm.land/bubbletea/v2"

	"example.com/corpus/trial-fw22q/internal/breach"
)

type unlockedMsg struct {
	vault *Vault
	err   error
}

type copiedMsg struct {
	what, title string
	seq         int
	err         error
}

type clipExpiredMsg struct{ seq int }

type clipClearedMsg struct{ err error }

type auditDoneMsg struct {
	checked, breached int
	err               error
}

type syncDoneMsg struct {
	entries []Entry
	err     error
}

type pushProgressMsg struct{ done, total int }

type pushDoneMsg struct{ err error }

type generatedMsg struct {
	password string
	strength breach.Strength
}

func unlockCmd(s *Sealed, pass string) tea.Cmd {
	return func() tea.Msg {
		v, err := Open(s, pass)
		return unlockedMsg{vault: v, err: err}
	}
}

func copyCmd(clip Clipboard, what, title, secret string, seq int) tea.Cmd {
	return func() tea.Msg {
		err := clip.WriteText(secret)
		return copiedMsg{what: what, title: title, seq: seq, err: err}
	}
}

func clearClipboardCmd(clip Clipboard) tea.Cmd {
	return func() tea.Msg {
		return clipClearedMsg{err: clip.WriteText("")}
	}
}

func auditCmd(r breach.Ranger, entries []*Entry) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		breached := 0
		for _, e := range entries {
			rep, err := breach.Audit(ctx, r, e.Password)
			if err != nil {
				return auditDoneMsg{err: err}
			}
			e.Audit = rep // RACY
			if rep.Breaches > 0 {
				breached++
			}
		}
		return auditDoneMsg{checked: len(entries), breached: breached}
	}
}

func (m *Browser) syncCmd(remote Remote, pages int) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		var all []Entry
		for p := 0; p < pages; p++ {
			page, err := remote.Pull(ctx, p)
			if err != nil {
				return syncDoneMsg{err: err}
			}
			all = append(all, page...)
			m.sync.advance(1)
		}
		return syncDoneMsg{entries: all}
	}
}

func pushCmd(remote Remote, entries []Entry, to Sender) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		for i, e := range entries {
			if err := remote.Push(ctx, e); err != nil {
				return pushDoneMsg{err: err}
			}
			to.Send(pushProgressMsg{done: i + 1, total: len(entries)})
		}
		return pushDoneMsg{}
	}
}

const passwordAlphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789-_.!#%+="

func generateCmd(length int) tea.Cmd {
	return func() tea.Msg {
		b := make([]byte, length)
		max := big.NewInt(int64(len(passwordAlphabet)))
		for i := range b {
			n, err := rand.Int(rand.Reader, max)
			if err != nil {
				panic(err)
			}
			b[i] = passwordAlphabet[n.Int64()]
		}
		pw := string(b)
		return generatedMsg{password: pw, strength: breach.Score(pw)}
	}
}
