package cron_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/robfig/cron/v3"

	"github.com/confinecheck/confinecheck/examples/cron/buggy"
	"github.com/confinecheck/confinecheck/examples/cron/fixed"
	"github.com/confinecheck/confinecheck/examples/cron/lookalike"
	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// driven runs the scenario mode names (see main_test.go).
func driven(mode string) error {
	switch {
	case mode == "buggy" || mode == "fixed":
		return drivenRefresh(mode)
	case mode == "lookalike:safe":
		return drivenSafeJobs()
	case strings.HasPrefix(mode, "lookalike:"):
		return drivenJob(strings.TrimPrefix(mode, "lookalike:"))
	}
	return fmt.Errorf("no scenario %q", mode)
}

// firing is a cron.ScheduleParser for the tests: a job added with one of
// its specs runs once, a millisecond after the cron starts (or after it is
// added to a running cron); a job with any other spec never runs.
type firing []string

func (f firing) Parse(spec string) (cron.Schedule, error) {
	if slices.Contains(f, spec) {
		return &once{}, nil
	}
	return never{}, nil
}

// once is a schedule that fires once. The cron asks its Next only on its
// scheduler's goroutine (cron.go:245, 275, 282).
type once struct{ fired bool }

func (o *once) Next(t time.Time) time.Time {
	if o.fired {
		return time.Time{}
	}
	o.fired = true
	return t.Add(time.Millisecond)
}

// never is a schedule that never fires.
type never struct{}

func (never) Next(time.Time) time.Time { return time.Time{} }

// signal is a cron.JobWrapper that sends on ran each time a job has run.
// What the job did happens before the send, so the test's receive orders
// only what the test does after it.
func signal(ran chan<- string) cron.JobWrapper {
	return func(j cron.Job) cron.Job {
		return cron.FuncJob(func() {
			j.Run()
			ran <- "ran"
		})
	}
}

// wait receives n runs from ran, or fails at deadline.
//
// The deadline is a timer the scenario makes when it starts, before the
// loop touches anything: a timer made later, by a test that has heard back
// from the loop, carries that into the runtime's timer context of its P
// (the race detector's clock of the code that fires timers there), and the
// cron's own timer, fired there, hands it on to the scheduler's goroutine
// and so to the job it starts: the job then counts as ordered after the
// loop's touch, and the race goes unreported (with a time.After made here,
// on about one run in four).
func wait(ran <-chan string, n int, deadline <-chan time.Time) error {
	for i := range n {
		select {
		case <-ran:
		case <-deadline:
			return fmt.Errorf("%d of %d jobs ran", i, n)
		}
	}
	return nil
}

// A rateService is what the refresh scenario needs of either service.
type rateService interface {
	Rate(currency string) float64
	Stop()
}

// drivenRefresh runs the rate service of package mode with its refresh job
// fired at once, and asks for a rate meanwhile: the loop reads the rates
// while the job runs, and nothing orders the two (the job's goroutine
// descends from Start; the request comes to the loop from the test, which
// has heard nothing from the job yet). The buggy job writes the rates: the
// race detector reports the pair on every run, whichever comes first in
// time. The fixed job sends them to the loop. Then the test waits for the
// job and asks again: the new rate, both times.
func drivenRefresh(mode string) error {
	deadline := time.After(10 * time.Second)
	ran := make(chan string, 1)
	fetch := func() map[string]float64 { return map[string]float64{"EUR": 1.1} }
	opts := []cron.Option{cron.WithParser(firing{buggy.RefreshSpec}), cron.WithChain(signal(ran))}
	var s rateService
	var err error
	if mode == "buggy" {
		s, err = buggy.New(fetch, opts...)
	} else {
		s, err = fixed.New(fetch, opts...)
	}
	if err != nil {
		return err
	}
	defer s.Stop()
	s.Rate("EUR") // unordered with the job
	if err := wait(ran, 1, deadline); err != nil {
		return err
	}
	if got := s.Rate("EUR"); got != 1.1 {
		return fmt.Errorf("rate %v after the refresh, want 1.1", got)
	}
	return nil
}

// targets are the look-alike monitor's targets in the scenarios.
var targets = []string{"web", "down-db"}

// drivenJob runs the look-alike monitor with only the job of spec fired,
// once (for WatchSpec, after Watch has scheduled it in a turn of the loop),
// and takes a snapshot meanwhile: the loop reads its state while the job
// runs, unordered with it, as in drivenRefresh.
func drivenJob(spec string) error {
	deadline := time.After(10 * time.Second)
	ran := make(chan string, 1)
	m := lookalike.New("monitor", targets, cron.WithParser(firing{spec}), cron.WithChain(signal(ran)))
	defer m.Stop()
	if spec == lookalike.WatchSpec {
		m.Watch("db")
	}
	m.Snapshot() // unordered with the job
	return wait(ran, 1, deadline)
}

// drivenSafeJobs runs the look-alike monitor with its safe jobs fired
// once each, waits for them, and checks what they reported.
func drivenSafeJobs() error {
	deadline := time.After(10 * time.Second)
	ran := make(chan string, 8)
	specs := firing{lookalike.ProbeSpec, lookalike.AllSpec, lookalike.HeartbeatSpec, lookalike.CountSpec, lookalike.WatchSafeSpec}
	m := lookalike.New("monitor", targets, cron.WithParser(specs), cron.WithChain(signal(ran)))
	defer m.Stop()
	m.Watch("db")
	m.Snapshot()
	// A probe job per target, and one each of the others.
	if err := wait(ran, len(targets)+len(specs)-1, deadline); err != nil {
		return err
	}
	s := m.Snapshot()
	want := map[string]string{"web": "up", "down-db": "down", "all": "down", "monitor": "up", "db": "up"}
	if fmt.Sprint(s.Status) != fmt.Sprint(want) || s.Ticks != 1 {
		return fmt.Errorf("status %v, ticks %d; want %v, 1", s.Status, s.Ticks, want)
	}
	return nil
}

// TestRaceDetectorCatchesTheBug: what confinecheck reports statically, the
// race detector reports when the buggy refresh job runs.
func TestRaceDetectorCatchesTheBug(t *testing.T) {
	t.Parallel()
	line := examplecheck.LineOf(t, "buggy/rates.go", "s.rates = rates // BUG")
	racy := examplecheck.AccessPair(regexp.QuoteMeta(fmt.Sprintf("buggy/rates.go:%d ", line)), `buggy\.\(\*Service\)\.run\(`)
	example.ExpectRace(t, "buggy", racy, "between the refresh job and the loop")
}

// TestRaceDetectorPassesTheFix runs the fixed refresh: no race, and the
// loop serves the new rate.
func TestRaceDetectorPassesTheFix(t *testing.T) {
	t.Parallel()
	example.ExpectNoRace(t, "fixed", "rate service")
}

// racyJobs are the look-alike monitor's racy jobs: the spec that fires
// the job, the text that finds its marked line, and what the job's side of
// a race report shows (the line itself, or for a method the method).
var racyJobs = []struct {
	spec, line, frame string
}{
	{lookalike.ResetSpec, "m.failures = 0 // racy:", ""},
	{lookalike.CompactSpec, "delete(m.status, t) // racy:", "lookalike.(*Monitor).compact("},
	{lookalike.CompactSpec, "m.compactions++ // racy:", "lookalike.(*Monitor).compact("},
	{lookalike.SweepSpec, "j.m.runs++ // racy:", ""},
	{lookalike.StampSpec, "m.lastRun = time.Now() // racy:", ""},
	{lookalike.WatchSpec, `m.status[target] = "probed" // racy:`, ""},
}

// loopSide matches the monitor's loop's side of a race.
const loopSide = `lookalike\.\(\*Monitor\)\.(snapshot|run)\(`

// TestRaceDetectorOnTheLookalike fires each racy job of the look-alike
// monitor and expects the race detector to report its marked line against
// the monitor's loop; every line marked racy must have its job.
func TestRaceDetectorOnTheLookalike(t *testing.T) {
	t.Parallel()
	covered := map[int]bool{}
	for _, j := range racyJobs {
		line := examplecheck.LineOf(t, "lookalike/monitor.go", j.line)
		covered[line] = true
		t.Run(j.spec, func(t *testing.T) {
			t.Parallel()
			racer := regexp.QuoteMeta(fmt.Sprintf("lookalike/monitor.go:%d ", line))
			if j.frame != "" {
				racer = regexp.QuoteMeta(j.frame)
			}
			example.ExpectRace(t, "lookalike:"+j.spec, examplecheck.AccessPair(racer, loopSide), fmt.Sprintf("between monitor.go:%d and the loop", line))
		})
	}
	for _, line := range examplecheck.MarkedLines(t, "lookalike/monitor.go") {
		if !covered[line] {
			t.Errorf("lookalike/monitor.go:%d is marked racy but no job of racyJobs runs it", line)
		}
	}
}

// TestRaceDetectorPassesTheLookalikesSafeJobs fires the look-alike
// monitor's safe jobs: no race.
func TestRaceDetectorPassesTheLookalikesSafeJobs(t *testing.T) {
	t.Parallel()
	example.ExpectNoRace(t, "lookalike:safe", "look-alike monitor")
}
