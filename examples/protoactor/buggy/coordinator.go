// Package buggy is a protoactor-go coordinator with the timer-retry bug: its
// retry timer runs the retry on the timer's goroutine, beside the actor that
// owns the state the retry writes. ../fixed is the same actor, fixed; the two
// differ only in their timers.
package buggy

import (
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"github.com/confinecheck/confinecheck/examples/protoactor/jobs"
)

// Config configures a coordinator.
type Config struct {
	Worker      *actor.PID    // responds to jobs.Work with jobs.Done or jobs.Failed
	Timeout     time.Duration // for the worker's reply to one attempt
	RetryDelay  time.Duration // between a failed attempt and the next
	MaxAttempts int
	Deadline    time.Duration // a job not done by then is given up; 0: none
}

// Props returns the props of a coordinator actor: it takes jobs.Submit and
// jobs.GetStats.
func Props(cfg Config) *actor.Props {
	return actor.PropsFromProducer(func() actor.Actor {
		return &coordinator{cfg: cfg, pending: map[string]*job{}}
	})
}

// coordinator hands jobs to a worker and retries those that fail. Its state
// is plain: only the actor, one message at a time, may touch it. It needs
// no directive: it implements actor.Actor, whose Receive the built-in
// protoactor pack declares a turn of the actor.
type coordinator struct {
	cfg                   Config
	pending               map[string]*job
	done, gaveUp, retries int
}

// job is a submitted job, the coordinator's like the map it is in.
//
//confined:owner
type job struct {
	id       string
	attempts int
}

// expired tells the coordinator that a job's deadline has passed.
type expired struct{ id string }

// Receive handles one message, on the actor.
func (c *coordinator) Receive(ctx actor.Context) {
	switch msg := ctx.Message().(type) {
	case *jobs.Submit:
		j := &job{id: msg.ID}
		c.pending[j.id] = j
		c.dispatch(ctx, j)
		if c.cfg.Deadline > 0 {
			// BUG: ctx is the actor's Context, for the actor's own turns. Off
			// them, Send with a sender middleware configured initializes the
			// context's extras and hands the middleware the context, whose
			// message is whatever the actor is handling by then. (The
			// built-in pack declares actor.Context the actor's.)
			time.AfterFunc(c.cfg.Deadline, func() { ctx.Send(ctx.Self(), &expired{id: msg.ID}) })
		}
	case *expired:
		if j, ok := c.pending[msg.id]; ok {
			delete(c.pending, j.id)
			c.gaveUp++
		}
	case *jobs.GetStats:
		ctx.Respond(&jobs.Stats{Pending: len(c.pending), Done: c.done, GaveUp: c.gaveUp, Retries: c.retries})
	}
}

// dispatch sends j's next attempt to the worker. ReenterAfter runs the
// continuation, and so settle, on the actor, in a turn of its own.
func (c *coordinator) dispatch(ctx actor.Context, j *job) {
	j.attempts++
	reply := ctx.RequestFuture(c.cfg.Worker, &jobs.Work{ID: j.id, Attempt: j.attempts}, c.cfg.Timeout)
	ctx.ReenterAfter(reply, func(res any, err error) { c.settle(ctx, j, res, err) })
}

// settle handles the worker's reply to j's latest attempt, or its timeout.
func (c *coordinator) settle(ctx actor.Context, j *job, res any, err error) {
	if c.pending[j.id] != j {
		return // given up meanwhile
	}
	if _, ok := res.(*jobs.Done); ok && err == nil {
		delete(c.pending, j.id)
		c.done++
		return
	}
	if j.attempts >= c.cfg.MaxAttempts {
		delete(c.pending, j.id)
		c.gaveUp++
		return
	}
	// BUG: the timer runs this func on its own goroutine, while the actor
	// goes on with its next messages: the retry writes the counter and the
	// job, and uses the actor's Context, beside it.
	time.AfterFunc(c.cfg.RetryDelay, func() {
		c.retries++
		c.dispatch(ctx, j)
	})
}
