package examplecheck

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// AtLine is a pattern that matches file:line in a race report's stack
// (file slash-separated, relative to the module's directory, as the race
// detector prints the end of the path).
func AtLine(file string, line int) string {
	return regexp.QuoteMeta(file+":"+strconv.Itoa(line)) + `\b`
}

// RacyAt matches a race report with the line of file that has text in it:
// a racy access, or the go statement or callback a racing goroutine was
// started from (a frame of its stack, or its "created at" stack).
func RacyAt(t testing.TB, file, text string) *regexp.Regexp {
	t.Helper()
	return regexp.MustCompile(AtLine(file, LineOf(t, file, text)))
}

// Both matches a race report that has a and b in it, in either order: one
// side's stack runs the racy line, the other's a frame of the owner.
func Both(a, b string) *regexp.Regexp {
	return regexp.MustCompile(`(?s)` + a + `.*` + b + `|` + b + `.*` + a)
}

// AccessPair matches a race report whose two accesses are a and b: one
// access's stack (the lines after "Read at 0x... by goroutine N:" up to
// the blank line) has a line that a matches, the other's one that b
// matches. A match in the "created at" stacks that follow does not count.
func AccessPair(a, b string) *regexp.Regexp {
	access := func(frame string) string {
		return `at 0x[0-9a-f]+ by [^\n]*:\n(?:[ \t][^\n]*\n)*?[ \t][^\n]*` + frame
	}
	return regexp.MustCompile(access(a) + `[\s\S]*` + access(b) + `|` + access(b) + `[\s\S]*` + access(a))
}

// MarkedLines returns the lines of file marked racy (see ExpectMarked).
func MarkedLines(t testing.TB, file string) []int {
	t.Helper()
	var lines []int
	for _, m := range readMarks(t, []string{file}) {
		if m.kind == "racy" {
			lines = append(lines, m.Line)
		}
	}
	if len(lines) == 0 {
		t.Fatalf("%s: no line is marked racy", file)
	}
	return lines
}

// ExpectMarkedRaces runs the driven scenario in the mode named until the
// race detector has reported a race at every line of dir's Go files marked
// racy (the line itself, or the go statement that started the racing
// goroutine), five runs at most, as ExpectRace does; every race report
// must have a line marked racy or via in it, so that the unmarked
// look-alikes are race-free. what names the scenario for the messages ("the look-alike
// app").
func (e *Example) ExpectMarkedRaces(t testing.TB, dir, mode, what string) {
	t.Helper()
	markers := map[string]*regexp.Regexp{} // the racy lines
	starts := []*regexp.Regexp{}           // and the via lines
	for _, m := range readMarks(t, goFiles(t, dir)) {
		re := regexp.MustCompile(AtLine(m.File, m.Line))
		switch m.kind {
		case "racy":
			markers[fmt.Sprintf("%s:%d", m.File, m.Line)] = re
			starts = append(starts, re)
		case "via":
			starts = append(starts, re)
		}
	}
	if len(markers) == 0 {
		t.Fatalf("%s: no line is marked racy", dir)
	}
	missed := maps.Clone(markers)
	for attempt := 0; attempt < raceAttempts && len(missed) > 0; attempt++ {
		out, err := e.RunDriven(t, mode)
		if !strings.Contains(out, e.Driven.Done()) {
			t.Fatalf("%s did not get through (%v):\n%s", what, err, out)
		}
		for _, report := range RaceReports(out) {
			if !slices.ContainsFunc(starts, func(re *regexp.Regexp) bool { return re.MatchString(report) }) {
				t.Errorf("a race report with no line marked racy or via in it:\n%s", report)
			}
			for line, re := range missed {
				if re.MatchString(report) {
					t.Logf("%s: the race detector caught it (run %d)", line, attempt+1)
					delete(missed, line)
				}
			}
		}
	}
	for line := range missed {
		t.Errorf("%s is marked racy; the race detector reported no race at it in %d runs", line, raceAttempts)
	}
}

// Receive returns what comes on ch, or an error naming what after
// timeout: a scenario that hangs fails instead.
func Receive[T any](ch <-chan T, what string, timeout time.Duration) (T, error) {
	select {
	case v := <-ch:
		return v, nil
	case <-time.After(timeout):
		var zero T
		return zero, fmt.Errorf("%s: nothing after %v", what, timeout)
	}
}
