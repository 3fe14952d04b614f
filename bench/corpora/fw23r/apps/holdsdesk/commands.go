package holdsdesk

import (
	"context"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

func notifyPatronCmd(n Notifier, h *Hold, p Patron, t Title, timeout time.Duration) tea.Cmd {
	return func() tea.Msg {
		subject := "Your hold is ready: " + t.Name
		body := fmt.Sprintf("Dear %s,\n\n%s by %s is waiting for you at the holds desk.\nPlease collect it by %s.\n",
			p.Name, t.Name, t.Author, h.PickupBy.Format("Monday 2 January"))
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		h.NotifyAttempts++ // RACY
		err := n.Notify(ctx, p.Email, subject, body)
		return patronNotifiedMsg{holdID: h.ID, at: time.Now(), err: err}
	}
}

type reminder struct {
	Email    string
	Name     string
	Titles   []string
	PickupBy time.Time
}

func remindersCmd(n Notifier, rs []reminder, timeout time.Duration) tea.Cmd {
	if len(rs) == 0 {
		return func() tea.Msg { return remindersSentMsg{} }
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		sent := 0
		for _, r := range rs {
			body := fmt.Sprintf("Dear %s,\n\nReminder: %s will go back on the shelves after %s.\n",
				r.Name, strings.Join(r.Titles, ", "), r.PickupBy.Format("Monday 2 January"))
			if err := n.Notify(ctx, r.Email, "Holds waiting for you", body); err != nil {
				return remindersSentMsg{sent: sent, err: err}
			}
			sent++
		}
		return remindersSentMsg{sent: sent}
	}
}

func exportCmd(s Store, recs []Record, timeout time.Duration) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		err := s.Save(ctx, recs)
		return exportedMsg{count: len(recs), err: err}
	}
}

// persist writes the holds to the store.
func (m Model) persist() {
	ctx, cancel := context.WithTimeout(context.Background(), m.timeout)
	defer cancel()
	_ = m.store.Save(ctx, m.desk.Records())
}
