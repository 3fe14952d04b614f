package ciqueue

import (
	"context"
	"errors"
	"sort"
	"sync"
	"time"
)

func (q *Queue) enqueue(spec Spec) (JobID, error) {
	if q.draining {
		return "", ErrDraining
	}
	q.nextID++
	j := &Job{ID: jobID(q.nextID), Spec: spec, Status: Queued, Enqueued: time.Now()}
	q.jobs[j.ID] = j
	q.order = append(q.order, j.ID)
	q.stats.Queued++
	q.push(j)
	q.dispatch()
	return j.ID, nil
}

// push inserts j into the pending list, highest priority first and FIFO
// within a priority.
func (q *Queue) push(j *Job) {
	i := sort.Search(len(q.pending), func(i int) bool {
		return q.pending[i].Spec.Priority < j.Spec.Priority
	})
	q.pending = append(q.pending, nil)
	copy(q.pending[i+1:], q.pending[i:])
	q.pending[i] = j
}

func (q *Queue) pop() *Job {
	j := q.pending[0]
	copy(q.pending, q.pending[1:])
	q.pending[len(q.pending)-1] = nil
	q.pending = q.pending[:len(q.pending)-1]
	return j
}

func (q *Queue) dispatch() {
	for q.running < q.cfg.Runners && len(q.pending) > 0 {
		j := q.pop()
		ctx, cancel := attemptContext(j.Spec)
		j.cancel = cancel
		j.Status = Running
		j.Attempts++
		j.StartedAt = time.Now()
		q.running++
		q.active[j.ID] = j
		q.stats.Started++
		q.lastDispatch = time.Now()
		spec, attempt := j.Spec, j.Attempts
		if err := q.pool.Submit(ctx, func() { q.execute(ctx, j, spec, attempt) }); err != nil {
			cancel()
			q.settle(j, attempt, Result{Err: err})
		}
	}
}

func attemptContext(spec Spec) (context.Context, context.CancelFunc) {
	if spec.Timeout > 0 {
		return context.WithTimeout(context.Background(), spec.Timeout)
	}
	return context.WithCancel(context.Background())
}

// settle records the outcome of an attempt and starts the next job.
func (q *Queue) settle(j *Job, attempt int, res Result) {
	if attempt != j.Attempts || j.Status != Running {
		return
	}
	j.cancel()
	delete(q.active, j.ID)
	q.running--
	j.ExitCode = res.ExitCode
	j.Artifacts = append(j.Artifacts, res.Artifacts...)
	switch {
	case res.ok():
		q.finish(j, Succeeded, "")
	case errors.Is(res.Err, context.DeadlineExceeded):
		q.finish(j, TimedOut, "timed out after "+j.Spec.Timeout.String())
	case j.Attempts <= j.Spec.MaxRetries:
		j.Status = Retrying
		q.stats.Retried++
		q.scheduleRetry(j)
	default:
		msg := "exit code " + itoa(res.ExitCode)
		if res.Err != nil {
			msg = res.Err.Error()
		}
		q.finish(j, Failed, msg)
	}
	q.dispatch()
}

func (q *Queue) finish(j *Job, status Status, msg string) {
	j.Status = status
	j.Error = msg
	j.FinishedAt = time.Now()
	switch status {
	case Succeeded:
		q.stats.Succeeded++
	case Failed:
		q.stats.Failed++
	case TimedOut:
		q.stats.TimedOut++
	case Canceled:
		q.stats.Canceled++
	}
}

func (q *Queue) scheduleRetry(j *Job) {
	time.AfterFunc(q.cfg.RetryBackoff, func() {
		_ = q.post(func() {
			if j.Status != Retrying {
				return
			}
			j.Status = Queued
			q.push(j)
			q.dispatch()
		})
	})
}

func (q *Queue) sweep(now time.Time) {
	q.sweepTimeouts(now)
	if q.cfg.StallAfter > 0 {
		q.checkStalled(now)
	}
}

func (q *Queue) sweepTimeouts(now time.Time) {
	for _, j := range q.active {
		if j.Spec.Timeout <= 0 {
			continue
		}
		if now.Sub(j.StartedAt) > j.Spec.Timeout {
			j.cancel()
			delete(q.active, j.ID)
			q.running--
			q.finish(j, TimedOut, "timed out after "+j.Spec.Timeout.String())
		}
	}
	q.dispatch()
}

// checkStalled notices attempts that were handed to the runners but not
// picked up within StallAfter, which usually means the runner hosts are
// wedged.
func (q *Queue) checkStalled(now time.Time) {
	waiting := q.lastPickup.Before(q.lastDispatch)
	stalled := q.running > 0 && waiting && now.Sub(q.lastDispatch) > q.cfg.StallAfter
	if stalled && !q.stalled {
		q.stats.Stalls++
	}
	q.stalled = stalled
}

func (q *Queue) cancelJob(id JobID) error {
	j, ok := q.jobs[id]
	if !ok {
		return ErrNotFound
	}
	switch j.Status {
	case Queued:
		for i, p := range q.pending {
			if p == j {
				q.pending = append(q.pending[:i], q.pending[i+1:]...)
				break
			}
		}
	case Running:
		j.cancel()
		delete(q.active, j.ID)
		q.running--
	case Retrying:
	default:
		return nil
	}
	q.finish(j, Canceled, "canceled")
	q.dispatch()
	return nil
}

func (q *Queue) cancelActive() {
	for _, j := range q.active {
		j.cancel()
	}
}

func (q *Queue) appendLog(j *Job, line string) {
	if len(j.Log) >= q.cfg.MaxLogLines {
		copy(j.Log, j.Log[1:])
		j.Log = j.Log[:len(j.Log)-1]
	}
	j.Log = append(j.Log, line)
}

// Prune drops finished jobs older than the retention period and deletes
// their artifacts. It returns how many jobs were dropped.
func (q *Queue) Prune() (int, error) {
	var n int
	err := q.do(func() { n = q.prune(time.Now()) })
	return n, err
}

func (q *Queue) prune(now time.Time) int {
	var expired []*Job
	kept := q.order[:0]
	for _, id := range q.order {
		j := q.jobs[id]
		if j.Status.Terminal() && now.Sub(j.FinishedAt) >= q.cfg.Retention {
			expired = append(expired, j)
			continue
		}
		kept = append(kept, id)
	}
	q.order = kept

	var wg sync.WaitGroup
	for _, j := range expired {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, path := range j.Artifacts {
				if err := q.store.Delete(path); err != nil {
					q.metrics.Inc("artifact_delete_errors_total")
				}
			}
		}()
	}
	wg.Wait()
	for _, j := range expired {
		delete(q.jobs, j.ID)
	}
	q.stats.Pruned += len(expired)
	return len(expired)
}
