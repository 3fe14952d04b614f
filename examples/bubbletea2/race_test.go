package bubbletea2_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/confinecheck/confinecheck/examples/bubbletea2/buggy"
	"github.com/confinecheck/confinecheck/examples/bubbletea2/fixed"
	"github.com/confinecheck/confinecheck/examples/bubbletea2/lookalike"
	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// headless are the options that run a program without a terminal: no
// input, no renderer (View is still called after every Update), no signal
// handler, an empty environment.
func headless() []tea.ProgramOption {
	return []tea.ProgramOption{tea.WithInput(nil), tea.WithOutput(io.Discard), tea.WithoutRenderer(),
		tea.WithoutSignalHandler(), tea.WithEnvironment([]string{})}
}

// driven runs the scenario mode names (see main_test.go).
func driven(mode string) error {
	switch {
	case mode == "buggy" || mode == "fixed":
		return drivenRetry(mode)
	case mode == "lookalike:safe":
		return drivenKeys(safeKeys...)
	case strings.HasPrefix(mode, "lookalike:"):
		return drivenKeys(strings.TrimPrefix(mode, "lookalike:"))
	}
	return fmt.Errorf("no scenario %q", mode)
}

// run runs p, killing it after a while if it hangs, and returns its final
// model.
func run(p *tea.Program) (tea.Model, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	go func() {
		<-ctx.Done()
		p.Kill()
	}()
	return p.Run()
}

// A fetcher is what the retry scenario needs of either model.
type fetcher interface {
	tea.Model
	Value() int
	Retries() int
}

// drivenRetry runs the fetcher of package mode, headless, with a fetch that
// fails once: Update gets the failure, starts the retry's delay and returns,
// and the loop calls View, which reads the retries. The buggy timer then
// counts the retry on its own goroutine, with nothing ordering it after that
// View: the race detector reports the pair on every run, whichever comes
// first in time. The fixed retry counts it in Update.
func drivenRetry(mode string) error {
	var calls atomic.Int32
	fetch := func() (int, error) {
		if calls.Add(1) == 1 {
			return 0, errors.New("unavailable")
		}
		return 42, nil
	}
	var m fetcher
	if mode == "buggy" {
		m = buggy.New(fetch, time.Millisecond)
	} else {
		m = fixed.New(fetch, time.Millisecond)
	}
	p := tea.NewProgram(m, headless()...)
	if a, ok := m.(interface{ Attach(*tea.Program) }); ok {
		a.Attach(p)
	}
	final, err := run(p)
	if err != nil {
		return err
	}
	if got := final.(fetcher); got.Value() != 42 || got.Retries() != 1 {
		return fmt.Errorf("value %d after %d retries, want 42 after 1", got.Value(), got.Retries())
	}
	return nil
}

// safeKeys are the look-alike app's keys whose code only looks racy.
var safeKeys = []string{"c", "p", "l", "v", "a", "b"}

// drivenKeys runs the look-alike app headless and presses keys one at a
// time: each key's code ends in exactly one StatusMsg, which the test waits
// for (a filter on the event loop reports it) before the next key, and quits
// after the last. A racy key's code touches the model beside the View that
// follows the Update handling the key (nothing orders the two: the Cmd,
// timer or goroutine was handed its work before that View), and sends its
// StatusMsg only after the touch, so by the time the test sees it the race
// detector has seen both accesses, on every run, whichever came first.
//
// The deadline is a timer made before anything runs: a timer made later, by
// a test that has heard back from the loop, would carry that into the
// runtime's timer context of its P, which the race detector counts as
// ordering the timers fired there (tea.Tick's, time.AfterFunc's) after the
// loop's touch. (../cron/race_test.go's wait says more.)
func drivenKeys(keys ...string) error {
	deadline := time.After(10 * time.Second)
	statuses := make(chan string, 16)
	filter := func(_ tea.Model, msg tea.Msg) tea.Msg {
		if s, ok := msg.(lookalike.StatusMsg); ok {
			statuses <- string(s)
		}
		return msg
	}
	p := lookalike.New(append(headless(), tea.WithFilter(filter))...)
	done := make(chan error, 1)
	go func() {
		_, err := run(p)
		done <- err
	}()
	for _, k := range keys {
		p.Send(tea.KeyPressMsg{Code: rune(k[0]), Text: k})
		select {
		case <-statuses:
		case err := <-done:
			return fmt.Errorf("the program ended before key %q was handled: %v", k, err)
		case <-deadline:
			return fmt.Errorf("no StatusMsg after key %q", k)
		}
	}
	p.Quit()
	return <-done
}

// racyKeys are the keys of the look-alike app that run its racy lines: the
// text that finds the marked line, and what the racing side of a race
// report shows (the line itself, or for a method the method).
var racyKeys = []struct {
	key, line, frame string
}{
	{"r", "m.items = Load() // racy: writes", ""},
	{"s", "m.saved++ // racy:", "lookalike.(*model).save("},
	{"e", "m.ticks++ // racy:", ""},
	{"t", "m.ticks = 0 // racy:", ""},
	{"g", `m.status = "loading" // racy:`, ""},
	{"h", "m.items = Load() // racy: calls", "lookalike.(*model).refresh("},
}

// loopSide matches the event loop's side of a race: the model's View or
// Update.
const loopSide = `lookalike\.\(\*model\)\.(View|Update)\(`

// TestRaceDetectorCatchesTheBug: what confinecheck reports statically, the
// race detector reports when the buggy retry runs.
func TestRaceDetectorCatchesTheBug(t *testing.T) {
	t.Parallel()
	line := examplecheck.LineOf(t, "buggy/retry.go", "m.retries++ // BUG")
	racy := examplecheck.AccessPair(regexp.QuoteMeta(fmt.Sprintf("buggy/retry.go:%d ", line)), `buggy\.\(\*Model\)\.View\(`)
	example.ExpectRace(t, "buggy", racy, "between the retry timer and View")
}

// TestRaceDetectorPassesTheFix runs the fixed retry: no race, and the model
// has the number after one retry.
func TestRaceDetectorPassesTheFix(t *testing.T) {
	t.Parallel()
	example.ExpectNoRace(t, "fixed", "fetcher")
}

// TestRaceDetectorOnTheLookalike runs each racy key of the look-alike app
// and expects the race detector to report its marked line against the
// event loop; every line marked racy must have its key.
func TestRaceDetectorOnTheLookalike(t *testing.T) {
	t.Parallel()
	covered := map[int]bool{}
	for _, k := range racyKeys {
		line := examplecheck.LineOf(t, "lookalike/app.go", k.line)
		covered[line] = true
		t.Run(k.key, func(t *testing.T) {
			t.Parallel()
			racer := regexp.QuoteMeta(fmt.Sprintf("lookalike/app.go:%d ", line))
			if k.frame != "" {
				racer = regexp.QuoteMeta(k.frame)
			}
			racy := examplecheck.AccessPair(racer, loopSide)
			example.ExpectRace(t, "lookalike:"+k.key, racy, fmt.Sprintf("between app.go:%d and the event loop", line))
		})
	}
	for _, line := range examplecheck.MarkedLines(t, "lookalike/app.go") {
		if !covered[line] {
			t.Errorf("lookalike/app.go:%d is marked racy but no key of racyKeys runs it", line)
		}
	}
}

// TestRaceDetectorPassesTheLookalikesSafeKeys runs the look-alike app's
// safe keys: no race.
func TestRaceDetectorPassesTheLookalikesSafeKeys(t *testing.T) {
	t.Parallel()
	example.ExpectNoRace(t, "lookalike:safe", "look-alike app")
}
