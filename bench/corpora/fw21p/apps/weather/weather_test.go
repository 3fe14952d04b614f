package weather

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"example.com/corpus/trial-fw21p/internal/series"
)

// TestMain keeps the collector out of the way: the suites are short and
// timing sensitive.
func TestMain(m *testing.M) {
	debug.SetGCPercent(-1)
	os.Exit(m.Run())
}

// fakeProvider returns canned readings. History pages that start before
// slowBefore are only answered once release is closed, like a slow archive
// API.
type fakeProvider struct {
	temps      map[string]float64
	failing    map[string]bool
	slowBefore time.Time
	release    chan struct{}

	mu    sync.Mutex
	calls []string
}

func newFakeProvider() *fakeProvider {
	return &fakeProvider{
		temps:   map[string]float64{"Oslo": 4.5, "Lisbon": 19, "Nairobi": 24.2},
		failing: map[string]bool{},
		release: make(chan struct{}),
	}
}

func (p *fakeProvider) Current(ctx context.Context, city string) (Reading, error) {
	p.mu.Lock()
	p.calls = append(p.calls, city)
	p.mu.Unlock()
	if p.failing[city] {
		return Reading{}, errors.New("upstream timeout")
	}
	t, ok := p.temps[city]
	if !ok {
		return Reading{}, errors.New("unknown city")
	}
	return Reading{TempC: t, FeelsC: t - 1, Humidity: 60, WindKPH: 12, Condition: "cloudy",
		ObservedAt: observed}, nil
}

func (p *fakeProvider) History(ctx context.Context, city string, from, to time.Time) ([]series.Point, error) {
	if from.Before(p.slowBefore) {
		select {
		case <-p.release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	var pts []series.Point
	for at := from; at.Before(to); at = at.Add(time.Hour) {
		pts = append(pts, series.Point{At: at, Value: float64(at.Hour())})
	}
	return pts, nil
}

var observed = time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)

var cities = []string{"Oslo", "Lisbon", "Nairobi"}

// run starts the dashboard loop on its own goroutine.
func run(t *testing.T, d *Dashboard) (*fakeWindow, func()) {
	t.Helper()
	w := newFakeWindow()
	done := make(chan error, 1)
	go func() { done <- d.Run(w) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			w.Destroy()
			if err := <-done; err != nil {
				t.Errorf("run: %v", err)
			}
		})
	}
	t.Cleanup(stop)
	w.FrameAndWait()
	return w, stop
}

func newDashboard(t *testing.T, p Provider, opts ...Option) *Dashboard {
	t.Helper()
	d, err := New(p, cities, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// refreshAndApply presses R, waits until every city has been fetched and
// draws the frame that shows the results.
func refreshAndApply(w *fakeWindow) {
	want := w.invalidations.Load() + int64(len(cities))
	w.FrameAndWait(press("R")...)
	deadline := time.Now().Add(2 * time.Second)
	for w.invalidations.Load() < want && time.Now().Before(deadline) {
		time.Sleep(2 * time.Millisecond)
	}
	w.FrameAndWait()
}

func TestNewRequiresCities(t *testing.T) {
	if _, err := New(newFakeProvider(), nil); !errors.Is(err, ErrNoCities) {
		t.Fatalf("err = %v", err)
	}
}

func TestUnits(t *testing.T) {
	if got := Metric.Temp(21.55); got != "21.6°C" {
		t.Errorf("metric = %q", got)
	}
	if got := Imperial.Temp(100); got != "212.0°F" {
		t.Errorf("imperial = %q", got)
	}
	if got := Imperial.Speed(16.09344); got != "10 mph" {
		t.Errorf("speed = %q", got)
	}
}

func TestRefreshAppliesOnLoop(t *testing.T) {
	p := newFakeProvider()
	p.failing["Nairobi"] = true
	d := newDashboard(t, p)
	w, stop := run(t, d)
	refreshAndApply(w)
	w.FrameAndWait(press("U")...)
	stop()

	got := d.Readings()
	if len(got) != 2 || got[0].City != "Oslo" || got[1].City != "Lisbon" {
		t.Fatalf("readings = %+v", got)
	}
	if d.failures["Nairobi"] == "" {
		t.Error("failure not recorded")
	}
	if d.units != Imperial {
		t.Error("units not toggled")
	}
	if d.Fetches() != 3 {
		t.Errorf("fetches = %d", d.Fetches())
	}
	if len(d.Log().Recent(10)) != 1 {
		t.Errorf("log = %+v", d.Log().Recent(10))
	}
}

func TestExportHopsThroughLoop(t *testing.T) {
	d := newDashboard(t, newFakeProvider())
	w, stop := run(t, d)
	refreshAndApply(w)

	srv := httptest.NewServer(d.Handler())
	defer srv.Close()
	type result struct {
		body string
		err  error
	}
	res := make(chan result, 1)
	go func() {
		resp, err := http.Get(srv.URL + "/export")
		if err != nil {
			res <- result{err: err}
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		res <- result{body: string(b), err: err}
	}()
	var r result
	for r.body == "" && r.err == nil {
		w.FrameAndWait()
		select {
		case r = <-res:
		case <-time.After(10 * time.Millisecond):
		}
	}
	stop()
	if r.err != nil {
		t.Fatal(r.err)
	}
	if strings.Count(r.body, "\n") != 3 || !strings.HasPrefix(r.body, "Oslo\t4.5\tcloudy") {
		t.Fatalf("export:\n%s", r.body)
	}
}

func TestLogEndpointWhileRefreshing(t *testing.T) {
	p := newFakeProvider()
	p.failing["Oslo"] = true
	d := newDashboard(t, p)
	w, stop := run(t, d)
	h := d.Handler()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 20; i++ {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/log", nil))
			time.Sleep(2 * time.Millisecond)
		}
	}()
	refreshAndApply(w)
	wg.Wait()
	stop()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/log", nil))
	if !strings.Contains(rec.Body.String(), "Oslo: upstream timeout") {
		t.Fatalf("log:\n%s", rec.Body.String())
	}
}

func TestStaleDataFlagged(t *testing.T) {
	d := newDashboard(t, newFakeProvider(), WithStaleAfter(20*time.Millisecond), WithStaleCheck(2*time.Millisecond))
	w, stop := run(t, d)
	refreshAndApply(w)
	time.Sleep(80 * time.Millisecond)
	w.FrameAndWait()
	stop()
	if len(d.Readings()) != 3 {
		t.Fatalf("readings = %d", len(d.Readings()))
	}
}

func TestBackfillFillsSparkline(t *testing.T) {
	p := newFakeProvider()
	p.slowBefore = observed.Add(-6 * time.Hour)
	d := newDashboard(t, p, WithHistoryHours(12))
	w, stop := run(t, d)
	refreshAndApply(w)
	w.Frame(press("B")...)
	time.Sleep(60 * time.Millisecond)
	w.FrameAndWait()
	close(p.release)
	time.Sleep(20 * time.Millisecond)
	stop()
	got := d.Trend("Oslo")
	if len(got) != 13 || got[0] != 0 || got[11] != 11 || got[12] != 4.5 {
		t.Fatalf("trend = %v", got)
	}
}

func TestKioskStatus(t *testing.T) {
	p := newFakeProvider()
	d := newDashboard(t, p)
	w, stop := run(t, d)
	refreshAndApply(w)

	h := d.Handler()
	client := newSlowClient()
	go h.ServeHTTP(client, httptest.NewRequest(http.MethodGet, "/status", nil))
	time.Sleep(30 * time.Millisecond)
	refreshAndApply(w)
	body := client.readBody(t)
	stop()
	want := "Oslo\t4.5\tcloudy\t2024-05-01T12:00:00Z\nLisbon\t19.0\tcloudy\t2024-05-01T12:00:00Z\nNairobi\t24.2\tcloudy\t2024-05-01T12:00:00Z\n"
	if body != want {
		t.Fatalf("status:\n%s", body)
	}
	if d.Fetches() != 6 {
		t.Fatalf("fetches = %d", d.Fetches())
	}
}

// slowClient is a ResponseWriter whose body is read by the test, like a
// kiosk on a slow link.
type slowClient struct {
	header http.Header
	pr     *io.PipeReader
	pw     *io.PipeWriter
}

func newSlowClient() *slowClient {
	pr, pw := io.Pipe()
	return &slowClient{header: make(http.Header), pr: pr, pw: pw}
}

func (c *slowClient) Header() http.Header         { return c.header }
func (c *slowClient) WriteHeader(int)             {}
func (c *slowClient) Write(b []byte) (int, error) { return c.pw.Write(b) }

func (c *slowClient) readBody(t *testing.T) string {
	t.Helper()
	buf := make([]byte, 4096)
	n, err := c.pr.Read(buf)
	if err != nil {
		t.Fatal(err)
	}
	return string(buf[:n])
}
