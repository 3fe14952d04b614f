// Package fixed is package buggy's counter with the refresh fixed: the Cmd
// only fetches, and returns what it got in a Msg; Update, on the event loop,
// stores it.
package fixed

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

// A refreshedMsg carries what the refresh got.
type refreshedMsg struct{ n int }

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
			fetch := m.fetch
			return m, func() tea.Msg { return refreshedMsg{fetch()} }
		}
		m.count++
	case refreshedMsg:
		m.fetched = msg.n // FIX: the event loop stores what the Cmd got
		return m, tea.Quit
	}
	return m, nil
}

// View shows the counters.
func (m *Model) View() string { return fmt.Sprintf("count %d, fetched %d\n", m.count, m.fetched) }

// Fetched is what the last refresh got.
func (m *Model) Fetched() int { return m.fetched }
