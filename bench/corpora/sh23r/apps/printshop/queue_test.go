package printshop

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

func newQueue(t *testing.T, printers []Printer, opts ...Option) *Queue {
	t.Helper()
	opts = append([]Option{WithDispatchEvery(time.Millisecond)}, opts...)
	q := New(printers, opts...)
	q.Start()
	t.Cleanup(q.Stop)
	return q
}

func waitJob(t *testing.T, q *Queue, id string, want State) JobView {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for {
		v, err := q.Job(id)
		if err != nil {
			t.Fatal(err)
		}
		if v.State == want.String() {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatalf("job %s stuck in %s, want %s", id, v.State, want)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestPrintLifecycle(t *testing.T) {
	mono := NewSimPrinter("mono-1", false, time.Millisecond, 1000)
	color := NewSimPrinter("color-1", true, time.Millisecond, 1000)
	q := newQueue(t, []Printer{mono, color})

	a, err := q.Submit(Spec{Customer: "ana", Pages: 4, Copies: 2})
	if err != nil {
		t.Fatal(err)
	}
	b, err := q.Submit(Spec{Customer: "ben", Pages: 3, Color: true})
	if err != nil {
		t.Fatal(err)
	}
	va := waitJob(t, q, a.ID, StateDone)
	vb := waitJob(t, q, b.ID, StateDone)
	if va.PagesDone != 8 || vb.PagesDone != 3 {
		t.Fatalf("pages done = %d, %d", va.PagesDone, vb.PagesDone)
	}
	if vb.Printer != "color-1" {
		t.Fatalf("colour job went to %s", vb.Printer)
	}
	st := q.Stats()
	if st.Printed != 2 || st.Pages != 11 {
		t.Fatalf("stats = %+v", st)
	}
	var sheets int
	for _, p := range q.Printers() {
		sheets += p.Sheets
	}
	if sheets != 11 {
		t.Fatalf("sheets = %d", sheets)
	}
}

func TestReleaseHeldJob(t *testing.T) {
	q := newQueue(t, []Printer{NewSimPrinter("p", false, time.Millisecond, 100)}, WithHoldTimeout(time.Hour))
	v, err := q.Submit(Spec{Customer: "cy", Pages: 2, Hold: true})
	if err != nil {
		t.Fatal(err)
	}
	if v.State != "held" {
		t.Fatalf("state = %s", v.State)
	}
	time.Sleep(5 * time.Millisecond)
	if v, _ := q.Job(v.ID); v.State != "held" {
		t.Fatalf("held job started: %s", v.State)
	}
	if err := q.Release(v.ID); err != nil {
		t.Fatal(err)
	}
	if err := q.Release(v.ID); err == nil {
		t.Fatal("second release should fail")
	}
	waitJob(t, q, v.ID, StateDone)
}

func TestCancelWhilePrinting(t *testing.T) {
	q := newQueue(t, []Printer{NewSimPrinter("p", false, 2*time.Millisecond, 1000)})
	v, err := q.Submit(Spec{Customer: "di", Pages: 200})
	if err != nil {
		t.Fatal(err)
	}
	waitJob(t, q, v.ID, StatePrinting)
	if err := q.Cancel(v.ID); err != nil {
		t.Fatal(err)
	}
	got := waitJob(t, q, v.ID, StateCancelled)
	if got.PagesDone >= 200 {
		t.Fatalf("cancelled job printed everything")
	}
	if q.Stats().Cancelled != 1 {
		t.Fatalf("stats = %+v", q.Stats())
	}
}

func TestEventsAreDelivered(t *testing.T) {
	q := newQueue(t, []Printer{NewSimPrinter("p", false, time.Millisecond, 100)})
	var mu sync.Mutex
	var seen []State
	q.Subscribe(func(e Event) {
		mu.Lock()
		seen = append(seen, e.State)
		mu.Unlock()
	})
	v, _ := q.Submit(Spec{Customer: "ed", Pages: 1})
	waitJob(t, q, v.ID, StateDone)
	q.events.Wait()
	mu.Lock()
	defer mu.Unlock()
	if len(seen) < 3 || seen[len(seen)-1] != StateDone {
		t.Fatalf("events = %v", seen)
	}
}

func TestHeldJobsExpire(t *testing.T) {
	q := newQueue(t, []Printer{NewSimPrinter("p", false, time.Millisecond, 100)}, WithHoldTimeout(4*time.Millisecond))
	var ids []string
	for i := 0; i < 3; i++ {
		v, err := q.Submit(Spec{Customer: fmt.Sprintf("c%d", i), Pages: 5, Hold: true})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, v.ID)
	}
	for _, id := range ids {
		waitJob(t, q, id, StateExpired)
	}
	time.Sleep(5 * time.Millisecond)
	if got := q.Stats().Expired; got != 3 {
		t.Fatalf("expired = %d", got)
	}
}

func TestPaperOutTakesPrinterOffline(t *testing.T) {
	p := NewSimPrinter("p", false, time.Millisecond, 4)
	q := newQueue(t, []Printer{p})
	v, err := q.Submit(Spec{Customer: "fi", Pages: 12})
	if err != nil {
		t.Fatal(err)
	}
	got := waitJob(t, q, v.ID, StateFailed)
	if !strings.Contains(got.Err, "paper") {
		t.Fatalf("err = %q", got.Err)
	}
	if ps := q.Printers(); !ps[0].Offline {
		t.Fatalf("printer still online: %+v", ps[0])
	}
	p.Refill(100)
	q.Refilled("p")
	if ps := q.Printers(); ps[0].Offline {
		t.Fatalf("printer still offline after refill")
	}
}

func getJSON(t *testing.T, url string, v any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", url, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

func TestQueueEndpointReportsDepth(t *testing.T) {
	q := newQueue(t, nil)
	srv := httptest.NewServer(Handler(q))
	defer srv.Close()

	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 25; i++ {
			q.Submit(Spec{Customer: "walk-in", Pages: 1})
			time.Sleep(time.Millisecond)
		}
	}()
	var last queueSummary
	for i := 0; i < 20; i++ {
		getJSON(t, srv.URL+"/queue", &last)
		time.Sleep(time.Millisecond)
	}
	wg.Wait()
	getJSON(t, srv.URL+"/queue", &last)
	if last.Pending != 25 {
		t.Fatalf("pending = %d", last.Pending)
	}
}

func TestProgressEndpoint(t *testing.T) {
	q := newQueue(t, []Printer{NewSimPrinter("p", false, time.Millisecond, 1000)})
	srv := httptest.NewServer(Handler(q))
	defer srv.Close()
	v, err := q.Submit(Spec{Customer: "gus", Pages: 40})
	if err != nil {
		t.Fatal(err)
	}
	prev := -1.0
	deadline := time.Now().Add(2 * time.Second)
	for {
		var p Progress
		getJSON(t, srv.URL+"/jobs/"+v.ID+"/progress", &p)
		if p.Percent < prev {
			t.Fatalf("progress went backwards: %v -> %v", prev, p.Percent)
		}
		prev = p.Percent
		if p.Done == p.Total {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("job did not finish")
		}
		time.Sleep(time.Millisecond)
	}
}

func TestJobAndQuoteEndpoints(t *testing.T) {
	q := newQueue(t, []Printer{NewSimPrinter("p", false, time.Millisecond, 100)}, WithHoldTimeout(time.Hour))
	srv := httptest.NewServer(Handler(q))
	defer srv.Close()

	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := fmt.Sprintf(`{"customer":"q%d","pages":%d,"paper":"A3","duplex":true}`, i, 10*(i+1))
			resp, err := http.Post(srv.URL+"/quote", "application/json", strings.NewReader(body))
			if err != nil {
				t.Error(err)
				return
			}
			defer resp.Body.Close()
			var got Quote
			if err := json.NewDecoder(resp.Body).Decode(&got); err != nil || got.Total <= 0 {
				t.Errorf("quote %d: %+v %v", i, got, err)
			}
		}()
	}
	resp, err := http.Post(srv.URL+"/jobs", "application/json", strings.NewReader(`{"customer":"hal","pages":3,"hold":true}`))
	if err != nil {
		t.Fatal(err)
	}
	var created JobView
	json.NewDecoder(resp.Body).Decode(&created)
	resp.Body.Close()
	for i := 0; i < 5; i++ {
		var v JobView
		getJSON(t, srv.URL+"/jobs/"+created.ID, &v)
		if v.State != "held" || v.Customer != "hal" {
			t.Fatalf("job = %+v", v)
		}
	}
	wg.Wait()
	resp, err = http.Get(srv.URL + "/jobs/J9999")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("missing job: %s", resp.Status)
	}
}
