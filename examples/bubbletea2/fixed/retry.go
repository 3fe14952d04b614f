// Package fixed is package buggy's fetcher with the retry fixed the Bubble
// Tea way: Update returns a tea.Tick Cmd, which waits on a goroutine of the
// program's and returns a Msg; the event loop hands the Msg to Update, which
// counts the retry on the loop.
package fixed

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"
)

// Model is the fetcher's state. The program's event loop calls its Init,
// Update and View, one at a time.
type Model struct {
	fetch   func() (int, error) // where the number comes from
	delay   time.Duration       // how long to wait before a retry
	retries int
	value   int
	err     error
}

// New returns a model that fetches with fetch, waiting delay before each
// retry.
func New(fetch func() (int, error), delay time.Duration) *Model {
	return &Model{fetch: fetch, delay: delay}
}

// A fetchedMsg carries what a fetch got.
type fetchedMsg struct {
	n   int
	err error
}

// A retryMsg says that it is time to fetch again.
type retryMsg struct{}

// Init starts the first fetch.
func (m *Model) Init() tea.Cmd { return m.fetchCmd() }

// fetchCmd returns the Cmd that fetches. It captures the fetch func, so the
// Cmd, which runs on a goroutine of the program's, touches nothing of the
// model.
func (m *Model) fetchCmd() tea.Cmd {
	fetch := m.fetch
	return func() tea.Msg {
		n, err := fetch()
		return fetchedMsg{n, err}
	}
}

// Update stores what a fetch got, retries a failed fetch after the delay,
// and quits once it has a number (or on "q").
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case fetchedMsg:
		if msg.err != nil {
			m.err = msg.err
			// FIX: the Tick's func only makes the Msg; the retry is
			// counted when Update gets it, on the event loop.
			return m, tea.Tick(m.delay, func(time.Time) tea.Msg { return retryMsg{} })
		}
		m.value, m.err = msg.n, nil
		return m, tea.Quit
	case retryMsg:
		m.retries++
		return m, m.fetchCmd()
	case tea.KeyPressMsg:
		if msg.String() == "q" {
			return m, tea.Quit
		}
	}
	return m, nil
}

// View shows the number, the retries and the last error.
func (m *Model) View() tea.View {
	return tea.NewView(fmt.Sprintf("value %d, retries %d, error %v\n", m.value, m.retries, m.err))
}

// Value is the number fetched.
func (m *Model) Value() int { return m.value }

// Retries is how many times the fetch was retried.
func (m *Model) Retries() int { return m.retries }
