package tview_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"github.com/confinecheck/confinecheck/examples/tview/buggy"
	"github.com/confinecheck/confinecheck/examples/tview/fixed"
)

// drivenEnv makes the test binary run the driven refresh instead of its
// tests, with the "buggy" or the "fixed" Refresh. A race report fails the
// test that hits it, so the refresh runs in a subprocess and the tests read
// its output.
const drivenEnv = "TVIEW_EXAMPLE_DRIVEN"

// drivenDone is the last line the driven refresh prints when it got through.
const drivenDone = "driven refresh done"

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

// runDriven runs the driven refresh named mode, in a subprocess built with
// -race.
func runDriven(t *testing.T, mode string) (string, error) {
	t.Helper()
	bin := raceBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Env = append(os.Environ(), drivenEnv+"="+mode, "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// racyRefresh matches a race report between the buggy refresh goroutine and
// the event loop's draw.
var racyRefresh = regexp.MustCompile(`(?s)buggy\.Refresh\.func1\(\).*tview\.\(\*Application\)\.draw\(\)|tview\.\(\*Application\)\.draw\(\).*buggy\.Refresh\.func1\(\)`)

// TestRaceDetectorCatchesTheBug: what confinecheck reports statically, the
// race detector reports when the buggy refresh runs.
func TestRaceDetectorCatchesTheBug(t *testing.T) {
	t.Parallel()
	out, _ := runDriven(t, "buggy")
	for _, report := range raceReports(out) {
		if racyRefresh.MatchString(report) {
			t.Logf("the race detector caught it:\n%s", report)
			return
		}
	}
	t.Fatalf("no data race reported between the refresh goroutine and the draw; output:\n%s", out)
}

// TestRaceDetectorPassesTheFix runs the fixed refresh: no race, and the
// cell shows what was fetched.
func TestRaceDetectorPassesTheFix(t *testing.T) {
	t.Parallel()
	out, err := runDriven(t, "fixed")
	if reports := raceReports(out); len(reports) > 0 {
		t.Fatalf("the race detector reported %d races on the fixed refresh:\n%s", len(reports), out)
	}
	if err != nil || !strings.Contains(out, drivenDone) {
		t.Fatalf("the fixed refresh failed: %v\n%s", err, out)
	}
}

// raceReports splits the race detector's reports out of a program's output.
func raceReports(out string) []string {
	const sep = "=================="
	var reports []string
	for _, block := range strings.Split(out, sep) {
		if strings.Contains(block, "WARNING: DATA RACE") {
			reports = append(reports, strings.TrimSpace(block))
		}
	}
	return reports
}
