package vault

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"example.com/corpus/trial-fw22q/internal/breach"
)

// View implements tea.Model.
func (m *Browser) View() tea.View {
	var b strings.Builder
	switch m.mode {
	case modeLocked:
		m.viewLocked(&b)
	case modeDetail:
		m.viewDetail(&b)
	default:
		m.viewList(&b)
	}
	if m.status != "" {
		fmt.Fprintf(&b, "\n%s", m.status)
	}
	v := tea.NewView(b.String())
	v.AltScreen = true
	v.WindowTitle = "vault"
	return v
}

func (m *Browser) viewLocked(b *strings.Builder) {
	b.WriteString("🔒 Vault is locked\n\n")
	fmt.Fprintf(b, "Passphrase: %s\n", strings.Repeat("•", len(m.pass)))
}

func (m *Browser) viewList(b *strings.Builder) {
	title := fmt.Sprintf("Vault — %d entries", len(m.visible))
	if m.filter != "" || m.mode == modeFilter {
		title += fmt.Sprintf("  /%s", m.filter)
	}
	if s := m.sync.String(); s != "" {
		title += "  [" + s + "]"
	}
	if m.push.running {
		title += fmt.Sprintf("  [pushing %d/%d]", m.push.done, m.push.total)
	}
	b.WriteString(title + "\n\n")
	end := min(m.offset+m.opts.Rows, len(m.visible))
	for i := m.offset; i < end; i++ {
		e := m.visible[i]
		cursor := "  "
		if i == m.cursor {
			cursor = "> "
		}
		fmt.Fprintf(b, "%s%-24s %-20s %s\n", cursor, truncate(e.Title, 24), truncate(e.Username, 20), auditBadge(e.Audit))
	}
	if len(m.visible) == 0 {
		b.WriteString("  (no matches)\n")
	}
	if m.generated != "" {
		fmt.Fprintf(b, "\nnew password: %s (%s)\n", m.generated, m.genScore)
	}
}

func (m *Browser) viewDetail(b *strings.Builder) {
	e := m.current()
	if e == nil {
		return
	}
	pw := strings.Repeat("•", 12)
	if m.reveal {
		pw = e.Password
	}
	fmt.Fprintf(b, "%s\n\n", e.Title)
	fmt.Fprintf(b, "username  %s\n", e.Username)
	fmt.Fprintf(b, "password  %s\n", pw)
	if e.URL != "" {
		fmt.Fprintf(b, "url       %s\n", e.URL)
	}
	if len(e.Tags) > 0 {
		fmt.Fprintf(b, "tags      %s\n", strings.Join(e.Tags, ", "))
	}
	fmt.Fprintf(b, "updated   %s\n", e.Updated.Format("2006-01-02"))
	if badge := auditBadge(e.Audit); badge != "" {
		fmt.Fprintf(b, "audit     %s\n", badge)
	}
	b.WriteString("\n[c] copy password  [u] copy username  [r] reveal  [esc] back\n")
}

func auditBadge(r breach.Report) string {
	if r.Checked.IsZero() {
		return ""
	}
	if r.Breaches > 0 {
		return fmt.Sprintf("⚠ breached %d×", r.Breaches)
	}
	return r.Strength.String()
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
