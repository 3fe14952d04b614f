// Package buggy is a Bubble Tea v2 app that fetches a number and, when the
// fetch fails, retries after a delay with time.AfterFunc: the timer's func
// counts the retry in the model on the timer's goroutine, while the event
// loop renders the model. The model carries no directive: the built-in
// bubbletea2 pack says that Update and View are turns of the event loop,
// which confines the model to it (see ../checker_test.go); the race detector
// catches the write too (../race_test.go).
package buggy

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
	prog    *tea.Program        // the program running the model, for the timer to send to
	retries int
	value   int
	err     error
}

// New returns a model that fetches with fetch, waiting delay before each
// retry.
func New(fetch func() (int, error), delay time.Duration) *Model {
	return &Model{fetch: fetch, delay: delay}
}

// Attach gives the model the program that runs it, before it runs.
func (m *Model) Attach(p *tea.Program) { m.prog = p }

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
			p := m.prog
			time.AfterFunc(m.delay, func() {
				m.retries++ // BUG: the timer's goroutine writes the model
				p.Send(retryMsg{})
			})
			return m, nil
		}
		m.value, m.err = msg.n, nil
		return m, tea.Quit
	case retryMsg:
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
