package tview_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"github.com/confinecheck/confinecheck/examples/tview/buggy"
	"github.com/confinecheck/confinecheck/examples/tview/fixed"
)

var refreshes = map[string]func(*tview.Application, *tview.Table, func() string, func()){
	"buggy": buggy.Refresh,
	"fixed": fixed.Refresh,
}

// drivenRefresh runs an app on tcell's simulation screen, with a table as
// its root, and starts the refresh just before Run. The refresh goroutine
// sets the cell and then waits for the app's first draw to be over before
// it stops the app. The race detector reports accesses that no
// synchronization orders, however far apart in time: the buggy goroutine's
// write of the cell comes before its wait, the loop's read (the first draw)
// before the signal it waits for, so the two are unordered on every run.
// The fixed goroutine's update runs on the loop.
func drivenRefresh(mode string) error {
	refresh, ok := refreshes[mode]
	if !ok {
		return fmt.Errorf("no refresh %q", mode)
	}
	screen := tcell.NewSimulationScreen("UTF-8")
	screen.SetSize(40, 5)
	app := tview.NewApplication().SetScreen(screen)
	table := tview.NewTable().SetCellSimple(0, 0, "loading")
	drawn := make(chan struct{})
	app.SetAfterDrawFunc(func(tcell.Screen) {
		select {
		case <-drawn:
		default:
			close(drawn)
		}
	})
	app.SetRoot(table, true)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	refresh(app, table, func() string { return "fetched" }, func() {
		select {
		case <-drawn:
		case <-ctx.Done():
		}
		app.Stop()
	})
	if err := app.Run(); err != nil {
		return err
	}
	if got := table.GetCell(0, 0).Text; got != "fetched" {
		return fmt.Errorf("cell (0, 0) is %q, want %q", got, "fetched")
	}
	return nil
}

// racyRefresh matches a race report between the buggy refresh goroutine and
// the event loop's draw.
var racyRefresh = regexp.MustCompile(`(?s)buggy\.Refresh\.func1\(\).*tview\.\(\*Application\)\.draw\(\)|tview\.\(\*Application\)\.draw\(\).*buggy\.Refresh\.func1\(\)`)

// TestRaceDetectorCatchesTheBug: what confinecheck reports statically, the
// race detector reports when the buggy refresh runs.
func TestRaceDetectorCatchesTheBug(t *testing.T) {
	t.Parallel()
	example.ExpectRace(t, "buggy", racyRefresh, "between the refresh goroutine and the draw")
}

// TestRaceDetectorPassesTheFix runs the fixed refresh: no race, and the
// cell shows what was fetched.
func TestRaceDetectorPassesTheFix(t *testing.T) {
	t.Parallel()
	example.ExpectNoRace(t, "fixed", "refresh")
}
