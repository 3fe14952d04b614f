package bikeshare

import (
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"
)

func testDocks() []Dock {
	return []Dock{
		{ID: "d1", Name: "Harbour St", Region: "centre", At: Point{55.950, -3.190}, Capacity: 20, Bikes: 12},
		{ID: "d2", Name: "Meadows", Region: "south", At: Point{55.940, -3.192}, Capacity: 15, Bikes: 1},
		{ID: "d3", Name: "Leith Walk", Region: "north", At: Point{55.965, -3.175}, Capacity: 10, Bikes: 9},
	}
}

func newService(t *testing.T, cfg Config) *Service {
	t.Helper()
	eng, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		t.Fatal(err)
	}
	s := NewService(eng, cfg, testDocks())
	t.Cleanup(func() { <-eng.Poison(s.PID).Done() })
	return s
}

func ask[T any](t *testing.T, s *Service, msg any) T {
	t.Helper()
	res, err := s.Ask(msg)
	if err != nil {
		t.Fatal(err)
	}
	return res.(T)
}

func TestPlanRebalance(t *testing.T) {
	moves := PlanRebalance([]DockLoad{
		{ID: "a", Bikes: 18, Capacity: 20},
		{ID: "b", Bikes: 0, Capacity: 10},
		{ID: "c", Bikes: 5, Capacity: 10},
	}, 0.5)
	if len(moves) != 1 || moves[0] != (Move{From: "a", To: "b", Bikes: 5}) {
		t.Fatalf("moves = %v", moves)
	}
}

func TestDistance(t *testing.T) {
	if km := DistanceKm(Point{55.95, -3.19}, Point{55.94, -3.19}); km < 1.0 || km > 1.2 {
		t.Fatalf("km = %v", km)
	}
}

func TestCheckoutReturnBills(t *testing.T) {
	now := time.Date(2025, 6, 1, 8, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		now = now.Add(7 * time.Minute)
		return now
	}
	s := newService(t, Config{UnlockFee: 100, PerMinute: 15, Clock: clock})
	co := ask[CheckoutReply](t, s, Checkout{Dock: "d1", Rider: "kim"})
	if co.Err != nil {
		t.Fatal(co.Err)
	}
	ret := ask[ReturnReply](t, s, Return{Dock: "d3", TripID: co.TripID})
	if ret.Err != nil || ret.Fare != 100+7*15 {
		t.Fatalf("return = %+v", ret)
	}
	if got := s.Rides.Load(); got != 1 {
		t.Fatalf("rides = %d", got)
	}
	deadline := time.Now().Add(time.Second)
	for s.Ledger.Total() != 205 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if got := s.Ledger.Total(); got != 205 {
		t.Fatalf("ledger = %d", got)
	}
}

func TestTripOverdueFlaggedOnActor(t *testing.T) {
	s := newService(t, Config{MaxTrip: time.Millisecond})
	if co := ask[CheckoutReply](t, s, Checkout{Dock: "d1", Rider: "kim"}); co.Err != nil {
		t.Fatal(co.Err)
	}
	deadline := time.Now().Add(time.Second)
	for time.Now().Before(deadline) {
		if ask[SummaryReply](t, s, Summary{}).Overdue == 1 {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("trip never flagged overdue")
}

func TestRebalancePlanFromCopy(t *testing.T) {
	s := newService(t, Config{})
	s.Engine.Send(s.PID, Rebalance{Target: 0.5})
	for i := 0; i < 5; i++ {
		s.Engine.Send(s.PID, Checkout{Dock: "d1", Rider: "kim"})
	}
	deadline := time.Now().Add(time.Second)
	for time.Now().Before(deadline) {
		if plan := ask[[]Move](t, s, PlanQuery{}); len(plan) > 0 {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("no plan")
}

func TestNearestWithBike(t *testing.T) {
	s := newService(t, Config{})
	got := ask[NearestReply](t, s, Nearest{From: Point{55.941, -3.192}})
	if got.Dock != "d2" {
		t.Fatalf("nearest = %+v", got)
	}
	ask[CheckoutReply](t, s, Checkout{Dock: "d2", Rider: "kim"})
	if got := ask[NearestReply](t, s, Nearest{From: Point{55.941, -3.192}}); got.Dock != "d1" {
		t.Fatalf("nearest after checkout = %+v", got)
	}
}

func TestHTTPDockAndRides(t *testing.T) {
	s := newService(t, Config{})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := 0; i < 8; i++ {
			s.Engine.Send(s.PID, Checkout{Dock: "d1", Rider: "kim"})
			time.Sleep(time.Millisecond)
		}
	})
	for i := 0; i < 8; i++ {
		for _, p := range []string{"/docks/d1", "/rides"} {
			resp, err := http.Get(srv.URL + p)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}
	wg.Wait()
}

func TestHoldLapses(t *testing.T) {
	lapsed := make(chan string, 1)
	s := newService(t, Config{HoldFor: 2 * time.Millisecond, OnHoldLapse: func(dock, rider string) { lapsed <- rider }})
	if h := ask[HoldReply](t, s, Hold{Dock: "d1", Rider: "kim"}); h.Err != nil {
		t.Fatal(h.Err)
	}
	for i := 0; i < 15; i++ {
		ask[AvailabilityReply](t, s, Availability{Dock: "d1"})
		time.Sleep(time.Millisecond)
	}
	if r := <-lapsed; r != "kim" {
		t.Fatalf("lapsed = %q", r)
	}
}

func TestTripStatsRecorded(t *testing.T) {
	s := newService(t, Config{})
	co := ask[CheckoutReply](t, s, Checkout{Dock: "d1", Rider: "kim"})
	if co.Err != nil {
		t.Fatal(co.Err)
	}
	ask[ReturnReply](t, s, Return{Dock: "d1", TripID: co.TripID})
	for i := 0; i < 10; i++ {
		ask[SummaryReply](t, s, Summary{})
		time.Sleep(500 * time.Microsecond)
	}
}

func TestFreeSlotsEndpoint(t *testing.T) {
	s := newService(t, Config{})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := 0; i < 10; i++ {
			s.Engine.Send(s.PID, Checkout{Dock: "d3", Rider: "kim"})
			time.Sleep(500 * time.Microsecond)
		}
	})
	for i := 0; i < 10; i++ {
		resp, err := http.Get(srv.URL + "/docks/d3/free")
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		time.Sleep(500 * time.Microsecond)
	}
	wg.Wait()
}
