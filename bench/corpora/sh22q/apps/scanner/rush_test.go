package scanner

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestReentryPassesExpire(t *testing.T) {
	s := newTestScanner(t, func(c *Config) { c.ReentryWindow = 3 * time.Millisecond })
	tickets := seats(210, 40)
	mustLoad(t, s, tickets)
	if n := rush(s, tickets, "N1", 0); n != len(tickets) {
		t.Fatalf("admitted %d", n)
	}

	for _, tk := range tickets {
		if _, err := s.Exit(tk.Code, "S1"); err != nil {
			t.Fatal(err)
		}
		time.Sleep(400 * time.Microsecond)
	}
	time.Sleep(20 * time.Millisecond)

	res, err := s.Scan(tickets[0].Code, "N1")
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != Rejected || res.Reason != reasonNoPass {
		t.Fatalf("re-entry after window: %v %q", res.Verdict, res.Reason)
	}
	st, _ := s.Stats()
	if st.Exited != len(tickets) || st.Reentered != 0 {
		t.Fatalf("stats = %+v", st)
	}
}

func TestStatsEndpointDuringRush(t *testing.T) {
	s := newTestScanner(t, nil)
	tickets := seats(220, 60)
	mustLoad(t, s, tickets)
	h := s.Handler()

	done := make(chan int)
	go func() { done <- rush(s, tickets, "N1", 300*time.Microsecond) }()
	var body string
	for i := 0; i < 8; i++ {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/stats", nil))
		body = rec.Body.String()
		time.Sleep(time.Millisecond)
	}
	if n := <-done; n != len(tickets) {
		t.Fatalf("admitted %d", n)
	}
	if !strings.HasPrefix(body, "admitted ") {
		t.Fatalf("stats body %q", body)
	}
}

func TestLaneBoardFromLiveLanes(t *testing.T) {
	s := newTestScanner(t, nil)
	tickets := seats(230, 60)
	mustLoad(t, s, tickets)
	lanes, err := s.Lanes()
	if err != nil {
		t.Fatal(err)
	}

	done := make(chan int)
	go func() { done <- rush(s, tickets, "N2", 300*time.Microsecond) }()
	var board strings.Builder
	for i := 0; i < 8; i++ {
		board.Reset()
		if err := RenderBoard(&board, lanes); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
	}
	if n := <-done; n != len(tickets) {
		t.Fatalf("admitted %d", n)
	}
	if !strings.Contains(board.String(), "N2") {
		t.Fatalf("board:\n%s", board.String())
	}
}

type boxOffice struct {
	latency time.Duration
	sold    map[string]Ticket
}

func (b *boxOffice) Lookup(code string, done func(Ticket, error)) {
	t, ok := b.sold[code]
	go func() {
		time.Sleep(b.latency)
		if !ok {
			done(Ticket{}, ErrNotSold)
			return
		}
		done(t, nil)
	}()
}

func TestBoxOfficeLookupsDuringRush(t *testing.T) {
	late := seats(240, 30)
	office := &boxOffice{latency: 2 * time.Millisecond, sold: make(map[string]Ticket)}
	for _, tk := range late {
		office.sold[tk.Code] = tk
	}
	s := newTestScanner(t, nil, WithValidator(office))

	for _, tk := range late {
		res, err := s.Scan(tk.Code, "S1")
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != Pending {
			t.Fatalf("verdict %v, want pending", res.Verdict)
		}
		time.Sleep(300 * time.Microsecond)
	}
	deadline := time.Now().Add(2 * time.Second)
	for {
		st, _ := s.Stats()
		if st.Admitted == len(late) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("stats = %+v", st)
		}
		time.Sleep(time.Millisecond)
	}
	_, peak, err := s.PendingLookups()
	if err != nil {
		t.Fatal(err)
	}
	if peak < 2 {
		t.Fatalf("peak lookups %d, want concurrent lookups", peak)
	}
}
