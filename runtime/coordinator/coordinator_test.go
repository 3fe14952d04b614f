package coordinator_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/confinecheck/confinecheck/runtime/coordinator"
	"github.com/confinecheck/confinecheck/runtime/execution"
	"github.com/confinecheck/confinecheck/runtime/workload"
)

// TestTeardownUnderLoad is the race-detector half of the proof that the
// fixed runtime is right: run with -race, many retried terminations
// interleave with statistics queries on the coordinator, and the race
// detector must stay quiet (examples/buggycoordinator drives the original
// code's retry by hand, so that the race detector catches it every run, and
// the same driven teardown on this runtime is quiet). Without -race it still
// checks the outcome.
func TestTeardownUnderLoad(t *testing.T) {
	spec := workload.Stress
	var log lockedBuffer
	c := coordinator.New(spec.Layout(), coordinator.Options{Config: execution.Config{
		RetryDelay:  time.Millisecond,
		MaxAttempts: spec.Queued + 1,
		Logger:      slog.New(slog.NewTextHandler(&log, nil)),
	}})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	start := time.Now()
	res, err := workload.Run(ctx, c, spec)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d regions of %d workers torn down with %d retries each in %v, %d statistics queries meanwhile",
		spec.Regions, spec.WorkersPerRegion, spec.Queued, time.Since(start).Round(time.Millisecond), res.Queries)
	if err := c.Stop(ctx); err != nil {
		t.Fatal(err)
	}

	for _, term := range res.Terminations {
		if term.Err != nil {
			t.Errorf("%s: %v", term.Region, term.Err)
		}
	}
	// Every worker refuses exactly Queued attempts, so every region retries
	// exactly that often.
	if got, want := strings.Count(log.String(), "retrying"), spec.Regions*spec.Queued; got != want {
		t.Errorf("%d retries, want %d:\n%s", got, want, log.String())
	}
	if got, want := len(res.Report.States), spec.Regions*spec.WorkersPerRegion; got != want {
		t.Errorf("%d workers reported, want %d", got, want)
	}
	checkStates(t, res.Report, execution.Terminated)
	if res.Report.Unfulfilled != 0 {
		t.Errorf("%d promises left unfulfilled", res.Report.Unfulfilled)
	}
	if res.Report.OutOfOrder != 0 {
		t.Errorf("%d control messages duplicated, lost or reordered", res.Report.OutOfOrder)
	}
	if res.Queries == 0 || res.QueryErrs != 0 {
		t.Errorf("%d statistics queries answered and %d failed: the load did not run", res.Queries, res.QueryErrs)
	}
}

// checkStates fails the test unless every worker in rep is in state want.
func checkStates(t *testing.T, rep coordinator.Report, want execution.WorkerState) {
	t.Helper()
	for w, s := range rep.States {
		if s != want {
			t.Errorf("%s is %v, want %v", w, s, want)
		}
	}
}

// lockedBuffer collects log output from the coordinator's loop for the test
// goroutine.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
