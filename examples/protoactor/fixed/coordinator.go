// Package fixed is the coordinator of ../buggy with its timers fixed: a
// timer only posts a message to the actor's own mailbox, and the actor does
// the work in the turn that takes it. Copy this package as the template for
// an actor of your own.
package fixed

import (
	"fmt"
	"net/http"
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

// retry tells the coordinator that a job's retry delay has passed.
type retry struct{ id string }

// Receive handles one message, on the actor.
func (c *coordinator) Receive(ctx actor.Context) {
	switch msg := ctx.Message().(type) {
	case *jobs.Submit:
		j := &job{id: msg.ID}
		c.pending[j.id] = j
		c.dispatch(ctx, j)
		if c.cfg.Deadline > 0 {
			later(ctx, c.cfg.Deadline, &expired{id: j.id})
		}
	case *retry:
		if j, ok := c.pending[msg.id]; ok {
			c.retries++
			c.dispatch(ctx, j)
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
	later(ctx, c.cfg.RetryDelay, &retry{id: j.id})
}

// later sends msg to the actor itself after d. The timer's goroutine touches
// nothing of the actor's: it sends through the actor's PID and the actor
// system's root context, which any goroutine may use; msg is handled in a
// turn of the actor like any other message.
func later(ctx actor.Context, d time.Duration, msg any) {
	self, root := ctx.Self(), ctx.ActorSystem().Root
	time.AfterFunc(d, func() { root.Send(self, msg) })
}

// StatsHandler serves the coordinator's counters. net/http runs it on a
// goroutine of its own, so it asks the actor with a message, which the
// actor answers in a turn.
func StatsHandler(root *actor.RootContext, pid *actor.PID) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		res, err := root.RequestFuture(pid, &jobs.GetStats{}, time.Second).Result()
		if err != nil {
			http.Error(w, err.Error(), http.StatusGatewayTimeout)
			return
		}
		fmt.Fprintf(w, "%+v\n", res)
	}
}
