package ciqueue

import (
	"context"
	"strconv"
	"time"
)

func itoa(n int) string { return strconv.Itoa(n) }

// execute runs one attempt of j on a runner goroutine.
func (q *Queue) execute(ctx context.Context, j *Job, spec Spec, attempt int) {
	q.pickedUp(time.Now())
	q.metrics.Inc("attempts_total")
	res := q.exec.Run(ctx, spec, func(line string) {
		_ = q.post(func() { q.appendLog(j, line) })
	})
	if res.Err == nil && ctx.Err() != nil {
		res.Err = ctx.Err()
	}
	q.metrics.Inc("attempts_finished_total")
	_ = q.post(func() { q.settle(j, attempt, res) })
}

func (q *Queue) pickedUp(at time.Time) {
	q.notePickup(at)
}

func (q *Queue) notePickup(at time.Time) {
	q.pickupMu.Lock()
	defer q.pickupMu.Unlock()
	if at.After(q.lastPickup) {
		q.lastPickup = at // RACY
	}
}
