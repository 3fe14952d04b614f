// Package rpc is the coordinator's asynchronous RPC client: it sends control
// commands to workers through the output gateway and matches their replies to
// promises by id.
//
// The client belongs to the coordinator's loop. Replies come back as
// messages to that loop, which hands them to FulfillPromise, so the futures
// that RPC methods return complete on the loop: they are declared
// //confined:completes owner, and callbacks on them may touch the
// coordinator's state.
package rpc

import (
	"fmt"

	"github.com/confinecheck/confinecheck/runtime/future"
	"github.com/confinecheck/confinecheck/runtime/network"
)

// An Invocation is a command on the wire, with the id its reply must carry.
type Invocation struct {
	ID      int64
	Command any
}

// A Return is a worker's reply to the invocation with the same ID.
type Return struct {
	ID    int64
	Value any
	Err   error
}

// EndWorkerRequest asks a worker to finish: it refuses while it still has
// queued work.
type EndWorkerRequest struct{}

// QueryStatisticsRequest asks a worker for its Statistics.
type QueryStatisticsRequest struct{}

// Statistics is what a worker reports about its progress.
type Statistics struct {
	Worker    string
	Processed int // data batches processed so far
}

// A Client sends commands and keeps the promises of their replies. It
// belongs to one actor's loop: the id counter and the promise map are plain.
//
//confined:owner
type Client struct {
	gateway             *network.OutputGateway
	promiseID           int64
	unfulfilledPromises map[int64]*future.Promise[any]
}

// NewClient returns a client that sends through gateway.
func NewClient(gateway *network.OutputGateway) *Client {
	return &Client{gateway: gateway, unfulfilledPromises: make(map[int64]*future.Promise[any])}
}

// EndWorker asks worker to end.
//
//confined:completes owner
func (c *Client) EndWorker(worker string) *future.Future[struct{}] {
	return expect[struct{}](c.send(worker, EndWorkerRequest{}))
}

// QueryStatistics asks worker for its statistics.
//
//confined:completes owner
func (c *Client) QueryStatistics(worker string) *future.Future[Statistics] {
	return expect[Statistics](c.send(worker, QueryStatisticsRequest{}))
}

// FulfillPromise completes the promise that ret answers, running the
// callbacks of its future on the calling goroutine: the owner's loop.
// A reply that matches no promise is dropped.
func (c *Client) FulfillPromise(ret Return) {
	p, ok := c.unfulfilledPromises[ret.ID]
	if !ok {
		return
	}
	p.Complete(ret.Value, ret.Err)
	delete(c.unfulfilledPromises, ret.ID)
}

// Unfulfilled counts the promises still waiting for a reply.
func (c *Client) Unfulfilled() int { return len(c.unfulfilledPromises) }

func (c *Client) send(to string, command any) *future.Future[any] {
	id, p := c.createPromise()
	c.gateway.SendTo(to, Invocation{ID: id, Command: command})
	return p.Future()
}

// createPromise takes the next id and registers its promise.
func (c *Client) createPromise() (int64, *future.Promise[any]) {
	c.promiseID++
	p := future.NewPromise[any]()
	c.unfulfilledPromises[c.promiseID] = p
	return c.promiseID, p
}

// expect types the untyped reply of a command whose reply is a T (the zero
// value of T stands for an empty reply).
func expect[T any](f *future.Future[any]) *future.Future[T] {
	return future.Transform(f, func(v any, err error) (T, error) {
		var zero T
		if err != nil || v == nil {
			return zero, err
		}
		t, ok := v.(T)
		if !ok {
			return zero, fmt.Errorf("rpc: reply %T, want %T", v, zero)
		}
		return t, nil
	})
}
