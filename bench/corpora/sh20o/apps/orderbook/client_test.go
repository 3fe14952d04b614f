package orderbook

import (
	"context"
	"sync"
	"testing"
	"time"
)

func TestRestingOrderReportsRemaining(t *testing.T) {
	e := newTestEngine(t)
	offer, _ := mustSubmit(t, e, limit("maker", Sell, 100, 50))

	var wg sync.WaitGroup
	wg.Go(func() {
		for range 25 {
			_, _, _ = e.Submit(limit("taker", Buy, 100, 2))
			time.Sleep(time.Millisecond)
		}
	})
	seen := []int64{}
	for range 30 {
		rem := offer.Remaining()
		if len(seen) == 0 || seen[len(seen)-1] != rem {
			seen = append(seen, rem)
		}
		time.Sleep(time.Millisecond)
	}
	wg.Wait()
	v, err := e.Order(offer.ID)
	if err != nil {
		t.Fatal(err)
	}
	if v.Remaining != 0 || v.Status != "filled" {
		t.Fatalf("view = %+v", v)
	}
}

func TestGoodTillTimeOrderExpires(t *testing.T) {
	e := newTestEngine(t)
	req := limit("maker", Sell, 105, 100)
	req.TIF, req.ExpireAt = GTT, time.Now().Add(15*time.Millisecond)
	o, _ := mustSubmit(t, e, req)

	var wg sync.WaitGroup
	wg.Go(func() {
		for range 40 {
			_, _, _ = e.Submit(limit("bidder", Buy, 100, 1))
			time.Sleep(time.Millisecond)
		}
	})
	wg.Wait()
	ok := eventually(2*time.Second, func() bool {
		st, err := e.Stats()
		return err == nil && st.Expired == 1
	})
	if !ok {
		t.Fatal("order never expired")
	}
	if v, _ := e.Order(o.ID); v.Status != "expired" {
		t.Fatalf("status = %s", v.Status)
	}
	if d, _ := e.Depth("ACME", 1); len(d.Asks) != 0 {
		t.Fatalf("asks = %+v", d.Asks)
	}
}

func TestFeedPublishesLastTrade(t *testing.T) {
	e := newTestEngine(t, WithConfig(Config{TickSize: 1, LotSize: 1, MaxQty: 1000, Symbols: []string{"ACME"}}))
	quotes := make(chan Quote, 256)
	stop := e.StartFeed("ACME", time.Millisecond, func(q Quote) {
		select {
		case quotes <- q:
		default:
		}
	})
	for i := range 30 {
		px := Price(100 + i%3)
		mustSubmit(t, e, limit("mm", Sell, px, 1))
		mustSubmit(t, e, limit("fund", Buy, px, 1))
		time.Sleep(time.Millisecond)
	}
	defer stop()
	var last Quote
	timeout := time.After(2 * time.Second)
	for last.Volume < 30 {
		select {
		case last = <-quotes:
		case <-timeout:
			t.Fatalf("last quote = %+v", last)
		}
	}
	if last.Trades != 30 || last.Last != 102 {
		t.Fatalf("last quote = %+v", last)
	}
}

type recordingSettler struct {
	mu      sync.Mutex
	settled int
}

func (s *recordingSettler) Settle(_ context.Context, trades []Trade) error {
	s.mu.Lock()
	s.settled += len(trades)
	s.mu.Unlock()
	return nil
}

func TestSettlementDrainsUnsettled(t *testing.T) {
	settler := &recordingSettler{}
	e := newTestEngine(t, WithSettlement(settler, 4, 2*time.Millisecond))
	for range 20 {
		mustSubmit(t, e, limit("mm", Sell, 100, 1))
		mustSubmit(t, e, limit("fund", Buy, 100, 1))
		time.Sleep(time.Millisecond)
	}
	ok := eventually(2*time.Second, func() bool {
		st, err := e.Stats()
		return err == nil && st.Unsettled == 0
	})
	if !ok {
		st, _ := e.Stats()
		t.Fatalf("unsettled = %d", st.Unsettled)
	}
	st, _ := e.Stats()
	if st.Trades != 20 {
		t.Fatalf("trades = %d", st.Trades)
	}
}
