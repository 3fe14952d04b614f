package bloodbank

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"example.com/corpus/trial-fw23r/apps/bloodbank/stock"
)

var nodeSeq atomic.Int32

func startBank(t *testing.T, opts ...Option) *Service {
	t.Helper()
	name := fmt.Sprintf("bank%d@localhost", nodeSeq.Add(1))
	svc, err := Start(name, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(svc.Stop)
	return svc
}

func checkInUnits(t *testing.T, svc *Service, bt stock.BloodType, n int, prefix string) {
	t.Helper()
	for i := 0; i < n; i++ {
		err := svc.CheckIn(CheckIn{
			UnitID:    fmt.Sprintf("%s-%02d", prefix, i),
			Type:      bt,
			Component: stock.RedCells,
			DonorID:   fmt.Sprintf("D%s%d", prefix, i),
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

type recordingSupplier struct {
	mu     sync.Mutex
	orders []Order
}

func (s *recordingSupplier) Order(_ context.Context, o Order) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.orders = append(s.orders, o)
	return nil
}

func (s *recordingSupplier) Orders() []Order {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Order(nil), s.orders...)
}

type recordingAlerts struct {
	mu     sync.Mutex
	alerts []Alert
}

func (a *recordingAlerts) Publish(_ context.Context, al Alert) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.alerts = append(a.alerts, al)
	return nil
}

func (a *recordingAlerts) All() []Alert {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]Alert(nil), a.alerts...)
}

func TestCheckInScreensUnits(t *testing.T) {
	lab := PanelLab{Deferred: map[string]string{"Dx1": "HBsAg reactive"}, Delay: 2 * time.Millisecond}
	svc := startBank(t, WithLab(lab), WithReorder(0, 0))

	checkInUnits(t, svc, stock.APos, 3, "x")
	if err := svc.WaitAvailable(stock.APos, 2, 2*time.Second); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for {
		rej, err := svc.Rejections()
		if err != nil {
			t.Fatal(err)
		}
		if rej["x-01"] == "HBsAg reactive" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("rejections = %v", rej)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestSweepExpiresStaleUnits(t *testing.T) {
	svc := startBank(t, WithSweepInterval(5*time.Millisecond), WithReorder(0, 0))
	err := svc.CheckIn(CheckIn{
		UnitID:    "old-1",
		Type:      stock.BPos,
		Component: stock.Platelets,
		DonorID:   "D77",
		Collected: time.Now().Add(-6 * 24 * time.Hour),
	})
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for {
		v, err := svc.direct(StatsQuery{})
		if err != nil {
			t.Fatal(err)
		}
		if v.(stock.Stats).Expired == 1 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("stats = %+v", v)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestIssueRaisesShortageAlert(t *testing.T) {
	alerts := &recordingAlerts{}
	svc := startBank(t, WithAlerts(alerts), WithShortageLevel(3), WithReorder(0, 0))
	checkInUnits(t, svc, stock.ONeg, 3, "o")
	if err := svc.WaitAvailable(stock.ONeg, 3, 2*time.Second); err != nil {
		t.Fatal(err)
	}
	hold, err := svc.Reserve(Reserve{Hospital: "St Mary", Recipient: stock.ONeg, Component: stock.RedCells, Units: 2})
	if err != nil {
		t.Fatal(err)
	}
	d, err := svc.Issue(hold.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Units) != 2 {
		t.Fatalf("issued %d units", len(d.Units))
	}
	deadline := time.Now().Add(2 * time.Second)
	for len(alerts.All()) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no shortage alert")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if a := alerts.All()[0]; a.Type != stock.ONeg || a.Available != 1 {
		t.Fatalf("alert = %+v", a)
	}
}

func TestCancelledHoldReturnsUnits(t *testing.T) {
	svc := startBank(t, WithReorder(0, 0))
	checkInUnits(t, svc, stock.ABPos, 2, "ab")
	if err := svc.WaitAvailable(stock.ABPos, 2, 2*time.Second); err != nil {
		t.Fatal(err)
	}
	hold, err := svc.Reserve(Reserve{Hospital: "General", Recipient: stock.ABPos, Component: stock.RedCells, Units: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.CancelHold(hold.ID); err != nil {
		t.Fatal(err)
	}
	if err := svc.WaitAvailable(stock.ABPos, 2, 2*time.Second); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Issue(hold.ID); err == nil {
		t.Fatal("issued a cancelled hold")
	}
}

func TestLevelsEndpoint(t *testing.T) {
	svc := startBank(t, WithReorder(0, 0))
	checkInUnits(t, svc, stock.OPos, 2, "op")
	if err := svc.WaitAvailable(stock.OPos, 2, 2*time.Second); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(NewDashboard(svc, time.Minute))
	defer srv.Close()

	resp, err := http.Get(srv.URL + "/levels")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var rows []levelRow
	if err := json.NewDecoder(resp.Body).Decode(&rows); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.Type == "O+" && r.Units != 2 {
			t.Fatalf("O+ = %d", r.Units)
		}
	}
	if len(rows) != len(stock.AllTypes) {
		t.Fatalf("got %d rows", len(rows))
	}
}

func TestHoldLapsesAfterTTL(t *testing.T) {
	svc := startBank(t, WithHoldTTL(20*time.Millisecond), WithReorder(0, 0))
	checkInUnits(t, svc, stock.ANeg, 3, "an")
	if err := svc.WaitAvailable(stock.ANeg, 3, 2*time.Second); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Reserve(Reserve{Hospital: "Royal", Recipient: stock.ANeg, Component: stock.RedCells, Units: 2}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(60 * time.Millisecond)
	if err := svc.WaitAvailable(stock.ANeg, 3, 2*time.Second); err != nil {
		t.Fatalf("hold did not lapse: %v", err)
	}
}

func TestReserveOrdersRestock(t *testing.T) {
	sup := &recordingSupplier{}
	svc := startBank(t, WithSupplier(sup), WithReorder(4, 10))
	checkInUnits(t, svc, stock.BNeg, 3, "bn")
	if err := svc.WaitAvailable(stock.BNeg, 3, 2*time.Second); err != nil {
		t.Fatal(err)
	}
	hold, err := svc.Reserve(Reserve{Hospital: "Children's", Recipient: stock.BNeg, Component: stock.RedCells, Units: 2})
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond)
	if _, err := svc.Issue(hold.ID); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for len(sup.Orders()) == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	orders := sup.Orders()
	if len(orders) != 1 || orders[0].Units != 9 || orders[0].Type != stock.BNeg {
		t.Fatalf("orders = %+v", orders)
	}
}

func TestStatsEndpoint(t *testing.T) {
	svc := startBank(t, WithReorder(0, 0))
	checkInUnits(t, svc, stock.OPos, 2, "s")
	if err := svc.WaitAvailable(stock.OPos, 2, 2*time.Second); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(NewDashboard(svc, time.Minute))
	defer srv.Close()

	resp, err := http.Get(srv.URL + "/stats")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body statsBody
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	if body.Received != 2 {
		t.Fatalf("received = %d", body.Received)
	}
}

func TestHealthEndpoint(t *testing.T) {
	svc := startBank(t, WithReorder(0, 0), WithSweepInterval(2*time.Millisecond))
	srv := httptest.NewServer(NewDashboard(svc, time.Second))
	defer srv.Close()

	time.Sleep(20 * time.Millisecond)
	resp, err := http.Get(srv.URL + "/health")
	if err != nil {
		t.Fatal(err)
	}
	var body healthBody
	err = json.NewDecoder(resp.Body).Decode(&body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	if body.Status != "ok" {
		t.Fatalf("health = %+v", body)
	}
	time.Sleep(30 * time.Millisecond)
}
