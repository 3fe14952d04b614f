// Package buggy is an ergo coordinator (a gen.Server) with the timer-retry
// bug: its retry timer runs the retry on the timer's goroutine, beside the
// process that owns the state the retry writes. ../fixed is the same
// server, fixed; the two differ only in how the retry gets back to the
// process.
//
// Neither carries a confinecheck annotation: the built-in ergo pack says
// that the gen.Server callbacks run as turns of the process, and so that
// the coordinator's fields belong to it.
package buggy

import (
	"time"

	"github.com/ergo-services/ergo/etf"
	"github.com/ergo-services/ergo/gen"

	"github.com/confinecheck/confinecheck/examples/ergo/jobs"
)

// Config configures a coordinator.
type Config struct {
	Worker      etf.Pid       // answers jobs.Work with jobs.Done or jobs.Failed
	RetryDelay  time.Duration // between a failed attempt and the next
	MaxAttempts int
}

// New returns a coordinator to spawn (node.Spawn): it takes jobs.Submit and
// jobs.GetStats.
func New(cfg Config) gen.ServerBehavior { return &coordinator{cfg: cfg} }

// coordinator hands jobs to a worker and retries those that fail. Its state
// is plain: only the process, one callback at a time, may touch it.
type coordinator struct {
	gen.Server
	cfg                             Config
	pending                         map[string]*job
	done, gaveUp, attempts, retries int
}

// job is a submitted job.
type job struct {
	id       string
	attempts int
}

// Init sets the coordinator up, when the process is spawned.
func (c *coordinator) Init(process *gen.ServerProcess, args ...etf.Term) error {
	c.pending = map[string]*job{}
	return nil
}

// HandleInfo handles one message, as a turn of the process.
func (c *coordinator) HandleInfo(process *gen.ServerProcess, message etf.Term) gen.ServerStatus {
	switch msg := message.(type) {
	case jobs.Submit:
		j := &job{id: msg.ID}
		c.pending[j.id] = j
		c.dispatch(process, j)
	case jobs.Done:
		if _, ok := c.pending[msg.ID]; ok {
			delete(c.pending, msg.ID)
			c.done++
		}
	case jobs.Failed:
		j, ok := c.pending[msg.ID]
		if !ok {
			break
		}
		if j.attempts >= c.cfg.MaxAttempts {
			delete(c.pending, j.id)
			c.gaveUp++
			break
		}
		// BUG: the timer runs this func on its own goroutine, while the
		// process goes on with its next messages: the retry writes the
		// coordinator's counters beside it.
		time.AfterFunc(c.cfg.RetryDelay, func() {
			c.retries++
			c.dispatch(process, j)
		})
	case jobs.GetStats:
		process.Send(msg.ReplyTo, jobs.Stats{Pending: len(c.pending), Done: c.done, GaveUp: c.gaveUp, Attempts: c.attempts, Retries: c.retries})
	}
	return gen.ServerStatusOK
}

// dispatch sends j's next attempt to the worker, whose answer comes back
// as a message to the process.
func (c *coordinator) dispatch(process *gen.ServerProcess, j *job) {
	j.attempts++ // gap: writes confined buggy.job.attempts (job, the app's own type, is not annotated; -suggest owns it to the actor, whose turns read it)
	c.attempts++
	process.Send(c.cfg.Worker, jobs.Work{ID: j.id, Attempt: j.attempts, From: process.Self()})
}
