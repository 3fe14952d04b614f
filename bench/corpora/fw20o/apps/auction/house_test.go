package auction

import (
	"errors"
	"testing"
	"time"

	"example.com/corpus/trial-fw20o/apps/auction/feed"
)

func TestBiddingRaisesAskingPrice(t *testing.T) {
	c := startHouse(t, Config{Bidders: approved()})
	if _, err := c.Open(vase(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Bid("lot-7", "ann", 90); !errors.Is(err, ErrBidTooLow) {
		t.Fatalf("below start: %v", err)
	}
	a, err := c.Bid("lot-7", "ann", 100)
	if err != nil || a.Asking != 110 {
		t.Fatalf("first bid: %+v %v", a, err)
	}
	if _, err := c.Bid("lot-7", "bob", 105); !errors.Is(err, ErrBidTooLow) {
		t.Fatalf("under increment: %v", err)
	}
	if _, err := c.Bid("lot-7", "bob", 600); !errors.Is(err, ErrOverLimit) {
		t.Fatalf("over limit: %v", err)
	}
	if _, err := c.Bid("lot-7", "zed", 200); !errors.Is(err, ErrUnknownBidder) {
		t.Fatalf("unknown bidder: %v", err)
	}
	if _, err := c.Bid("lot-9", "ann", 200); !errors.Is(err, ErrUnknownLot) {
		t.Fatalf("unknown lot: %v", err)
	}
}

func TestOutbidReleasesCommitment(t *testing.T) {
	c := startHouse(t, Config{Bidders: approved()})
	c.Open(vase(time.Hour))
	c.Bid("lot-7", "ann", 100)
	if _, err := c.Bid("lot-7", "bob", 150); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Bid("lot-7", "bob", 400); err != nil {
		t.Fatalf("raising own bid: %v", err)
	}
	ann, _ := c.Bidder("ann")
	bob, _ := c.Bidder("bob")
	if ann.Committed != 0 || bob.Committed != 400 {
		t.Fatalf("ann=%+v bob=%+v", ann, bob)
	}
	lot, _ := c.Lot("lot-7")
	if lot.High.Bidder != "bob" || lot.Bids != 3 {
		t.Fatalf("lot = %+v", lot)
	}
}

func TestLotClosesAndResultIsAnnounced(t *testing.T) {
	fd := feed.New(8)
	updates, unsubscribe := fd.Subscribe(8)
	defer unsubscribe()
	c := startHouse(t, Config{Bidders: approved(), Feed: fd, FinalCall: time.Hour, Extension: time.Millisecond})
	if _, err := c.Open(vase(100 * time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Bid("lot-7", "ann", 300); err != nil {
		t.Fatal(err)
	}
	if u := waitUpdate(t, updates); u.Quote == nil || u.Quote.Amount != 300 {
		t.Fatalf("quote = %+v", u)
	}
	u := waitUpdate(t, updates)
	if u.Result == nil || !u.Result.Sold || u.Result.Winner != "ann" || u.Result.Amount != 300 {
		t.Fatalf("result = %+v", u)
	}
	lot, _ := c.Lot("lot-7")
	if lot.Status != "sold" {
		t.Fatalf("lot = %+v", lot)
	}
	if _, err := c.Bid("lot-7", "bob", 400); !errors.Is(err, ErrLotClosed) {
		t.Fatalf("bid after close: %v", err)
	}
}

func TestUnsoldBelowReserve(t *testing.T) {
	fd := feed.New(8)
	updates, unsubscribe := fd.Subscribe(8)
	defer unsubscribe()
	c := startHouse(t, Config{Bidders: approved(), Feed: fd, FinalCall: time.Hour, Extension: time.Millisecond})
	c.Open(vase(5 * time.Millisecond))
	u := waitUpdate(t, updates)
	if u.Result == nil || u.Result.Sold {
		t.Fatalf("result = %+v", u)
	}
}

func TestLateBidExtendsClosingTime(t *testing.T) {
	c := startHouse(t, Config{Bidders: approved(), FinalCall: time.Hour, Extension: time.Hour})
	lot, _ := c.Open(vase(time.Minute))
	if !lot.FinalCall {
		t.Fatalf("lot opened inside final call window: %+v", lot)
	}
	a, err := c.Bid("lot-7", "ann", 100)
	if err != nil {
		t.Fatal(err)
	}
	if !a.ClosesAt.After(lot.ClosesAt.Add(30 * time.Minute)) {
		t.Fatalf("closing time not extended: %v -> %v", lot.ClosesAt, a.ClosesAt)
	}
}

func TestDepositRaisesHeadroom(t *testing.T) {
	c := startHouse(t, Config{Bidders: approved(), Payments: &cardHolds{}})
	c.Open(vase(time.Hour))
	if _, err := c.Bid("lot-7", "bob", 800); !errors.Is(err, ErrOverLimit) {
		t.Fatalf("before deposit: %v", err)
	}
	v, err := c.PayDeposit("bob", 500)
	if err != nil || v.Deposit != 500 {
		t.Fatalf("deposit: %+v %v", v, err)
	}
	if _, err := c.Bid("lot-7", "bob", 800); err != nil {
		t.Fatalf("after deposit: %v", err)
	}
}

func TestDeclinedDeposit(t *testing.T) {
	c := startHouse(t, Config{Bidders: approved(), Payments: &cardHolds{fail: true}})
	if _, err := c.PayDeposit("bob", 500); err == nil {
		t.Fatal("declined deposit accepted")
	}
	if v, _ := c.Bidder("bob"); v.Deposit != 0 {
		t.Fatalf("bidder = %+v", v)
	}
}

func TestRefreshCreditArrivesAsMessage(t *testing.T) {
	b := bureau{delay: 3 * time.Millisecond, limits: map[string]int64{"bob": 2_000}}
	c := startHouse(t, Config{Bidders: approved(), Bureau: b})
	if err := c.RefreshCredit("bob"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for {
		v, err := c.Bidder("bob")
		if err != nil {
			t.Fatal(err)
		}
		if v.CreditLimit == 2_000 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("credit still %d", v.CreditLimit)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestFinalCallAnnouncedWhileFloorWatches(t *testing.T) {
	c := startHouse(t, Config{Bidders: approved(), FinalCall: time.Minute})
	if _, err := c.Open(vase(time.Minute + 5*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	var lot LotView
	deadline := time.Now().Add(2 * time.Second)
	for i := 0; i < 20 || (!lot.FinalCall && time.Now().Before(deadline)); i++ {
		lot, _ = c.Lot("lot-7")
		time.Sleep(time.Millisecond)
	}
	if !lot.FinalCall {
		t.Fatalf("lot = %+v", lot)
	}
}

func TestNewBidderCreditArrivesWhileQueried(t *testing.T) {
	b := bureau{delay: 5 * time.Millisecond, limits: map[string]int64{"cy": 5_000}}
	c := startHouse(t, Config{Bureau: b})
	if _, err := c.Register("cy", "Cy Twombly"); err != nil {
		t.Fatal(err)
	}
	var v BidderView
	deadline := time.Now().Add(2 * time.Second)
	for i := 0; i < 20 || (v.CreditLimit == 0 && time.Now().Before(deadline)); i++ {
		v, _ = c.Bidder("cy")
		time.Sleep(time.Millisecond)
	}
	if v.CreditLimit != 5_000 {
		t.Fatalf("bidder = %+v", v)
	}
}

func TestLiveFeedFollowsBidding(t *testing.T) {
	fd := feed.New(16)
	updates, unsubscribe := fd.Subscribe(16)
	defer unsubscribe()
	c := startHouse(t, Config{Bidders: approved(), Feed: fd})
	c.Open(vase(time.Hour))
	amounts := []int64{100, 120, 200, 260, 300}
	for i, amt := range amounts {
		who := "ann"
		if i%2 == 1 {
			who = "bob"
		}
		if _, err := c.Bid("lot-7", who, amt); err != nil {
			t.Fatal(err)
		}
	}
	var last feed.Update
	for range amounts {
		last = waitUpdate(t, updates)
	}
	if last.Quote == nil || last.Quote.Amount != 300 || last.Quote.Bids != 5 || last.Quote.Bidder != "ann" {
		t.Fatalf("last quote = %+v", last.Quote)
	}
}
