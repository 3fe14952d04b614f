package examplecheck

import (
	"context"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// RunDriven runs the example's driven scenario in the mode named, in a
// subprocess built with -race (see DrivenBinary), with an X display of its
// own if the scenario needs one, and returns its output and how it exited.
func (e *Example) RunDriven(t testing.TB, mode string) (string, error) {
	t.Helper()
	bin := e.DrivenBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	// The race detector waits a second at exit by default, for goroutines
	// that are still racing; the driven scenarios wait for both accesses.
	cmd.Env = append(os.Environ(), e.Driven.Env+"="+mode, "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	if e.Driven.Display {
		display, stop, err := StartDisplay()
		if err != nil {
			t.Fatal(err)
		}
		defer stop()
		cmd.Env = append(cmd.Env, "DISPLAY="+display)
	}
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("the %s %s ran for %v (exit: %v)", mode, e.Driven.Name, time.Since(start).Round(time.Millisecond), err)
	return string(out), err
}

// ExpectRace runs the driven scenario in the mode named (see RunDriven) and
// fails t unless the race detector reports a race that racy matches. where
// says, for the message, where the race should be ("between the refresh
// Cmd and View").
//
// A scenario runs up to raceAttempts times: the race detector keeps a few
// recent accesses per memory word and can miss an unordered pair on a run
// (the tview refresh did, on about one run in thirty), so one quiet run
// proves nothing; five in a row do.
func (e *Example) ExpectRace(t testing.TB, mode string, racy *regexp.Regexp, where string) {
	t.Helper()
	expectRace(t, func() string {
		out, _ := e.RunDriven(t, mode)
		return out
	}, racy, where)
}

// raceAttempts is how many runs of a racy scenario ExpectRace makes.
const raceAttempts = 5

// expectRace is ExpectRace's loop over runs of a scenario, run returning a
// run's output.
func expectRace(t testing.TB, run func() string, racy *regexp.Regexp, where string) {
	t.Helper()
	var out string
	for range raceAttempts {
		out = run()
		for _, report := range RaceReports(out) {
			if racy.MatchString(report) {
				t.Logf("the race detector caught it:\n%s", report)
				return
			}
		}
	}
	t.Fatalf("no data race reported %s in %d runs; the last printed:\n%s", where, raceAttempts, out)
}

// ExpectNoRace runs the driven scenario in the mode named and fails t if the
// race detector reports any race, or if the scenario did not get through.
// what names, for the messages, what the mode runs ("counter" gives "races
// on the fixed counter").
func (e *Example) ExpectNoRace(t testing.TB, mode, what string) {
	t.Helper()
	out, err := e.RunDriven(t, mode)
	if reports := RaceReports(out); len(reports) > 0 {
		t.Fatalf("the race detector reported %d races on the %s %s:\n%s", len(reports), mode, what, out)
	}
	if err != nil || !strings.Contains(out, e.Driven.Done()) {
		t.Fatalf("the %s %s failed: %v\n%s", mode, e.Driven.Name, err, out)
	}
}

// RaceReports splits the race detector's reports out of a program's output.
func RaceReports(out string) []string {
	const sep = "=================="
	var reports []string
	for _, block := range strings.Split(out, sep) {
		if strings.Contains(block, "WARNING: DATA RACE") {
			reports = append(reports, strings.TrimSpace(block))
		}
	}
	return reports
}
