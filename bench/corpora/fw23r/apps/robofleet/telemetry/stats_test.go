package telemetry

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

func TestObserveAndLowest(t *testing.T) {
	s := NewStats(20)
	at := time.Date(2024, 5, 1, 8, 0, 0, 0, time.UTC)
	s.Observe("a", 80, at)
	s.Observe("b", 15, at.Add(time.Second))
	s.Observe("a", 60, at.Add(2*time.Second))
	s.Fault()
	got := s.Snapshot()
	if got.Samples != 3 || got.LowBattery != 1 || got.Faults != 1 || !got.LastSample.Equal(at.Add(2*time.Second)) {
		t.Fatalf("totals = %+v", got)
	}
	if low := s.Lowest(1); len(low) != 1 || low[0] != "b" {
		t.Fatalf("lowest = %v", low)
	}
}

func TestExporterReadsGauges(t *testing.T) {
	var inflight atomic.Int64
	s := NewStats(20)
	s.Observe("a", 50, time.Now())
	sink := &MemorySink{}
	e := NewExporter(s, sink, 2*time.Millisecond, Gauge{Name: "in_flight", Read: inflight.Load})

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		e.Run(ctx)
	}()
	for i := 0; i < 50; i++ {
		inflight.Add(1)
		time.Sleep(200 * time.Microsecond)
	}
	time.Sleep(10 * time.Millisecond)
	cancel()
	<-done

	reps := sink.Reports()
	if len(reps) == 0 {
		t.Fatal("no reports")
	}
	if last := reps[len(reps)-1]; last.Gauges["in_flight"] != 50 || last.Totals.Samples != 1 {
		t.Fatalf("last = %+v", last)
	}
}
