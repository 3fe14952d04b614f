package gateway

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

func TestAlertsAreDeliveredToWebhook(t *testing.T) {
	var mu sync.Mutex
	received := 0
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		received++
		mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	defer hook.Close()
	sink := NewWebhookSink(hook.URL, 16, hook.Client())
	defer sink.Close()

	g := newTestGateway(t, WithAlertSink(sink))
	mustRegister(t, g, "t1", "temperature")
	for i := range 10 {
		v := 20.0
		if i%2 == 1 {
			v = 70
		}
		if err := ingestValue(g, "t1", v); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
	}
	ok := eventually(2*time.Second, func() bool {
		st, err := g.Stats()
		return err == nil && st.AlertsDelivered == 5
	})
	if !ok {
		st, _ := g.Stats()
		t.Fatalf("stats = %+v", st)
	}
}

func TestCalibrationRampsMonotonically(t *testing.T) {
	g := newTestGateway(t)
	mustRegister(t, g, "t1", "temperature")
	done, err := g.Calibrate("t1", Calibration{Offset: 2, Scale: 1}, 20*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	for range 30 {
		if err := ingestValue(g, "t1", 20); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
	}
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("calibration never finished")
	}
	if err := ingestValue(g, "t1", 20); err != nil {
		t.Fatal(err)
	}
	v, _ := g.Snapshot("t1")
	if v.Calibration.Offset != 2 || v.Last.Value != 22 {
		t.Fatalf("view = %+v", v)
	}
	for i := 1; i < len(v.Recent); i++ {
		if v.Recent[i] < v.Recent[i-1] || v.Recent[i] > 22 {
			t.Fatalf("calibrated series not monotonic: %v", v.Recent)
		}
	}
}

func TestSilentSensorGoesStale(t *testing.T) {
	g := newTestGateway(t, WithStaleAfter(10*time.Millisecond))
	mustRegister(t, g, "t1", "temperature")
	mustRegister(t, g, "t2", "temperature")
	if err := ingestValue(g, "t1", 21); err != nil {
		t.Fatal(err)
	}
	ok := eventually(2*time.Second, func() bool {
		h, err := g.Health()
		return err == nil && h["t1"] == "stale"
	})
	if !ok {
		t.Fatal("t1 never went stale")
	}
	if h, _ := g.Health(); h["t2"] != "unknown" {
		t.Fatalf("t2 = %s", h["t2"])
	}
}

func TestTrendFollowsIncomingReadings(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Window = 16
	g := newTestGateway(t, WithConfig(cfg))
	mustRegister(t, g, "c1", "co2")
	for range cfg.Window {
		if err := ingestValue(g, "c1", 400); err != nil {
			t.Fatal(err)
		}
	}

	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range 40 {
			_ = ingestValue(g, "c1", 400+float64(i))
			time.Sleep(time.Millisecond)
		}
	})
	var last Summary
	for range 30 {
		s, err := g.Trend("c1")
		if err != nil {
			t.Fatal(err)
		}
		last = s
		time.Sleep(time.Millisecond)
	}
	wg.Wait()
	if last.Count != cfg.Window || last.Min < 400 || last.Max > 440 {
		t.Fatalf("trend = %+v", last)
	}
}
