package gitwatch

import (
	"fmt"
	"strings"

	"example.com/corpus/trial-fw21p/internal/gitstat"
)

const maxRows = 20

// View implements tea.Model.
func (m Model) View() string {
	if m.quitting {
		return ""
	}
	var b strings.Builder
	b.WriteString(m.header())
	b.WriteByte('\n')
	b.WriteString(summaryLine(m.repo.tree.Summarize()))
	b.WriteString("\n\n")
	m.renderList(&b)
	if s := m.bar.render(); s != "" {
		b.WriteString("\n")
		b.WriteString(s)
	}
	b.WriteString("\n")
	b.WriteString(m.footer())
	return b.String()
}

func (m Model) header() string {
	r := m.repo
	head := r.branch.Describe()
	if head == "" {
		head = "(unknown branch)"
	}
	if r.loading {
		head += "  ⟳"
	}
	return truncate(r.root+"  "+head, m.width)
}

func summaryLine(s gitstat.Summary) string {
	if s.Clean() {
		return "working tree clean"
	}
	parts := make([]string, 0, 4)
	if s.Conflicted > 0 {
		parts = append(parts, fmt.Sprintf("%d conflicted", s.Conflicted))
	}
	if s.Staged > 0 {
		parts = append(parts, fmt.Sprintf("%d staged", s.Staged))
	}
	if s.Unstaged > 0 {
		parts = append(parts, fmt.Sprintf("%d modified", s.Unstaged))
	}
	if s.Untracked > 0 {
		parts = append(parts, fmt.Sprintf("%d untracked", s.Untracked))
	}
	return strings.Join(parts, ", ")
}

func (m Model) renderList(b *strings.Builder) {
	paths := m.repo.paths
	start := 0
	if m.cursor >= maxRows {
		start = m.cursor - maxRows + 1
	}
	for i := start; i < len(paths) && i < start+maxRows; i++ {
		e, ok := m.repo.tree.Get(paths[i])
		if !ok {
			continue
		}
		marker := "  "
		if i == m.cursor {
			marker = "> "
		}
		b.WriteString(truncate(marker+e.String(), m.width))
		b.WriteByte('\n')
	}
	if hidden := len(paths) - maxRows; hidden > 0 {
		fmt.Fprintf(b, "  … %d more\n", hidden)
	}
}

func (m Model) footer() string {
	parts := []string{"r refresh", "s stage", "A stage all", "i ignore dir", "f fetch", "q quit"}
	line := strings.Join(parts, " · ")
	if n := m.repo.pending; n > 0 {
		line = fmt.Sprintf("%d change(s) pending · %s", n, line)
	}
	if seen := m.stats.seen.Load(); seen > 0 {
		line += fmt.Sprintf(" · %d events (%d ignored)", seen, m.stats.dropped.Load())
	}
	return line
}

func truncate(s string, width int) string {
	if width <= 1 || len([]rune(s)) <= width {
		return s
	}
	r := []rune(s)
	return string(r[:width-1]) + "…"
}
