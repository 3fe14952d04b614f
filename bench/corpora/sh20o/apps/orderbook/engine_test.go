package orderbook

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"example.com/corpus/trial-sh20o/internal/notify"
)

func TestPriceTimePriority(t *testing.T) {
	e := newTestEngine(t)
	first, _ := mustSubmit(t, e, limit("ann", Sell, 101, 10))
	second, _ := mustSubmit(t, e, limit("bob", Sell, 101, 10))
	mustSubmit(t, e, limit("cat", Sell, 100, 5))

	_, trades := mustSubmit(t, e, limit("dan", Buy, 101, 12))
	if len(trades) != 2 {
		t.Fatalf("trades = %+v", trades)
	}
	if trades[0].Seller != "cat" || trades[0].Price != 100 || trades[0].Qty != 5 {
		t.Fatalf("first trade = %+v", trades[0])
	}
	if trades[1].Seller != "ann" || trades[1].Qty != 7 {
		t.Fatalf("second trade = %+v", trades[1])
	}
	v1, _ := e.Order(first.ID)
	v2, _ := e.Order(second.ID)
	if v1.Remaining != 3 || v1.Status != "partial" || v2.Remaining != 10 {
		t.Fatalf("resting = %+v / %+v", v1, v2)
	}
}

func TestDepthAggregatesLevels(t *testing.T) {
	e := newTestEngine(t)
	for _, req := range []NewOrder{
		limit("a", Buy, 99, 10), limit("b", Buy, 99, 5), limit("c", Buy, 98, 7),
		limit("d", Sell, 102, 4), limit("e", Sell, 101, 6),
	} {
		mustSubmit(t, e, req)
	}
	d, err := e.Depth("ACME", 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Bids) != 2 || d.Bids[0] != (Level{Price: 99, Qty: 15, Orders: 2}) {
		t.Fatalf("bids = %+v", d.Bids)
	}
	if len(d.Asks) != 2 || d.Asks[0].Price != 101 {
		t.Fatalf("asks = %+v", d.Asks)
	}
	d.Bids[0].Qty = 0
	again, _ := e.Depth("ACME", 5)
	if again.Bids[0].Qty != 15 {
		t.Fatal("depth shares memory with the book")
	}
}

func TestIOCDoesNotRest(t *testing.T) {
	e := newTestEngine(t)
	mustSubmit(t, e, limit("ann", Sell, 100, 5))
	req := limit("bob", Buy, 100, 8)
	req.TIF = IOC
	o, trades := mustSubmit(t, e, req)
	if len(trades) != 1 {
		t.Fatalf("trades = %+v", trades)
	}
	v, _ := e.Order(o.ID)
	if v.Status != "cancelled" || v.Filled != 5 {
		t.Fatalf("ioc = %+v", v)
	}
	if d, _ := e.Depth("ACME", 5); len(d.Bids) != 0 {
		t.Fatalf("ioc rested: %+v", d)
	}
}

func TestValidation(t *testing.T) {
	e := newTestEngine(t, WithConfig(Config{TickSize: 5, LotSize: 100, MaxQty: 10_000}))
	cases := []NewOrder{
		{Symbol: "ACME", Side: Buy, Price: 100, Qty: 100},
		limit("ann", Buy, 101, 100),
		limit("ann", Buy, 100, 150),
		limit("ann", Buy, 100, 20_000),
		{Trader: "ann", Symbol: "ACME", Price: 100, Qty: 100, TIF: GTT},
	}
	for _, req := range cases {
		if _, _, err := e.Submit(req); !errors.Is(err, ErrInvalid) {
			t.Errorf("%+v: err = %v", req, err)
		}
	}
	past := limit("ann", Buy, 100, 100)
	past.TIF, past.ExpireAt = GTT, time.Now().Add(-time.Second)
	if _, _, err := e.Submit(past); !errors.Is(err, ErrInvalid) {
		t.Fatalf("expired GTT: %v", err)
	}
}

func TestCancel(t *testing.T) {
	e := newTestEngine(t)
	o, _ := mustSubmit(t, e, limit("ann", Buy, 100, 10))
	if err := e.Cancel(o.ID); err != nil {
		t.Fatal(err)
	}
	if err := e.Cancel(o.ID); !errors.Is(err, ErrNotWorking) {
		t.Fatalf("second cancel: %v", err)
	}
	if err := e.Cancel(999); !errors.Is(err, ErrUnknownOrder) {
		t.Fatalf("unknown: %v", err)
	}
}

func TestCancelAfterWhileTrading(t *testing.T) {
	e := newTestEngine(t)
	o, _ := mustSubmit(t, e, limit("ann", Sell, 105, 1000))
	e.CancelAfter(o.ID, 10*time.Millisecond)

	var wg sync.WaitGroup
	wg.Go(func() {
		for range 30 {
			_, _, _ = e.Submit(limit("bob", Buy, 100, 1))
			time.Sleep(time.Millisecond)
		}
	})
	ok := eventually(2*time.Second, func() bool {
		v, err := e.Order(o.ID)
		return err == nil && v.Status == "cancelled"
	})
	wg.Wait()
	if !ok {
		t.Fatal("order never cancelled")
	}
	if d, _ := e.Depth("ACME", 1); len(d.Asks) != 0 {
		t.Fatalf("asks = %+v", d.Asks)
	}
}

func TestTradeBusDeliversCopies(t *testing.T) {
	bus := notify.NewBus[Trade](64)
	defer bus.Close()
	got := make(chan Trade, 64)
	bus.Subscribe(func(tr Trade) { got <- tr })

	e := newTestEngine(t, WithTradeBus(bus))
	var wg sync.WaitGroup
	wg.Go(func() {
		for range 10 {
			_, _, _ = e.Submit(limit("mm", Sell, 100, 1))
		}
	})
	wg.Go(func() {
		for range 10 {
			_, _, _ = e.Submit(limit("fund", Buy, 100, 1))
		}
	})
	wg.Wait()
	var volume int64
	for volume < 10 {
		select {
		case tr := <-got:
			volume += tr.Qty
		case <-time.After(2 * time.Second):
			t.Fatalf("only %d traded", volume)
		}
	}
	q, _ := e.Quote("ACME")
	if q.Volume != 10 || q.Last != 100 {
		t.Fatalf("quote = %+v", q)
	}
}

func TestRiskLimitsUpdatedLive(t *testing.T) {
	limits := NewRiskLimits(1_000_000)
	e := newTestEngine(t, WithRiskLimits(limits))
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range 20 {
			limits.Set("ann", int64(1000+i))
			time.Sleep(200 * time.Microsecond)
		}
		limits.Set("ann", 500)
	})
	for range 20 {
		_, _, _ = e.Submit(limit("ann", Buy, 10, 10))
	}
	wg.Wait()
	if _, _, err := e.Submit(limit("ann", Buy, 10, 100)); !errors.Is(err, ErrRiskLimit) {
		t.Fatalf("err = %v", err)
	}
	if _, _, err := e.Submit(limit("bob", Buy, 10, 100)); err != nil {
		t.Fatalf("bob: %v", err)
	}
}

func TestSubmitBatch(t *testing.T) {
	e := newTestEngine(t, WithRiskLimits(NewRiskLimits(10_000)))
	reqs := []NewOrder{
		limit("a", Sell, 100, 10),
		limit("b", Sell, 0, 10),
		limit("c", Buy, 100, 4),
		limit("d", Buy, 100, 1_000),
	}
	views, rejected, err := e.SubmitBatch(context.Background(), reqs)
	if err != nil {
		t.Fatal(err)
	}
	if len(views) != 2 || len(rejected) != 2 {
		t.Fatalf("views = %+v rejected = %v", views, rejected)
	}
	if !errors.Is(rejected[1], ErrInvalid) || !errors.Is(rejected[3], ErrRiskLimit) {
		t.Fatalf("rejected = %v", rejected)
	}
	if views[1].Status != "filled" {
		t.Fatalf("buy = %+v", views[1])
	}
}

func TestConcurrentTraders(t *testing.T) {
	e := newTestEngine(t)
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			side := Buy
			if i%2 == 1 {
				side = Sell
			}
			for range 25 {
				if _, _, err := e.Submit(limit("t", side, 100, 2)); err != nil {
					t.Errorf("submit: %v", err)
				}
			}
		})
	}
	wg.Wait()
	st, _ := e.Stats()
	d, _ := e.Depth("ACME", 1)
	if st.Orders != 100 || len(d.Bids) != 0 || len(d.Asks) != 0 {
		t.Fatalf("stats = %+v depth = %+v", st, d)
	}
}
