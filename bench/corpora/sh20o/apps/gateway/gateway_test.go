package gateway

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"

	"example.com/corpus/trial-sh20o/internal/notify"
)

func TestIngestAndSnapshot(t *testing.T) {
	g := newTestGateway(t)
	mustRegister(t, g, "t1", "temperature")
	mustRegister(t, g, "h1", "humidity")

	n, err := g.Ingest(context.Background(), payload(
		"# boiler room",
		"t1,21.5",
		"t1,22.0,1700000000000",
		"h1,40",
		"h1,not-a-number",
		"x9,1",
		"garbage",
	))
	if err != nil {
		t.Fatal(err)
	}
	if n != 3 {
		t.Fatalf("accepted = %d", n)
	}
	v, err := g.Snapshot("t1")
	if err != nil {
		t.Fatal(err)
	}
	if v.Health != "ok" || len(v.Recent) != 2 || v.Last.Value != 22.0 || v.Unit != "°C" {
		t.Fatalf("view = %+v", v)
	}
	v.Recent[0] = -1
	again, _ := g.Snapshot("t1")
	if again.Recent[0] != 21.5 {
		t.Fatal("snapshot shares the window")
	}
	st, _ := g.Stats()
	if st.Ingested != 3 || st.Rejected != 3 {
		t.Fatalf("stats = %+v", st)
	}
	if _, err := g.Snapshot("nope"); !errors.Is(err, ErrUnknownSensor) {
		t.Fatalf("unknown: %v", err)
	}
	if err := g.Register("t1", "temperature", "°C"); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("duplicate: %v", err)
	}
}

func TestWindowWrapsOldestFirst(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Window = 3
	g := newTestGateway(t, WithConfig(cfg))
	mustRegister(t, g, "c1", "co2")
	for _, v := range []float64{400, 410, 420, 430, 440} {
		if err := ingestValue(g, "c1", v); err != nil {
			t.Fatal(err)
		}
	}
	v, _ := g.Snapshot("c1")
	want := []float64{420, 430, 440}
	for i := range want {
		if v.Recent[i] != want[i] {
			t.Fatalf("recent = %v", v.Recent)
		}
	}
}

func TestSummaryOfSnapshotsWhileIngesting(t *testing.T) {
	g := newTestGateway(t)
	mustRegister(t, g, "t1", "temperature")
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range 40 {
			_ = ingestValue(g, "t1", 20+float64(i%5))
			time.Sleep(500 * time.Microsecond)
		}
	})
	var last Summary
	for range 20 {
		v, err := g.Snapshot("t1")
		if err != nil {
			t.Fatal(err)
		}
		last = Summarize(v.Recent)
		time.Sleep(time.Millisecond)
	}
	wg.Wait()
	if last.Count == 0 || last.Min < 20 || last.Max > 24 {
		t.Fatalf("summary = %+v", last)
	}
}

func TestThresholdAlertsOnBus(t *testing.T) {
	bus := notify.NewBus[Alert](16)
	defer bus.Close()
	got := make(chan Alert, 16)
	bus.Subscribe(func(a Alert) { got <- a })

	g := newTestGateway(t, WithEvents(bus))
	mustRegister(t, g, "t1", "temperature")
	for _, v := range []float64{20, 75, 80, 21, 90} {
		if err := ingestValue(g, "t1", v); err != nil {
			t.Fatal(err)
		}
	}
	var values []float64
	for range 2 {
		select {
		case a := <-got:
			values = append(values, a.Value)
		case <-time.After(2 * time.Second):
			t.Fatalf("alerts so far: %v", values)
		}
	}
	if values[0] != 75 || values[1] != 90 {
		t.Fatalf("alert values = %v", values)
	}
	v, _ := g.Snapshot("t1")
	if v.Health != "alarm" || v.Alarms != 2 {
		t.Fatalf("view = %+v", v)
	}
}

func TestUplinkReceivesEveryReading(t *testing.T) {
	up := &recordingUplink{}
	cfg := DefaultConfig()
	cfg.FlushEvery = 2 * time.Millisecond
	cfg.UplinkBatch = 8
	g := newTestGateway(t, WithConfig(cfg), WithUplink(up))
	mustRegister(t, g, "h1", "humidity")

	var wg sync.WaitGroup
	for w := range 3 {
		wg.Go(func() {
			for i := range 10 {
				_ = ingestValue(g, "h1", float64(40+w+i))
				time.Sleep(200 * time.Microsecond)
			}
		})
	}
	wg.Wait()
	if !eventually(2*time.Second, func() bool { return up.count() == 30 }) {
		t.Fatalf("uplink got %d readings", up.count())
	}
	st, _ := g.Stats()
	if st.Forwarded != 30 {
		t.Fatalf("forwarded = %d", st.Forwarded)
	}
}

func TestHealthWhileIngesting(t *testing.T) {
	g := newTestGateway(t)
	for i := range 4 {
		mustRegister(t, g, fmt.Sprintf("s%d", i), "co2")
	}
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			for j := range 10 {
				_ = ingestValue(g, fmt.Sprintf("s%d", i), float64(400+j*200))
			}
		})
	}
	for range 10 {
		if _, err := g.Health(); err != nil {
			t.Fatal(err)
		}
	}
	wg.Wait()
	h, _ := g.Health()
	for id, state := range h {
		if state != "alarm" {
			t.Fatalf("%s = %s", id, state)
		}
	}
}

func TestSummarizeAndMedian(t *testing.T) {
	s := Summarize([]float64{2, 4, 4, 4, 5, 5, 7, 9})
	if s.Mean != 5 || s.StdDev != 2 || s.Min != 2 || s.Max != 9 {
		t.Fatalf("summary = %+v", s)
	}
	if m := Median([]float64{3, 1, 2}); m != 2 {
		t.Fatalf("median = %v", m)
	}
	if m := Median(nil); !math.IsNaN(m) {
		t.Fatalf("median of nothing = %v", m)
	}
}
