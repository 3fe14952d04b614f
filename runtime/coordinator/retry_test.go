package coordinator_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/confinecheck/confinecheck/runtime/coordinator"
	"github.com/confinecheck/confinecheck/runtime/execution"
	"github.com/confinecheck/confinecheck/runtime/future"
	"github.com/confinecheck/confinecheck/runtime/workload"
)

// start runs a coordinator whose retries wait for timer.
func start(t *testing.T, spec workload.Spec, maxAttempts int, timer future.Timer) *coordinator.Coordinator {
	t.Helper()
	c := coordinator.New(spec.Layout(), coordinator.Options{Config: execution.Config{
		Timer:       timer,
		RetryDelay:  time.Second,
		MaxAttempts: maxAttempts,
	}})
	t.Cleanup(func() {
		if err := c.Stop(context.Background()); err != nil {
			t.Error(err)
		}
	})
	return c
}

// advanceWhenSleeping waits until the region's failed attempt went to sleep
// on timer, checks that the termination is not over, and wakes it up.
func advanceWhenSleeping(t *testing.T, timer *future.ManualTimer, termination *future.Future[struct{}]) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for timer.Pending() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no retry was scheduled")
		}
		time.Sleep(time.Millisecond)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := termination.Await(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("the termination ended before its retry: %v", err)
	}
	timer.Advance(time.Second)
}

func TestRetriesUntilEveryWorkerEnds(t *testing.T) {
	var timer future.ManualTimer
	spec := workload.Spec{Regions: 1, WorkersPerRegion: 2, Queued: 2}
	c := start(t, spec, 3, &timer)
	termination := c.TerminateRegion("region-1")
	advanceWhenSleeping(t, &timer, termination)
	advanceWhenSleeping(t, &timer, termination)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := termination.Await(ctx); err != nil {
		t.Fatal(err)
	}
	rep, err := c.Report().Await(ctx)
	if err != nil {
		t.Fatal(err)
	}
	checkStates(t, rep, execution.Terminated)
}

func TestGivesUpAfterMaxAttempts(t *testing.T) {
	var timer future.ManualTimer
	spec := workload.Spec{Regions: 1, WorkersPerRegion: 2, Queued: 5}
	c := start(t, spec, 2, &timer)
	termination := c.TerminateRegion("region-1")
	advanceWhenSleeping(t, &timer, termination)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := termination.Await(ctx)
	if err == nil || !strings.Contains(err.Error(), "giving up after 2 attempts") {
		t.Fatalf("termination = %v, want it to give up after 2 attempts", err)
	}
	rep, err := c.Report().Await(ctx)
	if err != nil {
		t.Fatal(err)
	}
	checkStates(t, rep, execution.Running)
}

func TestUnknownRegion(t *testing.T) {
	c := start(t, workload.Spec{Regions: 1, WorkersPerRegion: 1}, 1, &future.ManualTimer{})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := c.TerminateRegion("nowhere").Await(ctx); err == nil {
		t.Fatal("terminating an unknown region succeeded")
	}
}
