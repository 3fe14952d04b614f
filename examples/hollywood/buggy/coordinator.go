// Package buggy is a hollywood coordinator with the timer-retry bug: its
// retry timer runs the retry on the timer's goroutine, beside the actor
// that owns the state the retry writes. ../fixed is the same actor, fixed;
// the two differ only in how the retry gets back to the actor.
//
// Neither carries a confinecheck annotation: the built-in hollywood pack
// says that Receive runs as a turn of the actor, and so that the
// coordinator's fields belong to the actor.
package buggy

import (
	"time"

	"github.com/anthdm/hollywood/actor"

	"github.com/confinecheck/confinecheck/examples/hollywood/jobs"
)

// Config configures a coordinator.
type Config struct {
	Worker      *actor.PID    // answers jobs.Work with jobs.Done or jobs.Failed
	RetryDelay  time.Duration // between a failed attempt and the next
	MaxAttempts int
}

// Producer returns the producer of a coordinator actor: it takes
// jobs.Submit and jobs.GetStats.
func Producer(cfg Config) actor.Producer {
	return func() actor.Receiver {
		return &coordinator{cfg: cfg, pending: map[string]*job{}}
	}
}

// coordinator hands jobs to a worker and retries those that fail. Its state
// is plain: only the actor, one message at a time, may touch it.
type coordinator struct {
	cfg                             Config
	pending                         map[string]*job
	done, gaveUp, attempts, retries int
}

// job is a submitted job.
type job struct {
	id       string
	attempts int
}

// Receive handles one message, as a turn of the actor.
func (c *coordinator) Receive(ctx *actor.Context) {
	switch msg := ctx.Message().(type) {
	case jobs.Submit:
		j := &job{id: msg.ID}
		c.pending[j.id] = j
		c.dispatch(ctx, j)
	case jobs.Done:
		if _, ok := c.pending[msg.ID]; ok {
			delete(c.pending, msg.ID)
			c.done++
		}
	case jobs.Failed:
		j, ok := c.pending[msg.ID]
		if !ok {
			return
		}
		if j.attempts >= c.cfg.MaxAttempts {
			delete(c.pending, j.id)
			c.gaveUp++
			return
		}
		// BUG: the timer runs this func on its own goroutine, while the
		// actor goes on with its next messages: the retry writes the
		// coordinator's counters beside it.
		time.AfterFunc(c.cfg.RetryDelay, func() {
			c.retries++
			c.dispatch(ctx, j)
		})
	case jobs.GetStats:
		ctx.Respond(jobs.Stats{Pending: len(c.pending), Done: c.done, GaveUp: c.gaveUp, Attempts: c.attempts, Retries: c.retries})
	}
}

// dispatch sends j's next attempt to the worker, whose answer comes back
// as a message to the actor.
func (c *coordinator) dispatch(ctx *actor.Context, j *job) {
	j.attempts++ // gap: writes confined buggy.job.attempts (job, the app's own type, is not annotated; -suggest owns it to the actor, whose turns read it)
	c.attempts++
	ctx.Send(c.cfg.Worker, jobs.Work{ID: j.id, Attempt: j.attempts})
}
