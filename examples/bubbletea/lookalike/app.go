// Package lookalike is a Bubble Tea app as its author would write it, with
// only the model marked //confined:owner: racy shapes (marked "// racy:"
// with a fragment of the finding) and safe ones (unmarked). checker_test.go
// checks that confinecheck, with declarations/bubbletea.conf, reports
// exactly the marked lines.
package lookalike

import (
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

//confined:owner
type model struct {
	items   []string
	status  string
	ticks   int
	loading bool
	prog    *tea.Program
}

type itemsMsg []string
type tickMsg time.Time
type statusMsg string

func load() []string { return []string{"a", "b"} }

func (m *model) Init() tea.Cmd {
	return tea.Batch(loadItems, tick())
}

// loadItems is a Cmd that touches nothing of the model: safe.
func loadItems() tea.Msg { return itemsMsg(load()) }

func tick() tea.Cmd {
	return tea.Tick(time.Second, func(t time.Time) tea.Msg { return tickMsg(t) })
}

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case itemsMsg:
		m.items = msg
		m.loading = false
	case tickMsg:
		m.ticks++
		return m, tick()
	case statusMsg:
		m.status = string(msg)
	case tea.KeyMsg:
		switch msg.String() {
		case "r":
			m.loading = true
			// A Cmd closure over the pointer model.
			return m, func() tea.Msg {
				m.items = load() // racy: writes confined lookalike.model.items
				return nil
			}
		case "b":
			return m, tea.Batch(
				func() tea.Msg { return itemsMsg(load()) },
				func() tea.Msg {
					m.status = "batched" // racy: writes confined lookalike.model.status
					return nil
				},
			)
		case "s":
			return m, tea.Sequence(m.save, tea.Quit)
		case "g":
			go func() {
				m.status = "loading" // racy: writes confined lookalike.model.status
			}()
			// Program.Send from a goroutine: safe.
			go func(p *tea.Program) {
				p.Send(statusMsg("sent"))
			}(m.prog)
		case "t":
			time.AfterFunc(time.Second, func() {
				m.ticks = 0 // racy: writes confined lookalike.model.ticks
			})
			p := m.prog
			time.AfterFunc(time.Second, func() { p.Send(statusMsg("later")) })
		case "h":
			go m.reset()
		case "e":
			return m, tea.Tick(time.Second, func(time.Time) tea.Msg {
				m.ticks++ // racy: writes confined lookalike.model.ticks
				return nil
			})
		case "c":
			// A Cmd that captures a copy made on the loop: safe.
			items := append([]string(nil), m.items...)
			return m, func() tea.Msg { return statusMsg(strings.Join(items, ",")) }
		}
	}
	return m, nil
}

// save is a method used as a Cmd.
func (m *model) save() tea.Msg {
	m.status = "saved" // racy: calls confined (*lookalike.model).save
	return nil
}

// reset is a helper that touches the model.
func (m *model) reset() {
	m.items = nil // racy: calls confined (*lookalike.model).reset
	m.status = "" // racy: calls confined (*lookalike.model).reset
}

func (m *model) View() string {
	if m.loading {
		return "loading"
	}
	return strings.Join(m.items, "\n") + m.status
}

// Run starts the program.
func Run() error {
	m := &model{}
	p := tea.NewProgram(m)
	m.prog = p
	_, err := p.Run()
	return err
}
