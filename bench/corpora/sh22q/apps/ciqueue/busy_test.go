package ciqueue

import (
	"context"
	"errors"
	"testing"
	"time"
)

// buildFarm simulates remote runners that only report once a build ends.
type buildFarm struct {
	d time.Duration
}

func (b buildFarm) Run(ctx context.Context, spec Spec, log func(string)) Result {
	select {
	case <-time.After(b.d):
		return Result{Artifacts: []string{spec.Name + ".log"}}
	case <-ctx.Done():
		return Result{ExitCode: -1, Err: ctx.Err()}
	}
}

func TestStallWatchDuringBusyPeriod(t *testing.T) {
	cfg := testConfig()
	cfg.SweepEvery = 500 * time.Microsecond
	cfg.StallAfter = time.Second
	q := newTestQueue(t, cfg, buildFarm{d: 3 * time.Millisecond})

	var ids []JobID
	for i := 0; i < 12; i++ {
		ids = append(ids, mustSubmit(t, q, spec("matrix")))
		time.Sleep(time.Millisecond)
	}
	for _, id := range ids {
		if j := waitSnapshot(t, q, id); j.Status != Succeeded {
			t.Fatalf("%s = %v", id, j.Status)
		}
	}
	st, _ := q.Stats()
	if st.Stalls != 0 {
		t.Fatalf("stalls = %d", st.Stalls)
	}
}

func TestWaitForQueuedJob(t *testing.T) {
	cfg := testConfig()
	cfg.Runners = 1
	cfg.PollEvery = 500 * time.Microsecond
	q := newTestQueue(t, cfg, newExec(4*time.Millisecond))

	mustSubmit(t, q, spec("compile"))
	mustSubmit(t, q, spec("vet"))
	last := mustSubmit(t, q, spec("release"))

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	j, err := q.Wait(ctx, last)
	if err != nil {
		t.Fatal(err)
	}
	snap, _ := q.Snapshot(j.ID)
	if snap.Status != Succeeded || snap.Attempts != 1 {
		t.Fatalf("job = %+v", snap)
	}
}

func TestDrainWaitsForRunningJobs(t *testing.T) {
	cfg := testConfig()
	cfg.PollEvery = 500 * time.Microsecond
	q := newTestQueue(t, cfg, newExec(2*time.Millisecond))
	for i := 0; i < 8; i++ {
		mustSubmit(t, q, spec("nightly"))
	}

	idle := q.Drain()
	if _, err := q.Submit(spec("late")); !errors.Is(err, ErrDraining) {
		t.Fatalf("submit while draining: %v", err)
	}
	select {
	case <-idle:
	case <-time.After(3 * time.Second):
		t.Fatal("drain never finished")
	}
	deadline := time.Now().Add(2 * time.Second)
	for {
		st, err := q.Stats()
		if err != nil {
			t.Fatal(err)
		}
		if st.Succeeded == 8 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("stats = %+v", st)
		}
		time.Sleep(time.Millisecond)
	}
}
