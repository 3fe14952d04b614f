package orderbook

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"example.com/corpus/trial-sh20o/internal/batch"
	"example.com/corpus/trial-sh20o/internal/notify"
	"example.com/corpus/trial-sh20o/internal/pool"
)

// Errors returned by the engine.
var (
	ErrClosed       = errors.New("orderbook: engine closed")
	ErrInvalid      = errors.New("orderbook: invalid order")
	ErrUnknownOrder = errors.New("orderbook: unknown order")
	ErrNotWorking   = errors.New("orderbook: order is not working")
	ErrRiskLimit    = errors.New("orderbook: risk limit exceeded")
)

// Config holds trading rules fixed for the life of the engine.
type Config struct {
	TickSize Price
	LotSize  int64
	MaxQty   int64
	Fees     FeeSchedule
	Symbols  []string
}

// FeeSchedule is expressed in basis points of notional.
type FeeSchedule struct {
	MakerBps int64 `json:"maker_bps"`
	TakerBps int64 `json:"taker_bps"`
}

// DefaultConfig returns typical equity-market rules.
func DefaultConfig() Config {
	return Config{TickSize: 1, LotSize: 1, MaxQty: 1_000_000, Fees: FeeSchedule{MakerBps: -1, TakerBps: 3}}
}

// Settler receives executed trades for clearing.
type Settler interface {
	Settle(ctx context.Context, trades []Trade) error
}

// Stats counts engine activity.
type Stats struct {
	Orders    int `json:"orders"`
	Trades    int `json:"trades"`
	Cancelled int `json:"cancelled"`
	Expired   int `json:"expired"`
	Rejected  int `json:"rejected"`
	Unsettled int `json:"unsettled"`
}

// Option customises an Engine.
type Option func(*Engine)

// WithConfig replaces the trading rules.
func WithConfig(c Config) Option { return func(e *Engine) { e.cfg = c } }

// WithTradeBus publishes every trade on bus.
func WithTradeBus(bus *notify.Bus[Trade]) Option { return func(e *Engine) { e.trades = bus } }

// WithRiskLimits checks orders against per-trader limits.
func WithRiskLimits(l *RiskLimits) Option { return func(e *Engine) { e.limits = l } }

// WithSettlement sends trades to s in batches.
func WithSettlement(s Settler, size int, every time.Duration) Option {
	return func(e *Engine) {
		e.settler = s
		e.settleOpts = []batch.Option{batch.Size(size), batch.Every(every)}
	}
}

// WithClock overrides the time source.
func WithClock(now func() time.Time) Option { return func(e *Engine) { e.now = now } }

// Engine matches orders for any number of symbols.
type Engine struct {
	cfg        Config
	trades     *notify.Bus[Trade]
	limits     *RiskLimits
	settler    Settler
	settleOpts []batch.Option
	clearing   *batch.Batcher[Trade]
	now        func() time.Time

	ops       chan func()
	quit      chan struct{}
	done      chan struct{}
	closeOnce sync.Once

	books     map[string]*book
	orders    map[OrderID]*Order
	nextID    OrderID
	nextTrade uint64
	unsettled int
	stats     Stats
}

// New starts an engine.
func New(opts ...Option) *Engine {
	e := &Engine{
		cfg:    DefaultConfig(),
		now:    time.Now,
		ops:    make(chan func(), 128),
		quit:   make(chan struct{}),
		done:   make(chan struct{}),
		books:  make(map[string]*book),
		orders: make(map[OrderID]*Order),
	}
	for _, o := range opts {
		o(e)
	}
	for _, sym := range e.cfg.Symbols {
		e.books[sym] = newBook(sym)
	}
	if e.settler != nil {
		e.clearing = batch.New(e.settleBatch, e.settleOpts...)
	}
	go e.run()
	return e
}

func (e *Engine) run() {
	defer close(e.done)
	for {
		select {
		case op := <-e.ops:
			op()
		case <-e.quit:
			return
		}
	}
}

// exec queues op for execution.
func (e *Engine) exec(op func()) error {
	select {
	case <-e.quit:
		return ErrClosed
	default:
	}
	select {
	case e.ops <- op:
		return nil
	case <-e.quit:
		return ErrClosed
	}
}

// query runs fn and returns its result.
func query[T any](e *Engine, fn func() T) (T, error) {
	reply := make(chan T, 1)
	if err := e.exec(func() { reply <- fn() }); err != nil {
		var zero T
		return zero, err
	}
	select {
	case v := <-reply:
		return v, nil
	case <-e.done:
		var zero T
		return zero, ErrClosed
	}
}

// Close stops the engine and flushes pending settlement.
func (e *Engine) Close() {
	e.closeOnce.Do(func() { close(e.quit) })
	<-e.done
	if e.clearing != nil {
		e.clearing.Close()
	}
}

// Fees returns the fee schedule.
func (e *Engine) Fees() FeeSchedule { return e.cfg.Fees }

type submitResult struct {
	order  *Order
	trades []Trade
	err    error
}

// Submit validates and enters an order, returning the accepted order and the
// trades it produced.
func (e *Engine) Submit(req NewOrder) (*Order, []Trade, error) {
	if err := e.validate(req); err != nil {
		return nil, nil, err
	}
	if err := e.limits.Check(req.Trader, int64(req.Price)*req.Qty); err != nil {
		return nil, nil, err
	}
	res, err := query(e, func() submitResult { return e.enter(req) })
	if err != nil {
		return nil, nil, err
	}
	return res.order, res.trades, res.err
}

// SubmitBatch validates a batch in parallel and enters the valid orders in
// one step. Invalid orders are reported by index.
func (e *Engine) SubmitBatch(ctx context.Context, reqs []NewOrder) ([]OrderView, map[int]error, error) {
	type verdict struct{ err error }
	checks, err := pool.Map(ctx, 4, reqs, func(_ context.Context, r NewOrder) (verdict, error) {
		if err := e.validate(r); err != nil {
			return verdict{err}, nil
		}
		return verdict{e.limits.Check(r.Trader, int64(r.Price)*r.Qty)}, nil
	})
	if err != nil {
		return nil, nil, err
	}
	rejected := make(map[int]error)
	var accepted []NewOrder
	for i, c := range checks {
		if c.err != nil {
			rejected[i] = c.err
			continue
		}
		accepted = append(accepted, reqs[i])
	}
	views, err := query(e, func() []OrderView {
		out := make([]OrderView, 0, len(accepted))
		for _, r := range accepted {
			if res := e.enter(r); res.err == nil {
				out = append(out, viewOrder(res.order))
			}
		}
		return out
	})
	return views, rejected, err
}

func (e *Engine) validate(req NewOrder) error {
	switch {
	case strings.TrimSpace(req.Trader) == "" || strings.TrimSpace(req.Symbol) == "":
		return fmt.Errorf("%w: trader and symbol are required", ErrInvalid)
	case req.Qty <= 0 || req.Qty > e.cfg.MaxQty:
		return fmt.Errorf("%w: quantity %d out of range", ErrInvalid, req.Qty)
	case e.cfg.LotSize > 1 && req.Qty%e.cfg.LotSize != 0:
		return fmt.Errorf("%w: quantity %d is not a multiple of lot %d", ErrInvalid, req.Qty, e.cfg.LotSize)
	case req.Price <= 0 || req.Price%e.cfg.TickSize != 0:
		return fmt.Errorf("%w: price %d is not on the tick grid", ErrInvalid, req.Price)
	case req.TIF == GTT && req.ExpireAt.IsZero():
		return fmt.Errorf("%w: good-till-time order without expiry", ErrInvalid)
	}
	return nil
}

// enter books a validated order.
func (e *Engine) enter(req NewOrder) submitResult {
	now := e.now()
	if req.TIF == GTT && !req.ExpireAt.After(now) {
		e.stats.Rejected++
		return submitResult{err: fmt.Errorf("%w: already expired", ErrInvalid)}
	}
	e.nextID++
	o := &Order{
		ID: e.nextID, Trader: req.Trader, Symbol: req.Symbol, Side: req.Side,
		Price: req.Price, Qty: req.Qty, TIF: req.TIF, ExpireAt: req.ExpireAt,
		Created: now, Status: StatusOpen,
	}
	e.orders[o.ID] = o
	e.stats.Orders++
	b := e.bookFor(req.Symbol)
	trades := b.match(o, e.tradeSeq, now)
	e.afterTrades(trades)
	switch {
	case !o.live():
	case o.TIF == IOC:
		o.Status = StatusCancelled
		e.stats.Cancelled++
	default:
		b.rest(o)
		if o.TIF == GTT {
			e.armExpiry(b, o)
		}
	}
	return submitResult{order: o, trades: trades}
}

func (e *Engine) bookFor(symbol string) *book {
	b, ok := e.books[symbol]
	if !ok {
		b = newBook(symbol)
		e.books[symbol] = b
	}
	return b
}

func (e *Engine) tradeSeq() uint64 {
	e.nextTrade++
	return e.nextTrade
}

func (e *Engine) afterTrades(trades []Trade) {
	for _, t := range trades {
		e.stats.Trades++
		if e.trades != nil {
			e.trades.Publish(t)
		}
		if e.clearing != nil {
			e.unsettled++
			e.clearing.Add(t)
		}
	}
}

// Cancel withdraws a working order.
func (e *Engine) Cancel(id OrderID) error {
	res, err := query(e, func() error {
		o, ok := e.orders[id]
		if !ok {
			return ErrUnknownOrder
		}
		if !o.live() {
			return ErrNotWorking
		}
		if o.timer != nil {
			o.timer.Stop()
		}
		o.Status = StatusCancelled
		e.books[o.Symbol].remove(o)
		e.stats.Cancelled++
		return nil
	})
	if err != nil {
		return err
	}
	return res
}

// CancelAfter cancels the order once d has elapsed unless it has already
// finished by then.
func (e *Engine) CancelAfter(id OrderID, d time.Duration) *time.Timer {
	return time.AfterFunc(d, func() {
		_ = e.Cancel(id)
	})
}

// Order returns a copy of an order's state.
func (e *Engine) Order(id OrderID) (OrderView, error) {
	type result struct {
		v  OrderView
		ok bool
	}
	r, err := query(e, func() result {
		o, ok := e.orders[id]
		if !ok {
			return result{}
		}
		return result{viewOrder(o), true}
	})
	if err != nil {
		return OrderView{}, err
	}
	if !r.ok {
		return OrderView{}, ErrUnknownOrder
	}
	return r.v, nil
}

// Depth returns the top levels of a book.
func (e *Engine) Depth(symbol string, levels int) (Depth, error) {
	return query(e, func() Depth {
		b, ok := e.books[symbol]
		if !ok {
			return Depth{Symbol: symbol}
		}
		return b.depth(levels)
	})
}

// Quote returns the last trade, volume and touch for a symbol.
func (e *Engine) Quote(symbol string) (Quote, error) {
	return query(e, func() Quote {
		b, ok := e.books[symbol]
		if !ok {
			return Quote{Symbol: symbol}
		}
		q := b.quote()
		if o := b.best(Buy); o != nil {
			q.Bid = o.Price
		}
		if o := b.best(Sell); o != nil {
			q.Ask = o.Price
		}
		return q
	})
}

// Stats returns a copy of the counters.
func (e *Engine) Stats() (Stats, error) {
	return query(e, func() Stats {
		s := e.stats
		s.Unsettled = e.unsettled
		return s
	})
}
