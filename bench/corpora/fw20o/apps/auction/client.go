package auction

import (
	"fmt"
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// Client talks to a running auction house.
type Client struct {
	system  *actor.ActorSystem
	house   *actor.PID
	bank    *actor.PID
	timeout time.Duration
}

// Start spawns the bank and the house actors.
func Start(system *actor.ActorSystem, cfg Config) *Client {
	cfg = cfg.withDefaults()
	bank := system.Root.Spawn(actor.PropsFromProducer(func() actor.Actor {
		return &Bank{bureau: cfg.Bureau, payments: cfg.Payments, timeout: cfg.RequestTimeout}
	}))
	h := newHouse(cfg, bank)
	house := system.Root.Spawn(actor.PropsFromProducer(func() actor.Actor { return h }))
	return &Client{system: system, house: house, bank: bank, timeout: 2 * cfg.RequestTimeout}
}

// Stop stops the house and the bank.
func (c *Client) Stop() {
	_ = c.system.Root.PoisonFuture(c.house).Wait()
	_ = c.system.Root.PoisonFuture(c.bank).Wait()
}

func ask[T any](c *Client, msg any) (T, error) {
	var zero T
	res, err := c.system.Root.RequestFuture(c.house, msg, c.timeout).Result()
	if err != nil {
		return zero, err
	}
	if e, ok := res.(error); ok {
		return zero, e
	}
	v, ok := res.(T)
	if !ok {
		return zero, fmt.Errorf("auction: unexpected reply %T", res)
	}
	return v, nil
}

// Open puts a lot under the hammer.
func (c *Client) Open(m OpenLot) (LotView, error) {
	return ask[LotView](c, m)
}

// Bid places a bid.
func (c *Client) Bid(lotID, bidderID string, amount int64) (BidAccepted, error) {
	return ask[BidAccepted](c, PlaceBid{LotID: lotID, BidderID: bidderID, Amount: amount})
}

// Register signs up a bidder.
func (c *Client) Register(id, name string) (BidderView, error) {
	return ask[BidderView](c, RegisterBidder{ID: id, Name: name})
}

// RefreshCredit requests a new credit line for a bidder.
func (c *Client) RefreshCredit(id string) error {
	_, err := ask[bool](c, RefreshCredit{BidderID: id})
	return err
}

// PayDeposit holds a deposit for a bidder.
func (c *Client) PayDeposit(id string, cents int64) (BidderView, error) {
	return ask[BidderView](c, PayDeposit{BidderID: id, Cents: cents})
}

// Lot returns a lot summary.
func (c *Client) Lot(id string) (LotView, error) {
	return ask[LotView](c, LotInfo{LotID: id})
}

// Bidder returns a bidder summary.
func (c *Client) Bidder(id string) (BidderView, error) {
	return ask[BidderView](c, BidderInfo{BidderID: id})
}
