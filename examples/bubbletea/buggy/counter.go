// Package buggy is a Bubble Tea counter whose refresh Cmd updates the model
// itself: the Cmd runs on a goroutine of the program's, while the event loop
// reads the model in Update and View. confinecheck reports the write (see
// ../checker_test.go); the race detector catches it too (../race_test.go).
package buggy

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
)

// Model is the counter. It belongs to the program's event loop.
//
//confined:owner
type Model struct {
	count   int
	fetched int
	fetch   func() int // where the refresh gets its number
}

// New returns a counter whose refresh asks fetch.
func New(fetch func() int) *Model { return &Model{fetch: fetch} }

// A refreshedMsg says that the refresh is done.
type refreshedMsg struct{}

// Init starts nothing.
func (m *Model) Init() tea.Cmd { return nil }

// Update counts key presses and starts a refresh on "r".
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		switch msg.String() {
		case "q":
			return m, tea.Quit
		case "r":
			return m, m.refresh
		}
		m.count++
	case refreshedMsg:
		return m, tea.Quit
	}
	return m, nil
}

// refresh is a Cmd: the program runs it on a goroutine of its own.
func (m *Model) refresh() tea.Msg {
	m.fetched = m.fetch() // BUG: writes the model off the event loop
	return refreshedMsg{}
}

// View shows the counters.
func (m *Model) View() string { return fmt.Sprintf("count %d, fetched %d\n", m.count, m.fetched) }

// Fetched is what the last refresh got.
func (m *Model) Fetched() int { return m.fetched }
