// Package execution tracks the worker executions of a workflow's regions
// and terminates regions: it ends every worker of a region through the RPC
// client, retrying after a delay while some worker refuses, then stops the
// workers gracefully and marks them TERMINATED.
//
// Everything here belongs to the coordinator's loop. The retry delay and the
// graceful stops complete on other goroutines (a timer's, a worker's), so
// their continuations hop back to the loop before they touch the RPC client
// or a worker's state.
package execution

import (
	"fmt"
	"log/slog"
	"time"

	"github.com/confinecheck/confinecheck/runtime/actor"
	"github.com/confinecheck/confinecheck/runtime/future"
	"github.com/confinecheck/confinecheck/runtime/rpc"
)

// A WorkerState is where a worker execution is in its life.
type WorkerState int

const (
	Running    WorkerState = iota // takes control messages
	Stopping                      // every worker of its region ended; stopping gracefully
	Terminated                    // stopped
)

func (s WorkerState) String() string {
	switch s {
	case Running:
		return "RUNNING"
	case Stopping:
		return "STOPPING"
	case Terminated:
		return "TERMINATED"
	}
	return fmt.Sprintf("WorkerState(%d)", int(s))
}

// A WorkerExecution is the coordinator's record of one worker.
//
//confined:owner
type WorkerExecution struct {
	//confined:any
	id    string // immutable
	state WorkerState
}

// ID names the worker.
//
//confined:any
func (w *WorkerExecution) ID() string { return w.id }

// State returns the worker's state.
func (w *WorkerExecution) State() WorkerState { return w.state }

// SetState records the worker's state.
func (w *WorkerExecution) SetState(s WorkerState) { w.state = s }

// A RegionExecution is the coordinator's record of a region: workers that
// are started and terminated together.
//
//confined:owner
type RegionExecution struct {
	id      string
	workers []*WorkerExecution
}

// NewRegionExecution records the region id of running workers.
func NewRegionExecution(id string, workers []string) *RegionExecution {
	r := &RegionExecution{id: id}
	for _, w := range workers {
		r.workers = append(r.workers, &WorkerExecution{id: w})
	}
	return r
}

// Workers returns the region's worker executions.
func (r *RegionExecution) Workers() []*WorkerExecution { return r.workers }

// StopWorkers marks every worker of r STOPPING, so that no more control
// messages are sent to it, then stops each with stop. The future completes
// when all the futures stop returned have.
func (r *RegionExecution) StopWorkers(stop func(*WorkerExecution) *future.Future[struct{}]) *future.Future[struct{}] {
	stops := make([]*future.Future[struct{}], 0, len(r.workers))
	for _, w := range r.workers {
		w.state = Stopping
		stops = append(stops, stop(w))
	}
	return all(stops)
}

// A Stopper stops workers. The channel GracefulStop returns is closed once
// the worker has stopped, by the worker's own goroutine.
type Stopper interface {
	GracefulStop(worker string) <-chan struct{}
}

// Config says how a RegionManager retries.
type Config struct {
	Timer       future.Timer  // runs the retry delays (the coordinator also times statistics queries out with it)
	RetryDelay  time.Duration // between termination attempts
	MaxAttempts int           // termination attempts per region
	Logger      *slog.Logger  // reports retries; nil discards
}

// A RegionManager terminates regions for the coordinator, on its loop.
//
//confined:owner
type RegionManager struct {
	// Callbacks off the loop read self to hop back; it never changes.
	//
	//confined:any
	self    *actor.Ref
	client  *rpc.Client
	stopper Stopper
	cfg     Config
}

// NewRegionManager returns a manager that runs on self's loop and ends
// workers through client.
func NewRegionManager(self *actor.Ref, client *rpc.Client, stopper Stopper, cfg Config) *RegionManager {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &RegionManager{self: self, client: client, stopper: stopper, cfg: cfg}
}

// Config returns how m retries.
func (m *RegionManager) Config() Config { return m.cfg }

// Self is the actor the manager runs on: code off its loop hops back
// through it.
//
//confined:any
func (m *RegionManager) Self() *actor.Ref { return m.self }

// TerminateRegion ends, stops and marks TERMINATED every worker of r,
// retrying while some worker refuses to end. The future completes on the
// owner's loop, after every worker is marked.
func (m *RegionManager) TerminateRegion(r *RegionExecution) *future.Future[struct{}] {
	return m.terminateWorkersWithRetry(r, 1)
}

func (m *RegionManager) terminateWorkersWithRetry(r *RegionExecution, attempt int) *future.Future[struct{}] {
	return m.terminateWorkers(r).Rescue(func(err error) *future.Future[struct{}] {
		if err := m.GiveUp(r, attempt, err); err != nil {
			return future.Failed[struct{}](err)
		}
		return future.Sleep(m.cfg.Timer, m.cfg.RetryDelay).FlatMap(func(struct{}) *future.Future[struct{}] {
			// The timer completes Sleep on its own goroutine: hop back to
			// the loop before the retry touches the RPC client.
			return actor.Hop(m.self, func() *future.Future[struct{}] {
				return m.terminateWorkersWithRetry(r, attempt+1)
			})
		})
	})
}

// GiveUp returns the error that the termination of r fails with when
// attempt, which failed with err, was the last one; otherwise it logs the
// retry and returns nil.
func (m *RegionManager) GiveUp(r *RegionExecution, attempt int, err error) error {
	if attempt >= m.cfg.MaxAttempts {
		return fmt.Errorf("region %s: giving up after %d attempts: %w", r.id, attempt, err)
	}
	m.cfg.Logger.Info("termination attempt failed; retrying", "region", r.id, "attempt", attempt, "delay", m.cfg.RetryDelay, "err", err)
	return nil
}

func (m *RegionManager) terminateWorkers(r *RegionExecution) *future.Future[struct{}] {
	return m.EndWorkers(r).FlatMap(func(struct{}) *future.Future[struct{}] {
		return r.StopWorkers(m.stopAndMark)
	})
}

// stopAndMark stops w and marks it TERMINATED in a mailbox turn.
func (m *RegionManager) stopAndMark(w *WorkerExecution) *future.Future[struct{}] {
	return m.StopWorker(w).FlatMap(func(struct{}) *future.Future[struct{}] {
		// The stop completes on the worker's goroutine: the loop reads
		// worker states, so only the loop may write them.
		return actor.Hop(m.self, func() *future.Future[struct{}] {
			w.SetState(Terminated)
			return future.Value(struct{}{})
		})
	})
}

// EndWorkers asks every worker of r to end. The future completes on the
// owner's loop once all replied, and fails if one refused.
//
//confined:completes owner
func (m *RegionManager) EndWorkers(r *RegionExecution) *future.Future[struct{}] {
	acks := make([]*future.Future[struct{}], 0, len(r.workers))
	for _, w := range r.workers {
		acks = append(acks, m.client.EndWorker(w.id))
	}
	return all(acks)
}

// StopWorker stops w gracefully. The future completes on the worker's
// goroutine, off the owner.
//
//confined:completes async
func (m *RegionManager) StopWorker(w *WorkerExecution) *future.Future[struct{}] {
	return future.FromExternal(m.stopper.GracefulStop(w.id))
}

// all completes when every future of fs has, or fails with the first failure.
func all(fs []*future.Future[struct{}]) *future.Future[struct{}] {
	return future.Map(future.Collect(fs), func([]struct{}) struct{} { return struct{}{} })
}
