// Package teatest stands in for Bubble Tea's test library, in small: a
// TestModel runs a program of the model on a goroutine of its own, and its
// waits return once the program is over (or fail the test on a timeout).
package teatest

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

type TestModel struct {
	program *tea.Program
	doneCh  chan bool
}

func NewTestModel(tb testing.TB, m tea.Model) *TestModel {
	tm := &TestModel{doneCh: make(chan bool, 1)}
	tm.program = tea.NewProgram(m)
	go func() {
		if _, err := tm.program.Run(); err != nil {
			tb.Errorf("app failed: %s", err)
		}
		tm.doneCh <- true
	}()
	return tm
}

func (tm *TestModel) Send(m tea.Msg) { tm.program.Send(m) }

func (tm *TestModel) Quit() { tm.program.Quit() }

func (tm *TestModel) WaitFinished(tb testing.TB, timeout time.Duration) {
	select {
	case <-tm.doneCh:
	case <-time.After(timeout):
		tb.Fatalf("timeout after %s", timeout)
	}
}

func (tm *TestModel) FinalModel(tb testing.TB, timeout time.Duration) tea.Model {
	tm.WaitFinished(tb, timeout)
	return nil
}
