package feed

import (
	"sync"
	"testing"
)

type fixed Quote

func (f fixed) Quote() Quote { return Quote(f) }

func TestSubscribersReceiveUpdatesInOrder(t *testing.T) {
	b := New(8)
	ch, unsubscribe := b.Subscribe(8)
	defer unsubscribe()
	b.Publish(fixed{LotID: "L1", Amount: 100, Bidder: "ann", Bids: 1})
	b.Announce(Result{LotID: "L1", Winner: "ann", Amount: 100, Sold: true})
	u := <-ch
	if u.Quote == nil || u.Quote.Amount != 100 {
		t.Fatalf("first update = %+v", u)
	}
	u = <-ch
	if u.Result == nil || !u.Result.Sold {
		t.Fatalf("second update = %+v", u)
	}
	b.Close()
}

func TestSubscribeWhilePublishing(t *testing.T) {
	b := New(4)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 20 {
				ch, unsub := b.Subscribe(1)
				select {
				case <-ch:
				default:
				}
				unsub()
			}
		})
	}
	for i := range 100 {
		b.Publish(fixed{LotID: "L", Amount: int64(i)})
	}
	wg.Wait()
	b.Close()
}
