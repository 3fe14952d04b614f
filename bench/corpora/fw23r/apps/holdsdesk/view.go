package holdsdesk

import (
	"fmt"
	"strings"
)

// View implements tea.Model.
func (m Model) View() string {
	var b strings.Builder
	b.WriteString("HOLDS DESK\n\n")
	holds := m.desk.Holds()
	if len(holds) == 0 {
		b.WriteString("  No holds.\n")
	}
	for i, h := range holds {
		cursor := "  "
		if i == m.cursor {
			cursor = "> "
		}
		t, _ := m.desk.Title(h.ISBN)
		p, _ := m.desk.Patron(h.PatronID)
		line := fmt.Sprintf("%s%-6s %-24.24s %-18.18s %-9s", cursor, h.ID, t.Name, p.Name, h.Status)
		switch {
		case h.Status == Waiting:
			line += fmt.Sprintf(" #%d in queue", m.desk.Position(h))
		case h.Status == Ready && !h.NotifiedAt.IsZero():
			line += " emailed " + h.NotifiedAt.Format("15:04")
		case h.Status == Ready:
			line += " pick up by " + h.PickupBy.Format("Mon 2 Jan")
		}
		b.WriteString(line + "\n")
	}
	if recent := m.desk.Returns().Recent(3); len(recent) > 0 {
		b.WriteString("\nReturns chute:")
		for _, s := range recent {
			b.WriteString(" " + s.Barcode + "@" + s.At.Format("15:04"))
		}
		b.WriteString("\n")
	}
	if m.mode == placingHold {
		b.WriteString("\nNew hold (patron isbn): " + m.input + "█\n")
	}
	b.WriteString("\n" + m.status + "\n")
	b.WriteString("h hold · c collected · r remind · e export · ctrl+s save · q quit\n")
	return b.String()
}
