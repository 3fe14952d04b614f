package ebitengine_test

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// The games run in ./driven, a program of its own built with -race (see
// its doc comment for why, and for how every racy line is reported on
// every run).

// lineRegexp matches a race report with file:line in it.
func lineRegexp(file string, line int) *regexp.Regexp {
	return regexp.MustCompile(regexp.QuoteMeta(file+":"+strconv.Itoa(line)) + `\b`)
}

// racyAt matches a race report with the line of file that has text in it:
// a racy access, or the go statement or timer func a racing goroutine was
// started from (a frame of its stack, or its "created at" stack).
func racyAt(t *testing.T, file, text string) *regexp.Regexp {
	t.Helper()
	return lineRegexp(file, examplecheck.LineOf(t, file, text))
}

// TestRaceDetectorCatchesTheBug: what confinecheck reports at the go
// statement, the race detector reports when the loading goroutine and the
// turn that started it both write the loading flag.
func TestRaceDetectorCatchesTheBug(t *testing.T) {
	t.Parallel()
	example.ExpectRace(t, "buggy", racyAt(t, gameFile, "go g.loadLevel(g.level)"), "between the loading goroutine and Update")
}

// TestRaceDetectorCatchesTheRetry: what confinecheck reports at the retry
// timer's call of autosave, the race detector reports when the timer writes
// the save count that Draw reads.
func TestRaceDetectorCatchesTheRetry(t *testing.T) {
	t.Parallel()
	example.ExpectRace(t, "buggy", racyAt(t, gameFile, "g.autosave(attempt + 1) // BUG"), "between the retry timer and Update")
}

// TestRaceDetectorPassesTheFix runs the fixed game: no race, the levels
// load and the retried save succeeds.
func TestRaceDetectorPassesTheFix(t *testing.T) {
	t.Parallel()
	example.ExpectNoRace(t, "fixed", "game")
}

// TestRaceDetectorOnTheLookalike runs the look-alike game under the race
// detector: every line marked racy is in a race report (the line itself, or
// the go statement that started the racing goroutine), and every race
// report has a line marked racy in it, so that the unmarked look-alikes are
// race-free. A run that misses a marked line is run again, five runs at
// most, as ExpectRace does.
func TestRaceDetectorOnTheLookalike(t *testing.T) {
	t.Parallel()
	markers := racyMarkers(t, "lookalike")
	missed := maps.Clone(markers)
	for attempt := 0; attempt < 5 && len(missed) > 0; attempt++ {
		out, err := example.RunDriven(t, "lookalike")
		if !strings.Contains(out, example.Driven.Done()) {
			t.Fatalf("the look-alike game did not get through (%v):\n%s", err, out)
		}
		for _, report := range examplecheck.RaceReports(out) {
			if !slices.ContainsFunc(slices.Collect(maps.Values(markers)), func(re *regexp.Regexp) bool { return re.MatchString(report) }) {
				t.Errorf("a race report with no line marked racy in it:\n%s", report)
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
		t.Errorf("%s is marked racy; the race detector reported no race at it in 5 runs", line)
	}
}

// racyMarkers returns, for every line of the Go files in dir marked "//
// racy:", file:line and a regexp that matches a race report with it.
func racyMarkers(t *testing.T, dir string) map[string]*regexp.Regexp {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	markers := map[string]*regexp.Regexp{}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(string(src), "\n") {
			if strings.Contains(l, "// racy: ") {
				file := filepath.ToSlash(file)
				markers[file+":"+strconv.Itoa(i+1)] = lineRegexp(file, i+1)
			}
		}
	}
	if len(markers) == 0 {
		t.Fatalf("%s: no line is marked racy", dir)
	}
	return markers
}
