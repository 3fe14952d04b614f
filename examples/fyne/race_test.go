package fyne_test

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"

	"github.com/confinecheck/confinecheck/examples/fyne/buggy"
	"github.com/confinecheck/confinecheck/examples/fyne/fixed"
	"github.com/confinecheck/confinecheck/examples/fyne/lookalike"
	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// Why Fyne's desktop driver, in Xvfb, and not its test driver
// (fyne.io/fyne/v2/test): the test driver runs everything on the goroutine
// that calls it, and its DoFromGoroutine runs the func right there, on the
// caller's goroutine (test/driver.go:53-57: "Tests all run on a single ...
// thread"). Under it fyne.Do from a goroutine does not hop at all, so the
// fixed browser would race just like the buggy one. The GLFW driver is the
// real owner: its run loop (internal/driver/glfw/loop.go:100-186) is the
// main goroutine, which draws the frames, dispatches the events (a click's
// Tapped, window.go:581) and runs the funcs of fyne.Do and fyne.DoAndWait
// (queued by runOnMainWithWait, loop.go:40-57, run at loop.go:148-152).
//
// How the scenarios make the race detector report every racy line on every
// run. A handler on the main goroutine starts background work, then touches
// what that work touches first (the status line right after "go b.load(1)",
// the blinker's lit after time.AfterFunc). A goroutine started by a go
// statement begins with what its creator did before the statement, so if it
// synchronizes with nothing before its touch, nothing orders the two
// touches, whichever comes first. A timer func is different: under the race
// detector it begins with the timer context of the P it fires on
// (runtime/time.go, unlockAndRun's raceacquirectx), and Fyne's run loop
// receives from its 60Hz ticker (loop.go:127,153), a buffered channel whose
// slot the ticker's next send acquires from (runtime/chan.go, racenotify):
// once the main goroutine has received a tick, a timer func firing on that
// P starts with everything the main goroutine did, and the two touches are
// ordered. So the scenario keeps the main goroutine in the click's turn
// (inside the DoAndWait that clicks) until the work it started has begun,
// which the work shows by calling the test's fetch, search, store or read
// func, or, for the blinker, by its write, which the waiting turn reads.

// A browser is what the scenario needs of either package's Browser.
type browser interface {
	Content() fyne.CanvasObject
	ReloadButton() *widget.Button
	Status() string
}

// newBrowser makes package pkg's browser.
func newBrowser(pkg string, fetch func() ([]string, error)) (browser, error) {
	switch pkg {
	case "buggy":
		return buggy.New(fetch), nil
	case "fixed":
		return fixed.New(fetch), nil
	}
	return nil, fmt.Errorf("no browser %q", pkg)
}

// drivenApp runs the app of a mode on Fyne's desktop driver, in the Xvfb
// RunDriven started for it, with the main goroutine as Fyne's main
// goroutine (this runs from TestMain; the GLFW driver locks it to the main
// thread in its package's init, loop.go:29-32).
func drivenApp(mode string) error {
	if mode == "lookalike" {
		return drivenLookalike()
	}
	pkg, retry := strings.CutSuffix(mode, "-retry")
	return drivenReload(pkg, retry)
}

// drivenReload clicks Reload and waits for the browser to show what the
// fetch got; with retry, the first fetch fails and the load runs again on
// the retry timer's goroutine. The click's turn lasts until the last fetch
// has been called (see the comment at the top): the buggy load's write of
// the status label's Text is then unordered with the click handler's, and
// the race detector reports them on every run. The fixed load only fetches
// and hands the rest to fyne.Do.
func drivenReload(pkg string, retry bool) error {
	var calls atomic.Int32
	fetch := func() ([]string, error) {
		if calls.Add(1) == 1 && retry {
			return nil, errors.New("the first fetch fails")
		}
		return []string{"a", "b"}, nil
	}
	want := int32(1)
	if retry {
		want = 2
	}
	a := fyneapp.New()
	b, err := newBrowser(pkg, fetch)
	if err != nil {
		return err
	}
	return runApp(a, b.Content(), func() error {
		if err := clickUntil(b.ReloadButton(), func() bool { return calls.Load() == want }); err != nil {
			return fmt.Errorf("the reload's fetch: %v", err)
		}
		if err := waitFor(func() bool { return b.Status() == "2 items" }); err != nil {
			return fmt.Errorf("after the reload: %v", err)
		}
		if n := calls.Load(); n != want {
			return fmt.Errorf("%d fetches, want %d", n, want)
		}
		return nil
	})
}

// drivenLookalike types a query, presses each of the look-alike app's
// buttons and taps its blinker, one after the other. A click of a racy
// shape's handler lasts until its work has begun (the backend func it calls
// first has been called, or the blinker's timer func has put it out); then
// the scenario waits, reading the app on the main goroutine, until the work
// is done.
func drivenLookalike() error {
	var searches, stores, reads atomic.Int32
	shared := make(chan string, 1)
	fa := fyneapp.New()
	a := lookalike.New(lookalike.Backend{
		Search: func(q string) []string { searches.Add(1); return []string{q + " 1", q + " 2"} },
		Fetch:  func(int) {},
		Store:  func([]string) { stores.Add(1) },
		Read:   func() []string { reads.Add(1); return []string{"x", "y", "z"} },
		Share:  func(q string) { shared <- q },
	})
	probe := func(cond func(p lookalike.Probe) bool) func() bool {
		return func() bool { return cond(a.Probe()) }
	}
	return runApp(fa, a.Content(), func() error {
		steps := []struct {
			tap     string
			started func() bool // asked in the click's turn, if any
			done    func() bool // asked after it
		}{
			{"Search", func() bool { return searches.Load() == 1 },
				probe(func(p lookalike.Probe) bool { return p.Results == 2 && p.Entries == 1 })},
			{"Download", nil,
				probe(func(p lookalike.Probe) bool { return p.Status == "downloaded" && p.Progress == 1 })},
			{"Save", func() bool { return stores.Load() == 1 },
				probe(func(p lookalike.Probe) bool { return p.Saved == 1 })},
			{"blinker", probe(func(p lookalike.Probe) bool { return !p.Lit }),
				probe(func(p lookalike.Probe) bool { return !p.Lit && !p.DotLit })},
			{"Open", func() bool { return reads.Load() == 1 },
				probe(func(p lookalike.Probe) bool { return p.Entries == 3 })},
			{"News", nil,
				probe(func(p lookalike.Probe) bool { return p.Results == 3 })},
			{"Share", nil,
				func() bool { return len(shared) == 1 }},
		}
		fyne.DoAndWait(func() { a.SetQuery("go") })
		for _, s := range steps {
			if err := clickUntil(a.Tappable(s.tap), s.started); err != nil {
				return fmt.Errorf("%s, in the click: %v", s.tap, err)
			}
			if err := waitFor(s.done); err != nil {
				return fmt.Errorf("%s: %v", s.tap, err)
			}
		}
		if q := <-shared; q != "go" {
			return fmt.Errorf("shared %q, want \"go\"", q)
		}
		return nil
	})
}

// runApp shows content in a window of a, a new app on the desktop driver
// (made before the widgets: a data binding asks for the current app), and
// runs it, with drive on a goroutine of its own once the app has started.
// When drive returns, that goroutine ends the process, as example.Main
// would have after Run: it does not quit the app, because Fyne 2.7.1's way
// out is not reliable. Quitting hung about one run in fifty: Run waits for
// the lifecycle's event queue (glfw/driver.go:164-166), whose goroutine
// waits for a func it handed the run loop (app/app.go:71) that the loop's
// drain on its way out missed (loop.go:138-146 drains only what has reached
// the queue's out channel). And it crashed about one run in eight with the
// look-alike, whose entry sets a cursor: a mouse-move event handled while
// the window closes finds no GLFW window (window.go:350, view() is nil once
// closing, window_desktop.go:809-813).
//
// It ends the process from the main goroutine, in a turn between two
// frames: under the race detector os.Exit ends in the C library's exit
// (the race runtime's __tsan_fini calls it), which runs the exit handlers
// of Mesa and Xlib. Called from the driving goroutine, they tore the GL
// context down while the main goroutine drew a frame, about one run in a
// hundred: a heap corruption in glDrawArrays or an X error
// (GLXBadContext), after the scenario had got through.
func runApp(a fyne.App, content fyne.CanvasObject, drive func() error) error {
	w := a.NewWindow("confinecheck")
	w.SetContent(content)
	w.Resize(fyne.NewSize(400, 300))
	a.Lifecycle().SetOnStarted(func() {
		go func() {
			code := 0
			if err := drive(); err != nil {
				fmt.Fprintf(os.Stderr, "driven %s: %v\n", example.Driven.Name, err)
				code = 1
			} else {
				fmt.Println(example.Driven.Done())
			}
			fyne.Do(func() { os.Exit(code) })
		}()
	})
	w.ShowAndRun()
	return errors.New("the app quit before the scenario ended")
}

// clickUntil taps t on the main goroutine, as the driver does for a mouse
// click (window.go:581), and, when started is not nil, stays in that turn
// of the main goroutine until started holds (see the comment at the top).
func clickUntil(t fyne.Tappable, started func() bool) error {
	var err error
	fyne.DoAndWait(func() {
		t.Tapped(&fyne.PointEvent{})
		if started != nil {
			err = poll(started)
		}
	})
	return err
}

// waitFor asks cond on the main goroutine, in turns of its own, until it
// holds.
func waitFor(cond func() bool) error {
	return poll(func() bool {
		var ok bool
		fyne.DoAndWait(func() { ok = cond() })
		return ok
	})
}

// poll calls cond until it holds, for 20 seconds at most. It sleeps between
// the calls: a sleep is no synchronization to the race detector
// (runtime/time.go, resetForSleep, releases nothing).
func poll(cond func() bool) error {
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			return errors.New("timed out")
		}
		time.Sleep(time.Millisecond)
	}
	return nil
}

// TestRaceDetectorCatchesTheBug: what confinecheck reports at the go
// statement, the race detector reports when the click's handler and the
// load's goroutine both write the status label.
func TestRaceDetectorCatchesTheBug(t *testing.T) {
	t.Parallel()
	example.ExpectRace(t, "buggy", examplecheck.RacyAt(t, browserFile, "go b.load(1)"), "between the load's goroutine and the click's handler")
}

// TestRaceDetectorCatchesTheRetry: the same for the retry timer, whose load
// runs on the timer's goroutine.
func TestRaceDetectorCatchesTheRetry(t *testing.T) {
	t.Parallel()
	example.ExpectRace(t, "buggy-retry", examplecheck.RacyAt(t, browserFile, "b.load(attempt + 1) // BUG"), "between the retry timer's load and the click's handler")
}

// TestRaceDetectorPassesTheFix runs the fixed browser: no race, and the
// list shows what the fetch got.
func TestRaceDetectorPassesTheFix(t *testing.T) {
	t.Parallel()
	example.ExpectNoRace(t, "fixed", "browser")
}

// TestRaceDetectorPassesTheFixedRetry: the fixed retry, too.
func TestRaceDetectorPassesTheFixedRetry(t *testing.T) {
	t.Parallel()
	example.ExpectNoRace(t, "fixed-retry", "browser")
}

// TestRaceDetectorOnTheLookalike runs the look-alike app under the race
// detector: every line marked racy is in a race report (the line itself, or
// the go statement that started the racing goroutine), and every race
// report has a line marked racy in it, so that the unmarked look-alikes
// (fyne.Do, DoAndWait, the binding, the captured values, the goroutine's own
// card) are race-free. A run that misses a marked line is run again, five
// runs at most, as ExpectRace does.
func TestRaceDetectorOnTheLookalike(t *testing.T) {
	t.Parallel()
	example.ExpectMarkedRaces(t, "lookalike", "lookalike", "the look-alike app")
}
