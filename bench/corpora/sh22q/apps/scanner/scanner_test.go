package scanner

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

const testEvent = "CUP24"

func testConfig() Config {
	return Config{
		Event: testEvent,
		Lanes: map[LaneID]GateID{
			"N1": "north",
			"N2": "north",
			"S1": "south",
		},
		ReentryWindow: time.Hour,
		MaxReentries:  2,
		RecentScans:   16,
	}
}

func newTestScanner(t *testing.T, tweak func(*Config), opts ...Option) *Scanner {
	t.Helper()
	cfg := testConfig()
	if tweak != nil {
		tweak(&cfg)
	}
	s, err := New(cfg, opts...)
	if err != nil {
		t.Fatal(err)
	}
	s.Start()
	t.Cleanup(s.Close)
	return s
}

func seats(section, n int) []Ticket {
	out := make([]Ticket, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, NewTicket(testEvent, section, 1+i/20, 1+i%20, General))
	}
	return out
}

func mustLoad(t *testing.T, s *Scanner, tickets []Ticket) {
	t.Helper()
	if err := s.LoadTickets(tickets); err != nil {
		t.Fatal(err)
	}
}

// rush scans every ticket at lane with a short pause between fans and
// returns how many were admitted.
func rush(s *Scanner, tickets []Ticket, lane LaneID, gap time.Duration) int {
	admitted := 0
	for _, tk := range tickets {
		res, err := s.Scan(tk.Code, lane)
		if err == nil && res.Verdict == Admitted {
			admitted++
		}
		time.Sleep(gap)
	}
	return admitted
}

func TestParseCode(t *testing.T) {
	code := MakeCode("CUP24", 112, 6, 14)
	parts, err := ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	if parts != (CodeParts{Event: "CUP24", Section: 112, Row: 6, Seat: 14}) {
		t.Fatalf("parts = %+v", parts)
	}
	bad := code[:len(code)-1] + string(rune('A'+(code[len(code)-1]-'A'+1)%26))
	if _, err := ParseCode(bad); !errors.Is(err, ErrChecksum) {
		t.Fatalf("tampered code: err = %v", err)
	}
	for _, c := range []string{"", "CUP24-1-2-3", "CUP24-x-2-3-A", "-1-2-3-A"} {
		if _, err := ParseCode(c); !errors.Is(err, ErrMalformed) {
			t.Fatalf("%q: err = %v", c, err)
		}
	}
}

func TestAllowsGate(t *testing.T) {
	tk := NewTicket(testEvent, 1, 1, 1, Premium, "north")
	if !tk.AllowsGate("north") || tk.AllowsGate("south") {
		t.Fatal("premium ticket gate rules wrong")
	}
	staff := NewTicket(testEvent, 0, 0, 7, Staff, "north")
	if !staff.AllowsGate("south") {
		t.Fatal("staff should use any gate")
	}
}

func TestAdmitRejectAndDuplicate(t *testing.T) {
	s := newTestScanner(t, nil)
	tickets := append(seats(112, 2), NewTicket(testEvent, 300, 1, 1, Premium, "south"), NewTicket("FRIENDLY", 1, 1, 1, General))
	mustLoad(t, s, tickets)

	cases := []struct {
		code   string
		lane   LaneID
		want   Verdict
		reason string
	}{
		{tickets[0].Code, "N1", Admitted, ""},
		{tickets[0].Code, "N2", Rejected, reasonAlreadyInside},
		{tickets[1].Code, "X9", Rejected, reasonUnknownLane},
		{tickets[2].Code, "N1", Rejected, reasonWrongGate},
		{tickets[2].Code, "S1", Admitted, ""},
		{tickets[3].Code, "S1", Rejected, reasonWrongEvent},
		{MakeCode(testEvent, 9, 9, 9), "N1", Rejected, reasonUnknownTicket},
		{"garbage", "N1", Rejected, ErrMalformed.Error()},
	}
	for _, tc := range cases {
		res, err := s.Scan(tc.code, tc.lane)
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != tc.want || res.Reason != tc.reason {
			t.Fatalf("scan %s at %s: got %v %q, want %v %q", tc.code, tc.lane, res.Verdict, res.Reason, tc.want, tc.reason)
		}
	}
	st, err := s.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if st.Admitted != 2 || st.Rejected != 6 || st.Inside != 2 {
		t.Fatalf("stats = %+v", st)
	}
	recent, _ := s.Recent(3)
	if len(recent) != 3 || recent[2].Reason != ErrMalformed.Error() {
		t.Fatalf("recent = %+v", recent)
	}
}

func TestReentryWithinWindow(t *testing.T) {
	s := newTestScanner(t, func(c *Config) { c.MaxReentries = 1 })
	tk := seats(101, 1)[0]
	mustLoad(t, s, []Ticket{tk})

	steps := []struct {
		exit bool
		want Verdict
	}{
		{false, Admitted},
		{true, Exited},
		{false, Reentered},
		{true, Exited},
		{false, Rejected},
	}
	for i, step := range steps {
		var res ScanResult
		var err error
		if step.exit {
			res, err = s.Exit(tk.Code, "S1")
		} else {
			res, err = s.Scan(tk.Code, "N1")
		}
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != step.want {
			t.Fatalf("step %d: verdict %v (%s), want %v", i, res.Verdict, res.Reason, step.want)
		}
	}
	st, _ := s.Stats()
	if st.Reentered != 1 || st.Exited != 2 || st.PassesLive != 0 {
		t.Fatalf("stats = %+v", st)
	}
}

func TestStatsDuringRush(t *testing.T) {
	s := newTestScanner(t, nil)
	tickets := seats(120, 60)
	mustLoad(t, s, tickets)
	h := s.Handler()

	var wg sync.WaitGroup
	for i, lane := range []LaneID{"N1", "N2", "S1"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rush(s, tickets[i*20:(i+1)*20], lane, 200*time.Microsecond)
		}()
	}
	for i := 0; i < 10; i++ {
		if _, err := s.Stats(); err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/occupancy", nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("occupancy status %d", rec.Code)
		}
		time.Sleep(time.Millisecond)
	}
	wg.Wait()
	st, _ := s.Stats()
	if st.Admitted != 60 || st.Inside != 60 {
		t.Fatalf("stats = %+v", st)
	}
}

func TestBoardDuringRush(t *testing.T) {
	s := newTestScanner(t, nil)
	tickets := seats(130, 40)
	mustLoad(t, s, tickets)

	done := make(chan int)
	go func() { done <- rush(s, tickets, "N2", 200*time.Microsecond) }()
	for i := 0; i < 8; i++ {
		var b bytes.Buffer
		if err := s.Board(&b); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
	}
	if n := <-done; n != 40 {
		t.Fatalf("admitted %d", n)
	}
	var b bytes.Buffer
	_ = s.Board(&b)
	if !strings.Contains(b.String(), "40/40 (100%)") {
		t.Fatalf("board:\n%s", b.String())
	}
}

func TestCloseGateTimer(t *testing.T) {
	s := newTestScanner(t, nil)
	tickets := seats(140, 30)
	mustLoad(t, s, tickets)

	timer := s.CloseGateIn("north", 3*time.Millisecond)
	defer timer.Stop()
	closed := 0
	for _, tk := range tickets {
		res, err := s.Scan(tk.Code, "N1")
		if err != nil {
			t.Fatal(err)
		}
		if res.Reason == reasonLaneClosed {
			closed++
		}
		time.Sleep(300 * time.Microsecond)
	}
	if closed == 0 {
		t.Fatal("gate never closed")
	}
	lane, ok, _ := s.LaneStats("N2")
	if !ok || lane.Open {
		t.Fatalf("N2 = %+v", lane)
	}
	if err := s.OpenGate("north"); err != nil {
		t.Fatal(err)
	}
	if lane, _, _ = s.LaneStats("N1"); !lane.Open {
		t.Fatal("N1 still closed")
	}
}

func TestRateSampler(t *testing.T) {
	s := newTestScanner(t, func(c *Config) { c.RateWindow = time.Millisecond })
	tickets := seats(150, 30)
	mustLoad(t, s, tickets)
	rush(s, tickets, "S1", 100*time.Microsecond)
	if got := s.Metrics().Counter("admissions_total"); got != 30 {
		t.Fatalf("admissions_total = %d", got)
	}
	deadline := time.Now().Add(time.Second)
	for time.Now().Before(deadline) {
		st, _ := s.Stats()
		if st.PerMinute == 0 {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("rate never settled back to zero")
}

func TestMetricsAndConfigHandlers(t *testing.T) {
	s := newTestScanner(t, nil)
	tickets := seats(160, 20)
	mustLoad(t, s, tickets)
	h := s.Handler()

	done := make(chan int)
	go func() { done <- rush(s, tickets, "N1", 200*time.Microsecond) }()
	for i := 0; i < 5; i++ {
		for _, path := range []string{"/metrics", "/config", "/lanes/N1", "/board"} {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
			if rec.Code != http.StatusOK {
				t.Fatalf("%s: status %d", path, rec.Code)
			}
		}
		time.Sleep(time.Millisecond)
	}
	<-done
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if !strings.Contains(rec.Body.String(), "scanner_admissions_total 20") {
		t.Fatalf("metrics:\n%s", rec.Body.String())
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/lanes/Z9", nil))
	if rec.Code != http.StatusNotFound {
		t.Fatalf("unknown lane status %d", rec.Code)
	}
}

func TestHTTPScanAndExit(t *testing.T) {
	s := newTestScanner(t, nil)
	tk := seats(170, 1)[0]
	mustLoad(t, s, []Ticket{tk})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()

	post := func(path string) scanResponse {
		body, _ := json.Marshal(scanRequest{Code: tk.Code, Lane: "S1"})
		resp, err := http.Post(srv.URL+path, "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out scanResponse
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	if got := post("/scan"); got.Verdict != "admitted" {
		t.Fatalf("scan: %+v", got)
	}
	if got := post("/scan"); got.Verdict != "rejected" || got.Reason != reasonAlreadyInside {
		t.Fatalf("second scan: %+v", got)
	}
	if got := post("/exit"); got.Verdict != "exited" {
		t.Fatalf("exit: %+v", got)
	}
	resp, err := http.Post(srv.URL+"/scan", "application/json", strings.NewReader("{"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("bad body status %d", resp.StatusCode)
	}
}

func TestNewRejectsBadConfig(t *testing.T) {
	for _, cfg := range []Config{
		{},
		{Event: "X"},
		{Event: "X", Lanes: map[LaneID]GateID{"A": "a"}},
	} {
		if _, err := New(cfg); err == nil {
			t.Fatalf("config %+v accepted", cfg)
		}
	}
}
