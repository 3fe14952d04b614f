package picklist

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

func testLayout() Layout {
	return Layout{
		Zones: map[string]AisleRange{
			"A": {First: 1, Last: 5},
			"B": {First: 6, Last: 10},
		},
		Dock:     Bin{Aisle: 0, Bay: 0},
		BayDepth: 20,
	}
}

func newTestRouter(t *testing.T, opts ...Option) *Router {
	t.Helper()
	r := New(testLayout(), append([]Option{WithPlanWorkers(2)}, opts...)...)
	r.Start()
	t.Cleanup(r.Stop)
	return r
}

func order(id string, prio Priority, bins ...string) OrderInput {
	in := OrderInput{ID: id, Priority: prio}
	for i, s := range bins {
		b, err := ParseBin(s)
		if err != nil {
			panic(err)
		}
		in.Lines = append(in.Lines, Line{SKU: id + "-sku" + string(rune('a'+i)), Qty: 1 + i, Bin: b})
	}
	return in
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		if cond() {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

func TestParseBinRoundTrip(t *testing.T) {
	for _, b := range []Bin{{1, 2, 3}, {12, 0, 1}, {0, 19, 4}} {
		got, err := ParseBin(b.String())
		if err != nil {
			t.Fatal(err)
		}
		if got != b {
			t.Fatalf("ParseBin(%s) = %v", b, got)
		}
	}
	for _, bad := range []string{"", "A1-B2", "X01-B02-L1", "A01-Bxx-L1"} {
		if _, err := ParseBin(bad); err == nil {
			t.Fatalf("ParseBin(%q) succeeded", bad)
		}
	}
}

func TestValidate(t *testing.T) {
	cases := map[string]OrderInput{
		"missing id": {Lines: []Line{{SKU: "x", Qty: 1}}},
		"no lines":   {ID: "o1"},
		"zero qty":   {ID: "o1", Lines: []Line{{SKU: "x"}}},
		"bad prio":   {ID: "o1", Priority: 7, Lines: []Line{{SKU: "x", Qty: 1}}},
	}
	for name, in := range cases {
		if err := in.Validate(); err == nil {
			t.Errorf("%s: expected error", name)
		}
	}
	if err := order("ok", PriorityHigh, "A01-B01-L0").Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestDominantZone(t *testing.T) {
	l := testLayout()
	in := order("z", PriorityNormal, "A02-B01-L0", "A07-B03-L1", "A08-B04-L0")
	if z := l.dominantZone(in.Lines); z != "B" {
		t.Fatalf("zone = %s, want B", z)
	}
}

func TestPlannerRouteVisitsEveryBin(t *testing.T) {
	p := NewPlanner(testLayout(), 1)
	defer p.Close()
	bins := []Bin{{3, 10, 0}, {1, 2, 0}, {1, 5, 1}, {3, 10, 0}}
	done := make(chan *Plan, 1)
	if err := p.Plan([]Line{{SKU: "a", Qty: 1, Bin: bins[0]}, {SKU: "b", Qty: 1, Bin: bins[1]}, {SKU: "c", Qty: 1, Bin: bins[2]}, {SKU: "d", Qty: 1, Bin: bins[3]}}, func(pl *Plan) { done <- pl }); err != nil {
		t.Fatal(err)
	}
	plan := <-done
	if len(plan.Stops) != 3 {
		t.Fatalf("stops = %v", plan.Stops)
	}
	if plan.Stops[0] != (Bin{1, 2, 0}) {
		t.Fatalf("first stop %v, want nearest to dock", plan.Stops[0])
	}
	if plan.Distance <= 0 {
		t.Fatalf("distance = %d", plan.Distance)
	}
}

func TestNextBatchPrefersPriority(t *testing.T) {
	r := newTestRouter(t)
	if err := r.AddPicker("ana", "A", 1); err != nil {
		t.Fatal(err)
	}
	for _, in := range []OrderInput{
		order("slow", PriorityNormal, "A01-B03-L0"),
		order("rush", PriorityHigh, "A04-B01-L0"),
		order("other-zone", PriorityUrgent, "A09-B01-L0"),
	} {
		if err := r.Submit(in); err != nil {
			t.Fatal(err)
		}
	}
	b, err := r.NextBatch("ana")
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Orders) != 1 || b.Orders[0] != "rush" {
		t.Fatalf("batch = %+v", b)
	}
	if _, err := r.NextBatch("ana"); !errors.Is(err, ErrPickerFull) {
		t.Fatalf("second batch err = %v", err)
	}
	if err := r.Complete("rush"); err != nil {
		t.Fatal(err)
	}
	b, err = r.NextBatch("ana")
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Orders) != 1 || b.Orders[0] != "slow" {
		t.Fatalf("batch after completion = %+v", b)
	}
	if _, err := r.NextBatch("nobody"); !errors.Is(err, ErrUnknownPicker) {
		t.Fatalf("unknown picker err = %v", err)
	}
}

func TestPlanIsAttachedOnLoop(t *testing.T) {
	r := newTestRouter(t)
	if err := r.Submit(order("p1", PriorityNormal, "A02-B05-L0", "A03-B01-L2")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "plan", func() bool {
		v, err := r.Order("p1")
		return err == nil && v.Planned
	})
	v, err := r.Order("p1")
	if err != nil {
		t.Fatal(err)
	}
	if v.Distance == 0 || v.Units != 3 {
		t.Fatalf("view = %+v", v)
	}
}

func TestReminderRunsOnLoop(t *testing.T) {
	var mu sync.Mutex
	var reminded []string
	r := newTestRouter(t,
		WithReminder(3*time.Millisecond),
		WithReminderHook(func(v OrderView) {
			mu.Lock()
			reminded = append(reminded, v.ID)
			mu.Unlock()
		}),
	)
	if err := r.Submit(order("late", PriorityNormal, "A01-B01-L0")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "reminder", func() bool {
		s, err := r.Stats()
		return err == nil && s.Reminders == 1
	})
	mu.Lock()
	defer mu.Unlock()
	if len(reminded) != 1 || reminded[0] != "late" {
		t.Fatalf("reminded = %v", reminded)
	}
}

func TestRebalanceMovesOrphanedOrders(t *testing.T) {
	r := newTestRouter(t, WithRebalance(2*time.Millisecond))
	if err := r.AddPicker("ana", "A", 3); err != nil {
		t.Fatal(err)
	}
	if err := r.Submit(order("b-only", PriorityNormal, "A08-B02-L0")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "rezoning", func() bool {
		v, err := r.Order("b-only")
		return err == nil && v.Zone == "A"
	})
	depth, err := r.QueueDepth()
	if err != nil {
		t.Fatal(err)
	}
	if depth["A"] != 1 || depth["B"] != 0 {
		t.Fatalf("depth = %v", depth)
	}
}

func TestStatsAreCopied(t *testing.T) {
	r := newTestRouter(t)
	_ = r.Submit(order("s1", PriorityNormal, "A01-B01-L0"))
	s, err := r.Stats()
	if err != nil {
		t.Fatal(err)
	}
	s.Received = 99
	again, _ := r.Stats()
	if again.Received != 1 {
		t.Fatalf("received = %d", again.Received)
	}
}

func TestFloorReportOfOwnPickers(t *testing.T) {
	pickers := []*Picker{
		{ID: "zed", Zone: "B", Capacity: 4, Load: 1},
		{ID: "ana", Zone: "A", Capacity: 2, Load: 2},
		{ID: "bo", Zone: "A", Capacity: 5},
	}
	var buf bytes.Buffer
	if err := WriteFloorReport(&buf, pickers); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 4 {
		t.Fatalf("report:\n%s", buf.String())
	}
	if !strings.Contains(lines[1], "ana") || !strings.Contains(lines[1], "100%") {
		t.Fatalf("row 1 = %q", lines[1])
	}
	if !strings.Contains(lines[3], "zed") || !strings.Contains(lines[3], "25%") {
		t.Fatalf("row 3 = %q", lines[3])
	}
}

func TestHTTPOrderLifecycle(t *testing.T) {
	r := newTestRouter(t)
	if err := r.AddPicker("ana", "A", 2); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(r.Handler())
	defer srv.Close()

	body, _ := json.Marshal(order("h1", PriorityNormal, "A02-B02-L0"))
	resp, err := http.Post(srv.URL+"/orders", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("submit status %d", resp.StatusCode)
	}

	resp, err = http.Get(srv.URL + "/orders/h1")
	if err != nil {
		t.Fatal(err)
	}
	var v OrderView
	_ = json.NewDecoder(resp.Body).Decode(&v)
	resp.Body.Close()
	if v.ID != "h1" || v.Zone != "A" || v.State != StateQueued {
		t.Fatalf("view = %+v", v)
	}

	resp, err = http.Post(srv.URL+"/pickers/ana/next", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	var b Batch
	_ = json.NewDecoder(resp.Body).Decode(&b)
	resp.Body.Close()
	if len(b.Orders) != 1 || len(b.Stops) != 1 {
		t.Fatalf("batch = %+v", b)
	}

	resp, err = http.Post(srv.URL+"/orders/h1/complete", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	waitFor(t, "completion", func() bool {
		v, err := r.Order("h1")
		return err == nil && v.State == StateDone
	})

	resp, err = http.Get(srv.URL + "/orders/missing")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("missing order status %d", resp.StatusCode)
	}

	resp, err = http.Get(srv.URL + "/zones")
	if err != nil {
		t.Fatal(err)
	}
	var zones []zoneInfo
	_ = json.NewDecoder(resp.Body).Decode(&zones)
	resp.Body.Close()
	if len(zones) != 2 || zones[0].Name != "A" {
		t.Fatalf("zones = %+v", zones)
	}
}
