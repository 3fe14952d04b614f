// Package coordinator runs a workflow's coordinator: an actor that owns the
// RPC client, the output gateway and the region executions, and handles
// every control message on its loop, one at a time. Replies of workers are
// fulfilled on that loop, region terminations run there, and statistics
// queries (which also create promises and take sequence numbers) are served
// there in between.
package coordinator

import (
	"context"
	"fmt"
	"time"

	"github.com/confinecheck/confinecheck/runtime/actor"
	"github.com/confinecheck/confinecheck/runtime/execution"
	"github.com/confinecheck/confinecheck/runtime/future"
	"github.com/confinecheck/confinecheck/runtime/network"
	"github.com/confinecheck/confinecheck/runtime/rpc"
	"github.com/confinecheck/confinecheck/runtime/worker"
)

// name is the coordinator's actor name, the sender of its control channels.
const name = "CONTROLLER"

// A Region is a set of workers that are terminated together.
type Region struct {
	ID      string
	Workers []WorkerSpec
}

// A WorkerSpec describes a fake worker.
type WorkerSpec struct {
	ID     string
	Queued int // data batches still queued: the worker refuses that many EndWorker requests
}

// A Terminator terminates the workers of a region, on the coordinator's
// loop.
type Terminator interface {
	//confined:owner
	TerminateRegion(r *execution.RegionExecution) *future.Future[struct{}]
}

// Options configure a coordinator.
type Options struct {
	// Config says how regions are retried; a nil Timer gets a SerialTimer
	// that the coordinator stops on Stop.
	execution.Config
	StatsTimeout time.Duration // how long a statistics query may take; 0 means 5s
	// Terminator, when set, wraps the coordinator's region manager into the
	// policy that terminates its regions; by default the manager itself.
	Terminator func(*execution.RegionManager) Terminator
}

// A Coordinator is the handle of a coordinator actor and its workers. Its
// methods are safe for use by multiple goroutines.
type Coordinator struct {
	ref       *actor.Ref
	workers   workerSet
	stopTimer func() // stops a timer the coordinator made; nil otherwise
}

// state is what the coordinator's loop owns.
//
//confined:owner
type state struct {
	// Callbacks that may run off the loop read self to hop back; it never
	// changes.
	//
	//confined:any
	self         *actor.Ref
	gateway      *network.OutputGateway
	client       *rpc.Client
	regions      map[string]*execution.RegionExecution
	order        []*execution.RegionExecution // regions in the order given, for stable statistics
	terminator   Terminator
	timer        future.Timer
	statsTimeout time.Duration
	workers      workerSet
}

// workerSet finds the worker handles by name. It is filled before any
// goroutine uses it and never changes.
type workerSet map[string]*worker.Worker

func (ws workerSet) GracefulStop(worker string) <-chan struct{} { return ws[worker].GracefulStop() }

// New starts the workers of regions and a coordinator for them.
func New(regions []Region, opts Options) *Coordinator {
	c := &Coordinator{ref: actor.New(), workers: make(workerSet)}
	if opts.Timer == nil {
		t := future.NewSerialTimer()
		opts.Timer, c.stopTimer = t, t.Stop
	}
	if opts.StatsTimeout == 0 {
		opts.StatsTimeout = 5 * time.Second
	}
	s := &state{
		self:         c.ref,
		regions:      make(map[string]*execution.RegionExecution),
		timer:        opts.Timer,
		statsTimeout: opts.StatsTimeout,
		workers:      c.workers,
	}
	s.gateway = network.NewOutputGateway(name, func(m network.Message) { c.workers[m.Channel.To].Deliver(m) })
	s.client = rpc.NewClient(s.gateway)
	for _, r := range regions {
		var ids []string
		for _, w := range r.Workers {
			c.workers[w.ID] = worker.Start(w.ID, w.Queued, func(ret rpc.Return) { c.ref.Tell(ret) })
			ids = append(ids, w.ID)
		}
		re := execution.NewRegionExecution(r.ID, ids)
		s.regions[r.ID] = re
		s.order = append(s.order, re)
	}
	manager := execution.NewRegionManager(c.ref, s.client, c.workers, opts.Config)
	s.terminator = manager
	if opts.Terminator != nil {
		s.terminator = opts.Terminator(manager)
	}
	c.ref.Start(s.receive)
	return c
}

// The messages of the coordinator's loop, besides the workers' rpc.Return.
type (
	terminateRegion struct {
		region string
		done   *future.Promise[struct{}]
	}
	queryStatistics struct {
		done *future.Promise[[]rpc.Statistics]
	}
	report struct {
		done *future.Promise[Report]
	}
)

// TerminateRegion terminates the workers of region.
func (c *Coordinator) TerminateRegion(region string) *future.Future[struct{}] {
	p := future.NewPromise[struct{}]()
	c.ref.Tell(terminateRegion{region: region, done: p})
	return p.Future()
}

// Statistics queries every running worker.
func (c *Coordinator) Statistics() *future.Future[[]rpc.Statistics] {
	p := future.NewPromise[[]rpc.Statistics]()
	c.ref.Tell(queryStatistics{done: p})
	return p.Future()
}

// A Report is a snapshot of the coordinator's state.
type Report struct {
	States      map[string]execution.WorkerState // by worker
	Unfulfilled int                              // RPC promises waiting for a reply
	OutOfOrder  int64                            // control messages received out of sequence, over all workers
}

// Report takes a snapshot of the coordinator's state.
func (c *Coordinator) Report() *future.Future[Report] {
	p := future.NewPromise[Report]()
	c.ref.Tell(report{done: p})
	return p.Future()
}

// Stop stops the workers that still run, the coordinator and the timer it
// made, waiting at most until ctx is done.
func (c *Coordinator) Stop(ctx context.Context) error {
	var stopped []<-chan struct{}
	for _, w := range c.workers {
		stopped = append(stopped, w.GracefulStop())
	}
	stopped = append(stopped, c.ref.Stop())
	for _, ch := range stopped {
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("coordinator: stop: %w", ctx.Err())
		}
	}
	if c.stopTimer != nil {
		c.stopTimer()
	}
	return nil
}

func (s *state) receive(msg any) {
	switch m := msg.(type) {
	case rpc.Return:
		s.client.FulfillPromise(m)
	case terminateRegion:
		s.terminateRegion(m)
	case queryStatistics:
		s.queryStatistics(m)
	case report:
		m.done.Complete(s.report(), nil)
	default:
		panic(fmt.Sprintf("coordinator: unexpected message %T", msg))
	}
}

func (s *state) terminateRegion(m terminateRegion) {
	r, ok := s.regions[m.region]
	if !ok {
		m.done.Complete(struct{}{}, fmt.Errorf("coordinator: no region %q", m.region))
		return
	}
	s.terminator.TerminateRegion(r).OnComplete(func(_ struct{}, err error) {
		// The terminator decides where its future completes: come back
		// to the loop to close the terminated workers' channels.
		s.self.Execute(func() {
			for _, w := range r.Workers() {
				if w.State() == execution.Terminated {
					s.gateway.RemoveControlChannel(w.ID())
				}
			}
			m.done.Complete(struct{}{}, err)
		})
	})
}

// queryStatistics queries the running workers only: a stopping worker may
// be gone before it could answer.
func (s *state) queryStatistics(m queryStatistics) {
	var replies []*future.Future[rpc.Statistics]
	for _, r := range s.order {
		for _, w := range r.Workers() {
			if w.State() == execution.Running {
				replies = append(replies, s.client.QueryStatistics(w.ID()))
			}
		}
	}
	future.Within(future.Collect(replies), s.timer, s.statsTimeout).OnComplete(m.done.Complete)
}

func (s *state) report() Report {
	rep := Report{States: make(map[string]execution.WorkerState), Unfulfilled: s.client.Unfulfilled()}
	for _, r := range s.order {
		for _, w := range r.Workers() {
			rep.States[w.ID()] = w.State()
		}
	}
	for _, w := range s.workers {
		rep.OutOfOrder += w.OutOfOrder()
	}
	return rep
}
