package tcell_test

import (
	"context"
	"fmt"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/gdamore/tcell/v2/views"

	"github.com/confinecheck/confinecheck/examples/tcell/buggy"
	"github.com/confinecheck/confinecheck/examples/tcell/fixed"
)

var refreshes = map[string]func(*views.Application, *views.Text, func() string, func()){
	"buggy": buggy.Refresh,
	"fixed": fixed.Refresh,
}

// A signalText tells when the event loop has drawn it: started closes after
// its first draw, shown after the first draw that shows "fetched".
type signalText struct {
	*views.Text
	once, shownOnce sync.Once
	started, shown  chan struct{}
}

func (s *signalText) Draw() {
	s.Text.Draw()
	s.once.Do(func() { close(s.started) })
	if s.Text.Text() == "fetched" {
		s.shownOnce.Do(func() { close(s.shown) })
	}
}

// drivenRefresh runs an app on tcell's simulation screen, with a Text as its
// root, and starts the refresh just before Run. The refresh's fetch returns
// once the loop has drawn the first time (tcell's PostFunc must not run
// before the loop has initialised the screen); then the goroutine sets the
// text, and waits for the loop to show it before it quits the app. Another
// goroutine meanwhile injects keys, each a turn of the loop and a draw. The
// race detector reports accesses that no synchronization orders: the buggy
// goroutine's write of the text comes before its wait, the loop's draws
// after injected keys, so the write and the draw that shows it are
// unordered on every run. The fixed goroutine's update runs on the loop.
func drivenRefresh(mode string) error {
	refresh, ok := refreshes[mode]
	if !ok {
		return fmt.Errorf("no refresh %q", mode)
	}
	screen := tcell.NewSimulationScreen("UTF-8")
	app := &views.Application{}
	app.SetScreen(screen)
	text := &signalText{Text: views.NewText(), started: make(chan struct{}), shown: make(chan struct{})}
	text.SetText("loading")
	app.SetRootWidget(text)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	wait := func(ch chan struct{}) bool {
		select {
		case <-ch:
			return true
		case <-ctx.Done():
			return false
		}
	}
	go func() {
		if !wait(text.started) {
			return
		}
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				screen.InjectKey(tcell.KeyRune, 'x', tcell.ModNone)
			case <-text.shown:
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	refresh(app, text.Text, func() string {
		wait(text.started)
		return "fetched"
	}, func() {
		wait(text.shown)
		app.Quit()
	})
	if err := app.Run(); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return fmt.Errorf("the text never showed %q", "fetched")
	}
	return nil
}

// racyRefresh matches a race report between the buggy refresh goroutine and
// the event loop (its draw).
var racyRefresh = regexp.MustCompile(`(?s)buggy\.Refresh\.func1\(\).*views\.\(\*Application\)\.run\(\)|views\.\(\*Application\)\.run\(\).*buggy\.Refresh\.func1\(\)`)

// TestRaceDetectorCatchesTheBug: what confinecheck reports statically, the
// race detector reports when the buggy refresh runs.
func TestRaceDetectorCatchesTheBug(t *testing.T) {
	t.Parallel()
	example.ExpectRace(t, "buggy", racyRefresh, "between the refresh goroutine and the draw")
}

// TestRaceDetectorPassesTheFix runs the fixed refresh: no race, and the
// text shows what was fetched.
func TestRaceDetectorPassesTheFix(t *testing.T) {
	t.Parallel()
	example.ExpectNoRace(t, "fixed", "refresh")
}
