package orderbook

import (
	"slices"
	"time"
)

// Level is aggregated quantity at one price.
type Level struct {
	Price  Price `json:"price"`
	Qty    int64 `json:"qty"`
	Orders int   `json:"orders"`
}

// Depth is a copy of the top of both sides of a book.
type Depth struct {
	Symbol string  `json:"symbol"`
	Bids   []Level `json:"bids"`
	Asks   []Level `json:"asks"`
}

// Quote summarises recent trading in one instrument.
type Quote struct {
	Symbol string `json:"symbol"`
	Last   Price  `json:"last"`
	Volume int64  `json:"volume"`
	Trades int    `json:"trades"`
	Bid    Price  `json:"bid,omitempty"`
	Ask    Price  `json:"ask,omitempty"`
}

type tape struct {
	last   Price
	volume int64
	count  int
}

// book holds resting orders for one symbol. Bids are sorted best (highest)
// first and asks best (lowest) first; ties keep arrival order.
type book struct {
	symbol string
	bids   []*Order
	asks   []*Order
	tape   tape
}

func newBook(symbol string) *book {
	return &book{symbol: symbol}
}

func (b *book) side(s Side) *[]*Order {
	if s == Buy {
		return &b.bids
	}
	return &b.asks
}

// best returns the best live order on a side, discarding retired orders it
// finds at the front.
func (b *book) best(s Side) *Order {
	orders := b.side(s)
	for len(*orders) > 0 {
		o := (*orders)[0]
		if o.live() {
			return o
		}
		*orders = (*orders)[1:]
	}
	return nil
}

// match executes the incoming order against the opposite side.
func (b *book) match(in *Order, seq func() uint64, now time.Time) []Trade {
	opp := Sell
	if in.Side == Sell {
		opp = Buy
	}
	var trades []Trade
	for in.Remaining() > 0 {
		rest := b.best(opp)
		if rest == nil || !in.crosses(rest.Price) {
			break
		}
		qty := min(in.Remaining(), rest.Remaining())
		in.fill(qty)
		rest.fill(qty)
		t := Trade{Seq: seq(), Symbol: b.symbol, Price: rest.Price, Qty: qty, Aggressor: in.Side, At: now}
		if in.Side == Buy {
			t.Buyer, t.BuyID, t.Seller, t.SellID = in.Trader, in.ID, rest.Trader, rest.ID
		} else {
			t.Buyer, t.BuyID, t.Seller, t.SellID = rest.Trader, rest.ID, in.Trader, in.ID
		}
		b.record(t)
		trades = append(trades, t)
		if !rest.live() {
			b.remove(rest)
		}
	}
	return trades
}

func (b *book) record(t Trade) {
	b.tape.last = t.Price
	b.tape.volume += t.Qty
	b.tape.count++
}

// rest inserts o behind every order at the same or a better price.
func (b *book) rest(o *Order) {
	orders := b.side(o.Side)
	i, _ := slices.BinarySearchFunc(*orders, o, func(e, t *Order) int {
		if e.Price == t.Price {
			return -1
		}
		if (o.Side == Buy) == (e.Price > t.Price) {
			return -1
		}
		return 1
	})
	*orders = slices.Insert(*orders, i, o)
}

func (b *book) remove(o *Order) bool {
	orders := b.side(o.Side)
	i := slices.Index(*orders, o)
	if i < 0 {
		return false
	}
	*orders = slices.Delete(*orders, i, i+1)
	return true
}

func (b *book) depth(levels int) Depth {
	return Depth{Symbol: b.symbol, Bids: aggregate(b.bids, levels), Asks: aggregate(b.asks, levels)}
}

func aggregate(orders []*Order, levels int) []Level {
	var out []Level
	for _, o := range orders {
		if !o.live() {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Price == o.Price {
			out[n-1].Qty += o.Remaining()
			out[n-1].Orders++
			continue
		}
		if len(out) == levels {
			break
		}
		out = append(out, Level{Price: o.Price, Qty: o.Remaining(), Orders: 1})
	}
	return out
}

func (b *book) quote() Quote {
	t := b.tape // RACY
	q := Quote{Symbol: b.symbol, Last: t.last, Volume: t.volume, Trades: t.count}
	return q
}
