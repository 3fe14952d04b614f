package downloads

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"example.com/corpus/trial-fw21p/internal/transfer"
)

// View implements tea.Model.
func (m Model) View() tea.View {
	if m.quitting {
		return tea.NewView("")
	}
	var b strings.Builder
	active, done := 0, 0
	for _, j := range m.queue.jobs {
		switch j.state {
		case StateActive:
			active++
		case StateDone:
			done++
		}
	}
	fmt.Fprintf(&b, "Downloads  %d active · %d done · %s total", active, done, transfer.FormatBytes(m.total.Load()))
	if m.queue.paused {
		b.WriteString(" · queue paused")
	}
	b.WriteString("\n\n")
	for i, j := range m.queue.jobs {
		cursor := "  "
		if i == m.cursor {
			cursor = "> "
		}
		b.WriteString(cursor)
		b.WriteString(m.row(j))
		b.WriteByte('\n')
	}
	if len(m.queue.jobs) == 0 {
		b.WriteString("  nothing queued — POST a url to the control API\n")
	}
	if m.notice != "" {
		b.WriteString("\n! " + m.notice + "\n")
	}
	b.WriteString("\np pause · r resume · x remove · P pause queue · q quit")
	return tea.NewView(b.String())
}

func (m Model) row(j *Job) string {
	name := j.Dest
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	status := j.state.String()
	if j.stalled {
		status = "stalled"
	}
	if j.meter == nil {
		return fmt.Sprintf("%-28s %-11s", clip(name, 28), status)
	}
	frac := j.meter.Fraction()
	size := transfer.FormatBytes(j.meter.Done())
	if t := j.meter.Total(); t > 0 {
		size += " / " + transfer.FormatBytes(t)
	}
	line := fmt.Sprintf("%-28s %-11s %s %s", clip(name, 28), status, transfer.Bar(frac, 20), size)
	if j.state == StateActive {
		line += "  " + transfer.FormatRate(j.meter.Rate())
	}
	if j.err != nil {
		line += "  " + j.err.Error()
	}
	return line
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
