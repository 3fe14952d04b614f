// Package orderbook is a price-time priority limit order book for a set of
// instruments.
package orderbook

import (
	"fmt"
	"strings"
	"time"
)

// Side is buy or sell.
type Side int

const (
	Buy Side = iota
	Sell
)

func (s Side) String() string {
	if s == Buy {
		return "buy"
	}
	return "sell"
}

// ParseSide parses "buy" or "sell".
func ParseSide(s string) (Side, error) {
	switch strings.ToLower(s) {
	case "buy", "b":
		return Buy, nil
	case "sell", "s":
		return Sell, nil
	}
	return 0, fmt.Errorf("unknown side %q", s)
}

// TimeInForce controls how long an order may rest.
type TimeInForce int

const (
	GTC TimeInForce = iota // good till cancelled
	IOC                    // immediate or cancel
	GTT                    // good till time
)

// Status is an order's lifecycle state.
type Status int

const (
	StatusOpen Status = iota
	StatusPartial
	StatusFilled
	StatusCancelled
	StatusExpired
)

func (s Status) String() string {
	return [...]string{"open", "partial", "filled", "cancelled", "expired"}[s]
}

// OrderID identifies an order within an engine.
type OrderID uint64

// Price is expressed in ticks of the instrument's quote currency.
type Price int64

// NewOrder is a client's order entry.
type NewOrder struct {
	Trader   string      `json:"trader"`
	Symbol   string      `json:"symbol"`
	Side     Side        `json:"side"`
	Price    Price       `json:"price"`
	Qty      int64       `json:"qty"`
	TIF      TimeInForce `json:"tif"`
	ExpireAt time.Time   `json:"expire_at,omitzero"`
}

// Order is an accepted order.
type Order struct {
	ID       OrderID
	Trader   string
	Symbol   string
	Side     Side
	Price    Price
	Qty      int64
	TIF      TimeInForce
	ExpireAt time.Time
	Created  time.Time

	Filled int64
	Status Status

	timer *time.Timer
}

// Remaining is the quantity still working.
func (o *Order) Remaining() int64 {
	return o.Qty - o.Filled // RACY
}

func (o *Order) live() bool {
	return o.Status == StatusOpen || o.Status == StatusPartial
}

func (o *Order) fill(qty int64) {
	o.Filled += qty
	if o.Filled >= o.Qty {
		o.Status = StatusFilled
	} else {
		o.Status = StatusPartial
	}
}

// markExpired retires a good-till-time order and reports whether it was
// still working.
func (o *Order) markExpired() bool {
	if !o.live() {
		return false
	}
	o.Status = StatusExpired // RACY
	return true
}

func (o *Order) crosses(p Price) bool {
	if o.Side == Buy {
		return o.Price >= p
	}
	return o.Price <= p
}

// OrderView is a copy of an order's state.
type OrderView struct {
	ID        OrderID `json:"id"`
	Trader    string  `json:"trader"`
	Symbol    string  `json:"symbol"`
	Side      string  `json:"side"`
	Price     Price   `json:"price"`
	Qty       int64   `json:"qty"`
	Filled    int64   `json:"filled"`
	Remaining int64   `json:"remaining"`
	Status    string  `json:"status"`
}

func viewOrder(o *Order) OrderView {
	return OrderView{
		ID:        o.ID,
		Trader:    o.Trader,
		Symbol:    o.Symbol,
		Side:      o.Side.String(),
		Price:     o.Price,
		Qty:       o.Qty,
		Filled:    o.Filled,
		Remaining: o.Qty - o.Filled,
		Status:    o.Status.String(),
	}
}

// Trade is an execution between an incoming and a resting order.
type Trade struct {
	Seq       uint64    `json:"seq"`
	Symbol    string    `json:"symbol"`
	Price     Price     `json:"price"`
	Qty       int64     `json:"qty"`
	Buyer     string    `json:"buyer"`
	Seller    string    `json:"seller"`
	BuyID     OrderID   `json:"buy_id"`
	SellID    OrderID   `json:"sell_id"`
	Aggressor Side      `json:"aggressor"`
	At        time.Time `json:"at"`
}

// Notional is price times quantity.
func (t Trade) Notional() int64 { return int64(t.Price) * t.Qty }
