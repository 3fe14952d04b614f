package foodtruck

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestOrderLifecycle(t *testing.T) {
	n := &recordingNotifier{}
	tr := openTestTruck(t, WithNotifier(n), WithPickupReminder(5*time.Millisecond, 2))

	r, err := tr.Place("Ana", 100, LineRequest{Code: "AP", Qty: 2}, LineRequest{Code: "HJ", Qty: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Ticket != 1 || r.Subtotal != 1100 || r.Tax != 91 || r.Total != 1291 {
		t.Fatalf("receipt = %+v", r)
	}
	r2, err := tr.Place("Bo", 0, LineRequest{Code: "QB", Qty: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r2.Position != 2 || r2.ETA <= r.ETA {
		t.Errorf("second receipt = %+v, first = %+v", r2, r)
	}

	tr.Start(r.Ticket)
	tr.Ready(r.Ticket)
	v := waitBoard(t, tr, func(v BoardView) bool { return len(v.Ready) == 1 })
	if v.Ready[0].Customer != "Ana" || len(v.Queued) != 1 {
		t.Fatalf("board = %+v", v)
	}

	deadline := time.Now().Add(2 * time.Second)
	for n.count(NoticeReminder) < 2 && time.Now().Before(deadline) {
		time.Sleep(2 * time.Millisecond)
	}
	if got := n.count(NoticeReminder); got != 2 {
		t.Fatalf("reminders = %d, want 2", got)
	}
	tr.PickUp(r.Ticket)
	tr.Cancel(r2.Ticket, "customer left")
	v = waitBoard(t, tr, func(v BoardView) bool { return v.Served == 1 && len(v.Queued) == 0 })
	if len(v.Ready) != 0 {
		t.Errorf("board = %+v", v)
	}
	if n.count(NoticeCancelled) != 1 || n.count(NoticeReady) != 1 {
		t.Errorf("notices = %+v", n.notices)
	}
}

func TestStockIsReservedForEveryLine(t *testing.T) {
	stock := NewMemoryStock(map[string]int{"ap": 5, "qb": 1})
	tr := openTestTruck(t, WithStock(stock))

	if _, err := tr.Place("Cy", 0, LineRequest{Code: "AP", Qty: 3}, LineRequest{Code: "QB", Qty: 1}, LineRequest{Code: "HJ", Qty: 4}); err != nil {
		t.Fatal(err)
	}
	_, err := tr.Place("Di", 0, LineRequest{Code: "AP", Qty: 1}, LineRequest{Code: "QB", Qty: 1})
	if !errors.Is(err, ErrSoldOut) {
		t.Fatalf("err = %v, want sold out", err)
	}
	if stock.Left("AP") != 1 || stock.Left("QB") != 0 || stock.Left("HJ") != -1 {
		t.Errorf("left: AP=%d QB=%d HJ=%d", stock.Left("AP"), stock.Left("QB"), stock.Left("HJ"))
	}
}

func TestBoardServedWhileOrdering(t *testing.T) {
	tr := openTestTruck(t)
	h := tr.Handler()

	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			for range 15 {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/board", nil))
				if rec.Code != http.StatusOK {
					t.Errorf("status %d: %s", rec.Code, rec.Body)
					return
				}
				time.Sleep(time.Millisecond)
			}
		})
	}
	for i := range 15 {
		r, err := tr.Place("guest", 0, LineRequest{Code: "EL", Qty: 1})
		if err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			tr.Start(r.Ticket)
		}
		time.Sleep(time.Millisecond)
	}
	wg.Wait()

	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/board?format=json", nil))
	if !strings.Contains(rec.Body.String(), `"Ticket":15`) {
		t.Errorf("json board = %s", rec.Body)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/stats", nil))
	if got := rec.Body.String(); got != "requests=32\n" {
		t.Errorf("stats = %q", got)
	}
}

func TestCloseShiftPrintsZReport(t *testing.T) {
	var paper syncBuffer
	tr := openTestTruck(t, WithPrinter(NewWriterPrinter(&paper)))

	for range 3 {
		if _, err := tr.Place("walk-in", 50, LineRequest{Code: "AP", Qty: 1}, LineRequest{Code: "HJ", Qty: 1}); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := tr.CloseShift()
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, err := tr.Place("late crowd", 0, LineRequest{Code: "QB", Qty: 1}); err != nil {
			t.Fatal(err)
		}
	}
	if rep.Totals.Orders != 3 || rep.Totals.Gross != 3*725 || rep.Totals.Tips != 150 {
		t.Errorf("z totals = %+v", rep.Totals)
	}
	out := paper.waitFor(t, "--------8<--------")
	if !strings.Contains(out, "Z REPORT") || !strings.Contains(out, "$21.75") {
		t.Errorf("printed:\n%s", out)
	}
	next, err := tr.CloseShift()
	if err != nil {
		t.Fatal(err)
	}
	if next.Totals.Orders != 3 || next.Totals.Gross != 3*950 {
		t.Errorf("second shift = %+v", next.Totals)
	}
}

func TestLateTicketIsComped(t *testing.T) {
	tr := openTestTruck(t, WithLateGrace(5*time.Millisecond))

	r, err := tr.Place("Ema", 0, LineRequest{Code: "AP", Qty: 2})
	if err != nil {
		t.Fatal(err)
	}
	tr.Start(r.Ticket)
	time.Sleep(80 * time.Millisecond)
	tr.Ready(r.Ticket)

	v := waitBoard(t, tr, func(v BoardView) bool { return len(v.Ready) == 1 })
	if !v.Ready[0].Late {
		t.Errorf("ticket not flagged late: %+v", v.Ready[0])
	}
	if !strings.Contains(renderBoard(v), "sorry for the wait") {
		t.Errorf("board:\n%s", renderBoard(v))
	}
}

func TestHealthzDuringLunchRush(t *testing.T) {
	tr := openTestTruck(t)
	h := tr.Handler()

	done := make(chan string)
	go func() {
		var last string
		for range 25 {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/healthz", nil))
			body, _ := io.ReadAll(rec.Body)
			last = string(body)
			time.Sleep(2 * time.Millisecond)
		}
		done <- last
	}()
	for range 25 {
		if _, err := tr.Place("rush", 0, LineRequest{Code: "EL", Qty: 1}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(2 * time.Millisecond)
	}
	if last := <-done; !strings.HasPrefix(last, "ok") && !strings.HasPrefix(last, "busy") {
		t.Errorf("healthz = %q", last)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/healthz", nil))
	if got := rec.Body.String(); got != "busy backlog=25\n" {
		t.Errorf("healthz after the rush = %q", got)
	}
}

func TestXReportMidRush(t *testing.T) {
	var paper syncBuffer
	tr := openTestTruck(t, WithPrinter(NewWriterPrinter(&paper)))

	for range 3 {
		if _, err := tr.Place("walk-in", 0, LineRequest{Code: "QB", Qty: 1}); err != nil {
			t.Fatal(err)
		}
	}
	tr.PrintX()
	time.Sleep(30 * time.Millisecond)
	for range 3 {
		if _, err := tr.Place("walk-in", 0, LineRequest{Code: "EL", Qty: 2}); err != nil {
			t.Fatal(err)
		}
	}
	out := paper.waitFor(t, "avg tkt")
	if !strings.Contains(out, "X REPORT") || !strings.Contains(out, "Mains") {
		t.Errorf("printed:\n%s", out)
	}
}
