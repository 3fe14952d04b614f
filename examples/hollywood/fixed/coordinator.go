// Package fixed is the coordinator of ../buggy with its retry fixed: the
// timer only sends a message to the actor itself, and the actor retries in
// the turn that takes it. Copy this shape for an actor of your own.
package fixed

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

// retry tells the coordinator that a job's retry delay has passed.
type retry struct{ id string }

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
		// FIX: the timer only sends the actor a message. Context.Send and
		// Context.PID read what the Context is given when the actor is
		// spawned (its engine and its PID), never what a turn changes, so
		// the timer's goroutine may call them.
		id := j.id
		time.AfterFunc(c.cfg.RetryDelay, func() { ctx.Send(ctx.PID(), retry{id: id}) })
	case retry:
		if j, ok := c.pending[msg.id]; ok {
			c.retries++
			c.dispatch(ctx, j)
		}
	case jobs.GetStats:
		ctx.Respond(jobs.Stats{Pending: len(c.pending), Done: c.done, GaveUp: c.gaveUp, Attempts: c.attempts, Retries: c.retries})
	}
}

// dispatch sends j's next attempt to the worker, whose answer comes back
// as a message to the actor.
func (c *coordinator) dispatch(ctx *actor.Context, j *job) {
	j.attempts++
	c.attempts++
	ctx.Send(c.cfg.Worker, jobs.Work{ID: j.id, Attempt: j.attempts})
}
