package ebitengine_test

import (
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// The games run in ./driven, a program of its own built with -race (see
// its doc comment for why, and for how every racy line is reported on
// every run).

// TestRaceDetectorCatchesTheBug: what confinecheck reports at the go
// statement, the race detector reports when the loading goroutine and the
// turn that started it both write the loading flag.
func TestRaceDetectorCatchesTheBug(t *testing.T) {
	t.Parallel()
	example.ExpectRace(t, "buggy", examplecheck.RacyAt(t, gameFile, "go g.loadLevel(g.level)"), "between the loading goroutine and Update")
}

// TestRaceDetectorCatchesTheRetry: what confinecheck reports at the retry
// timer's call of autosave, the race detector reports when the timer writes
// the save count that Draw reads.
func TestRaceDetectorCatchesTheRetry(t *testing.T) {
	t.Parallel()
	example.ExpectRace(t, "buggy", examplecheck.RacyAt(t, gameFile, "g.autosave(attempt + 1) // BUG"), "between the retry timer and Update")
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
	example.ExpectMarkedRaces(t, "lookalike", "lookalike", "the look-alike game")
}
