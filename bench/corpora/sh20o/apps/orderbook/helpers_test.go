package orderbook

import (
	"testing"
	"time"
)

func newTestEngine(t *testing.T, opts ...Option) *Engine {
	t.Helper()
	e := New(opts...)
	t.Cleanup(e.Close)
	return e
}

func limit(trader string, side Side, price Price, qty int64) NewOrder {
	return NewOrder{Trader: trader, Symbol: "ACME", Side: side, Price: price, Qty: qty}
}

func mustSubmit(t *testing.T, e *Engine, req NewOrder) (*Order, []Trade) {
	t.Helper()
	o, trades, err := e.Submit(req)
	if err != nil {
		t.Fatalf("submit %+v: %v", req, err)
	}
	return o, trades
}

func eventually(timeout time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if cond() {
			return true
		}
		time.Sleep(time.Millisecond)
	}
	return cond()
}
