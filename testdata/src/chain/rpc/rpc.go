// Package rpc sends control messages through the gateway.
package rpc

import (
	"chain/netstate"
	"future"
)

// Client is not confined itself; the gateway it uses is.
type Client struct {
	gw *netstate.Gateway
}

func NewClient(gw *netstate.Gateway) *Client { return &Client{gw: gw} }

// EndWorker's reply is fulfilled by the owner's loop.
//
//confined:completes owner
func (c *Client) EndWorker(worker string) *future.Future[int] {
	return c.send(worker)
}

func (c *Client) send(worker string) *future.Future[int] {
	c.stamp(worker)
	return future.New[int]()
}

func (c *Client) stamp(worker string) { c.gw.Next(worker) }
