// Package worker is a fake worker for the coordinator runtime. Each worker
// is an actor that answers control commands on its own loop. It refuses
// EndWorker while it still has queued data batches, working off one batch
// per refusal as a real worker keeps draining its input between the
// coordinator's attempts, so a worker with n queued batches makes n
// termination attempts fail.
package worker

import (
	"fmt"
	"sync/atomic"

	"github.com/confinecheck/confinecheck/runtime/actor"
	"github.com/confinecheck/confinecheck/runtime/network"
	"github.com/confinecheck/confinecheck/runtime/rpc"
)

// A Worker is the handle of a worker actor; its methods are safe for use by
// multiple goroutines.
type Worker struct {
	ref        *actor.Ref
	outOfOrder atomic.Int64 // control messages whose sequence number was not the next one
}

// state is what the worker's loop owns. Each worker is an owner of its own,
// next to the coordinator: the @worker domain. (All workers share it: they
// are one type, and nothing here passes one worker's state to another.)
//
//confined:owner @worker
type state struct {
	id      string
	queued  int
	done    int
	nextSeq map[network.ChannelID]int64
	reply   func(rpc.Return)
	handle  *Worker
}

// Start starts the worker named id with queued data batches; reply sends
// its replies to the coordinator.
func Start(id string, queued int, reply func(rpc.Return)) *Worker {
	w := &Worker{ref: actor.New()}
	s := &state{id: id, queued: queued, nextSeq: make(map[network.ChannelID]int64), reply: reply, handle: w}
	w.run(s.receive)
	return w
}

// run starts the worker's loop, which calls receive for every message: the
// @worker domain, not the coordinator's, though both loops are actors.
//
//confined:hop @worker
func (w *Worker) run(receive func(msg any)) { w.ref.Start(receive) }

// Deliver hands the worker a control message.
func (w *Worker) Deliver(m network.Message) { w.ref.Tell(m) }

// GracefulStop lets the worker answer the messages delivered so far, then
// stops it. The channel is closed, on the worker's goroutine, once it has
// stopped.
func (w *Worker) GracefulStop() <-chan struct{} { return w.ref.Stop() }

// OutOfOrder counts the control messages whose sequence number was not the
// next one on their channel: duplicated, lost or reordered messages.
func (w *Worker) OutOfOrder() int64 { return w.outOfOrder.Load() }

func (s *state) receive(msg any) {
	m := msg.(network.Message)
	if m.Seq != s.nextSeq[m.Channel] {
		s.handle.outOfOrder.Add(1)
	}
	s.nextSeq[m.Channel] = m.Seq + 1
	inv := m.Payload.(rpc.Invocation)
	ret := rpc.Return{ID: inv.ID}
	switch inv.Command.(type) {
	case rpc.EndWorkerRequest:
		if s.queued > 0 {
			ret.Err = fmt.Errorf("worker %s: still has %d queued batches", s.id, s.queued)
			s.queued--
			s.done++
		}
	case rpc.QueryStatisticsRequest:
		ret.Value = rpc.Statistics{Worker: s.id, Processed: s.done}
	default:
		ret.Err = fmt.Errorf("worker %s: unknown command %T", s.id, inv.Command)
	}
	s.reply(ret)
}
