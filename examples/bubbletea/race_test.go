package bubbletea_test

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/confinecheck/confinecheck/examples/bubbletea/buggy"
	"github.com/confinecheck/confinecheck/examples/bubbletea/fixed"
)

// A counter is what the test needs of either model.
type counter interface {
	tea.Model
	Fetched() int
}

var counters = map[string]func(fetch func() int) counter{
	"buggy": func(fetch func() int) counter { return buggy.New(fetch) },
	"fixed": func(fetch func() int) counter { return fixed.New(fetch) },
}

// drivenRefresh runs a program headless (input from a pipe, no renderer, no
// signal handler) and presses "r": Update returns the refresh Cmd and the
// event loop calls View; the program runs the Cmd on a goroutine of its own,
// which the loop's View is not ordered with. The buggy Cmd writes the
// model's fetched field, which View reads: the race detector reports it on
// every run, whatever the timing. The fixed Cmd only returns a Msg.
func drivenRefresh(mode string) error {
	newCounter, ok := counters[mode]
	if !ok {
		return fmt.Errorf("no counter %q", mode)
	}
	m := newCounter(func() int { return 42 })
	in, keys := io.Pipe()
	p := tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(io.Discard), tea.WithoutRenderer(), tea.WithoutSignalHandler())
	go func() {
		keys.Write([]byte("r")) //nolint:errcheck // the program reads it, or has ended
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	go func() {
		<-ctx.Done()
		p.Kill()
	}()
	final, err := p.Run()
	keys.Close()
	if err != nil {
		return err
	}
	if got := final.(counter).Fetched(); got != 42 {
		return fmt.Errorf("fetched %d, want 42", got)
	}
	return nil
}

// racyRefresh matches a race report between the buggy refresh Cmd and the
// event loop's View.
var racyRefresh = regexp.MustCompile(`(?s)buggy\.\(\*Model\)\.refresh\(\).*buggy\.\(\*Model\)\.View\(\)|buggy\.\(\*Model\)\.View\(\).*buggy\.\(\*Model\)\.refresh\(\)`)

// TestRaceDetectorCatchesTheBug: what confinecheck reports statically, the
// race detector reports when the buggy refresh runs.
func TestRaceDetectorCatchesTheBug(t *testing.T) {
	t.Parallel()
	example.ExpectRace(t, "buggy", racyRefresh, "between the refresh Cmd and View")
}

// TestRaceDetectorPassesTheFix runs the fixed refresh: no race, and the
// model has what the Cmd fetched.
func TestRaceDetectorPassesTheFix(t *testing.T) {
	t.Parallel()
	example.ExpectNoRace(t, "fixed", "counter")
}
