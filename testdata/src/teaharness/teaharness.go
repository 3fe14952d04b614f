// Package teaharness: a model handed to Bubble Tea's test library runs its
// turns on the library's goroutine, so the test goes on beside them until
// it waits for the program's end (WaitFinished, FinalModel). The library's
// own code touches nothing confined: what it does is known as data
// (known.HarnessMade), not from its body. Look-alikes: reads after the
// wait, and a model the harness was not handed.
package teaharness

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

type list struct{ cursor int }

func (l *list) Init() tea.Cmd { return nil } // want Init:`summary\(\)`

func (l *list) Update(msg tea.Msg) (tea.Model, tea.Cmd) { // want Update:`summary\(arg0 writes teaharness\.list\.cursor\)`
	l.cursor++
	return l, nil
}

func (l *list) View() string { return "" } // want View:`summary\(\)`

// Beside writes the cursor while the harness's program runs.
func Beside(t *testing.T) {
	l := &list{}
	tm := teatest.NewTestModel(t, l)
	tm.Send("j")
	l.cursor = 3 // want `writes confined teaharness.list.cursor off the owner`
	tm.Quit()
	tm.WaitFinished(t, time.Second)
}

// Look-alike: the cursor is read once the program is over.
func Finished(t *testing.T) int { // want Finished:`summary\(\)`
	l := &list{}
	tm := teatest.NewTestModel(t, l)
	tm.Send("j")
	tm.Quit()
	tm.FinalModel(t, time.Second)
	return l.cursor
}

// A helper handing its model to the harness starts it too, and the wait
// on the handle it returns is the harness's.
func newTestModel(t *testing.T, l *list) *teatest.TestModel {
	return teatest.NewTestModel(t, l)
}

func Helper(t *testing.T) int { // want Helper:`summary\(\)`
	l := &list{}
	tm := newTestModel(t, l)
	n := l.cursor // want `reads confined teaharness.list.cursor off the owner`
	tm.Quit()
	tm.WaitFinished(t, time.Second)
	return n + l.cursor
}

// Look-alike: a model the harness was not handed.
func Other(t *testing.T) int { // want Other:`summary\(\)`
	l, o := &list{}, &list{}
	tm := teatest.NewTestModel(t, o)
	defer tm.Quit()
	return l.cursor
}
