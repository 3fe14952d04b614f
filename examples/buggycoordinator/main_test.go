package main

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
	"github.com/confinecheck/confinecheck/runtime/coordinator"
	"github.com/confinecheck/confinecheck/runtime/execution"
	"github.com/confinecheck/confinecheck/runtime/future"
	"github.com/confinecheck/confinecheck/runtime/rpc"
	"github.com/confinecheck/confinecheck/runtime/workload"
)

// example is this package's race tests: the driven teardown, which the
// test binary runs instead of its tests when BUGGYCOORDINATOR_TEARDOWN is
// set: "buggy" with the original retry path, "fixed" with the runtime's.
// (internal/examplecheck has the helpers.)
var example = &examplecheck.Example{
	Name: "buggycoordinator",
	Driven: &examplecheck.Driven{
		Env:  "BUGGYCOORDINATOR_TEARDOWN",
		Name: "teardown",
		Run:  func(mode string) error { return drivenTeardown(mode == "buggy") },
	},
}

func TestMain(m *testing.M) { example.Main(m) }

// A handTimer runs nothing by itself: it hands every task scheduled on it
// to the test and keeps the scheduling goroutine (the coordinator's loop)
// paused until the test lets it go on, or until the test has stopped
// driving.
type handTimer struct {
	scheduled chan func()   // Schedule hands its task over
	resume    chan struct{} // then waits for the test to let it go on
	free      chan struct{} // closed when the test stops driving
}

func newHandTimer() handTimer {
	return handTimer{scheduled: make(chan func()), resume: make(chan struct{}), free: make(chan struct{})}
}

// Schedule hands task to the test and waits until the test lets the caller
// go on.
func (t handTimer) Schedule(_ time.Duration, task func()) {
	select {
	case t.scheduled <- task:
		<-t.resume
	case <-t.free:
	}
}

// next waits until the loop schedules a task, and returns it; the loop stays
// paused in that turn until t.resume.
func (t handTimer) next(ctx context.Context, what string) (func(), error) {
	select {
	case task := <-t.scheduled:
		return task, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("%s was not scheduled: %w", what, ctx.Err())
	}
}

// drivenTeardown terminates a region of one worker that refuses the first
// attempt, and runs the retry by hand, on a goroutine of its own, while the
// coordinator's loop serves a statistics query. Both create a promise on the
// RPC client and take a sequence number from the gateway.
//
// The race detector reports two accesses from different goroutines that no
// synchronization orders, however far apart in time they run. So the two
// need not overlap; they only need to start so that neither can synchronize
// with the other before its access. The loop is where that takes care:
// every message it takes from its mailbox carries its sender's history, and
// the worker's replies to the retry arrive there. So both queries are queued
// while the loop is paused in the first attempt's turn, the loop takes them
// from its mailbox in one batch, and the timer pauses it again between them
// (the first query's timeout). There the test starts the retry's goroutine
// and lets the loop go on: the loop goes on to the second query without
// taking a message, and the retry goes from the timer's task (completing the
// sleep, whose continuation the loop chained before that pause) straight
// into the RPC client. Each goroutine has synchronized with the test, and
// the test with the loop, only before the second query: the retry's promise
// and the second query's are unordered, and the race is reported whichever
// runs first, every run. (The first query is ordered before the retry and
// does not race.) With the fix, the retry hops back to the loop first, and
// there is nothing to report.
func drivenTeardown(buggy bool) error {
	timer := newHandTimer()
	opts := coordinator.Options{Config: execution.Config{Timer: timer, RetryDelay: time.Second, MaxAttempts: 2}}
	if buggy {
		opts.Terminator = func(m *execution.RegionManager) coordinator.Terminator { return buggyManager{m} }
	}
	spec := workload.Spec{Regions: 1, WorkersPerRegion: 1, Queued: 1}
	c := coordinator.New(spec.Layout(), opts)
	// The buggy retry may lose a reply (that is the bug), which hangs
	// whatever waits for it: give up on those after a while.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()

	// The first attempt fails on the loop, which sleeps on timer: it is
	// paused in Schedule, and the turn goes on to chain the retry onto the
	// sleep once it resumes.
	termination := c.TerminateRegion(spec.Layout()[0].ID)
	retry, err := timer.next(ctx, "the retry")
	if err != nil {
		return err
	}
	// Two queries, queued while the loop is paused, so that it takes both
	// from its mailbox at once after this turn.
	stats := []*future.Future[[]rpc.Statistics]{c.Statistics(), c.Statistics()}
	timer.resume <- struct{}{}
	// The first query's timeout pauses the loop between the two queries.
	if _, err := timer.next(ctx, "the first query's timeout"); err != nil {
		return err
	}
	go retry()
	timer.resume <- struct{}{}
	close(timer.free)

	_, termErr := termination.Await(ctx)
	var statsErrs []error
	for _, f := range stats {
		if _, err := f.Await(ctx); err != nil {
			statsErrs = append(statsErrs, err)
		}
	}
	fmt.Printf("termination: %v; statistics: %d of %d failed %v\n", termErr, len(statsErrs), len(stats), statsErrs)
	if err := c.Stop(ctx); err != nil {
		return err
	}
	if termErr != nil || len(statsErrs) > 0 {
		return errors.New("the teardown went wrong")
	}
	return nil
}

// racyFuncs are the functions of the coordinator's loop state that the
// original retry path calls on the timer's goroutine.
var racyFuncs = regexp.MustCompile(`rpc\.\(\*Client\)\.(createPromise|FulfillPromise)|network\.\(\*OutputGateway\)\.getSequenceNumber`)

// TestRaceDetectorCatchesTheBug runs the original retry path, driven by hand
// (see drivenTeardown), and checks that the race detector reports a race on
// the RPC client's promise counter or map, or on the gateway's sequence map:
// what confinecheck reports statically (see analyzer/runtime_test.go). It
// does not depend on timing: every run has the race.
func TestRaceDetectorCatchesTheBug(t *testing.T) {
	example.ExpectRace(t, "buggy", racyFuncs, "on the RPC client or the gateway")
}

// TestRaceDetectorPassesTheFix runs the same driven teardown on the fixed
// runtime, whose retry hops back to the loop: no race, and the teardown gets
// through.
func TestRaceDetectorPassesTheFix(t *testing.T) {
	example.ExpectNoRace(t, "fixed", "runtime")
}
