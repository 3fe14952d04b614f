package protoactor_test

import (
	"context"
	"fmt"
	"log/slog"
	"regexp"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"github.com/confinecheck/confinecheck/examples/protoactor/buggy"
	"github.com/confinecheck/confinecheck/examples/protoactor/fixed"
	"github.com/confinecheck/confinecheck/examples/protoactor/jobs"
)

// config is the coordinators' configuration, but for the worker.
type config struct {
	worker                        *actor.PID
	timeout, retryDelay, deadline time.Duration
	maxAttempts                   int
}

var coordinators = map[string]func(config) *actor.Props{
	"buggy": func(c config) *actor.Props {
		return buggy.Props(buggy.Config{Worker: c.worker, Timeout: c.timeout, RetryDelay: c.retryDelay, MaxAttempts: c.maxAttempts, Deadline: c.deadline})
	},
	"fixed": func(c config) *actor.Props {
		return fixed.Props(fixed.Config{Worker: c.worker, Timeout: c.timeout, RetryDelay: c.retryDelay, MaxAttempts: c.maxAttempts, Deadline: c.deadline})
	},
}

// A scriptedWorker fails every job's first attempt, and holds the reply to
// any later one until the test releases it.
type scriptedWorker struct {
	failed  chan int      // the first attempt was answered
	arrived chan int      // a later attempt arrived
	release chan struct{} // closed by the test: answer later attempts
}

func (w *scriptedWorker) receive(ctx actor.Context) {
	work, ok := ctx.Message().(*jobs.Work)
	if !ok {
		return
	}
	if work.Attempt == 1 {
		ctx.Respond(&jobs.Failed{ID: work.ID, Reason: "refused"})
		w.failed <- work.Attempt
		return
	}
	w.arrived <- work.Attempt
	<-w.release
	ctx.Respond(&jobs.Done{ID: work.ID})
}

// drivenRetry submits one job whose first attempt fails, and reads the
// coordinator's counters while the retry is on its way.
//
// The race detector reports two accesses from different goroutines that no
// synchronization orders, however far apart in time they run, so what must
// be arranged is the order of synchronizations, not timing:
//
//   - The worker answers attempt 1 before it tells the test: its reply
//     completes the coordinator's future at once, which posts the
//     ReenterAfter continuation (settle) to the coordinator's system mailbox.
//     The test's GetStats, sent after that, is taken after settle, which is
//     where the buggy coordinator starts the retry timer; so the GetStats
//     turn is not ordered before the timer's func.
//   - Nothing the timer's func does reaches the coordinator before the
//     GetStats turn reads the counters: the worker holds its reply to
//     attempt 2 until the test has the counters, the test asks with
//     RequestWithCustomSender (no future: protoactor's futures take an id
//     from a counter that the retry's future also takes one from, which
//     would order them), and the test waits for the worker's "attempt 2
//     arrived" only after it has the counters.
//
// So with the buggy coordinator the timer's c.retries++ and the GetStats
// turn's read of c.retries are unordered whichever runs first, and the race
// is reported every run. The fixed coordinator's timer only sends a message;
// the retry runs in a turn of the actor, and there is nothing to report.
func drivenRetry(mode string) error {
	props, ok := coordinators[mode]
	if !ok {
		return fmt.Errorf("no coordinator %q", mode)
	}
	system := actor.NewActorSystem(actor.WithLoggerFactory(func(*actor.ActorSystem) *slog.Logger {
		return slog.New(slog.DiscardHandler)
	}))
	defer system.Shutdown()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	w := &scriptedWorker{failed: make(chan int), arrived: make(chan int), release: make(chan struct{})}
	worker := system.Root.Spawn(actor.PropsFromFunc(w.receive))
	coordinator := system.Root.Spawn(props(config{
		worker:      worker,
		timeout:     10 * time.Second,
		retryDelay:  time.Millisecond,
		deadline:    time.Minute, // not in this test
		maxAttempts: 3,
	}))
	stats := make(chan *jobs.Stats)
	probe := system.Root.Spawn(actor.PropsFromFunc(func(ctx actor.Context) {
		if s, ok := ctx.Message().(*jobs.Stats); ok {
			stats <- s
		}
	}))
	getStats := func() (*jobs.Stats, error) {
		system.Root.RequestWithCustomSender(coordinator, &jobs.GetStats{}, probe)
		select {
		case s := <-stats:
			return s, nil
		case <-ctx.Done():
			return nil, fmt.Errorf("no stats: %w", ctx.Err())
		}
	}
	wait := func(events chan int, what string) error {
		select {
		case <-events:
			return nil
		case <-ctx.Done():
			return fmt.Errorf("%s: %w", what, ctx.Err())
		}
	}

	system.Root.Send(coordinator, &jobs.Submit{ID: "job-1"})
	if err := wait(w.failed, "attempt 1 was not answered"); err != nil {
		return err
	}
	during, err := getStats()
	if err != nil {
		return err
	}
	if err := wait(w.arrived, "attempt 2 did not arrive"); err != nil {
		return err
	}
	close(w.release)
	// The coordinator settles attempt 2 in a turn of its own: ask until it has.
	var after *jobs.Stats
	for after == nil || after.Pending > 0 {
		if after, err = getStats(); err != nil {
			return err
		}
	}
	fmt.Printf("stats while retrying: %+v; after: %+v\n", *during, *after)
	if want := (jobs.Stats{Done: 1, Retries: 1}); *after != want {
		return fmt.Errorf("stats after the retry: %+v, want %+v", *after, want)
	}
	return nil
}

// racyRetry matches a race report on the buggy coordinator's state between
// the retry timer's func and the actor's own turn.
var racyRetry = regexp.MustCompile(`(?s)buggy\.\(\*coordinator\)\.settle\.func1\(\).*buggy\.\(\*coordinator\)\.Receive\(\)|buggy\.\(\*coordinator\)\.Receive\(\).*buggy\.\(\*coordinator\)\.settle\.func1\(\)`)

// TestRaceDetectorCatchesTheBug runs the buggy coordinator's retry, driven
// (see drivenRetry), and checks that the race detector reports the timer's
// func racing with the actor: what confinecheck reports statically (see
// checker_test.go). It does not depend on timing: every run has the race.
func TestRaceDetectorCatchesTheBug(t *testing.T) {
	t.Parallel()
	example.ExpectRace(t, "buggy", racyRetry, "between the retry timer and the coordinator")
}

// TestRaceDetectorPassesTheFix runs the same driven retry on the fixed
// coordinator, whose timer only sends the actor a message: no race, and the
// job gets done on its second attempt.
func TestRaceDetectorPassesTheFix(t *testing.T) {
	t.Parallel()
	example.ExpectNoRace(t, "fixed", "coordinator")
}
