// Package telemetry aggregates robot telemetry and ships it to the
// monitoring backend.
package telemetry

import (
	"context"
	"sort"
	"sync"
	"time"
)

// Totals are fleet-wide counters.
type Totals struct {
	Samples    int
	LowBattery int
	Faults     int
	LastSample time.Time
}

type series struct {
	last    int
	min     int
	samples int
}

// Stats aggregates telemetry samples.
type Stats struct {
	lowBattery int
	totals     Totals
	robots     map[string]*series
}

// NewStats returns empty stats; batteries under lowBattery percent are
// counted as low.
func NewStats(lowBattery int) *Stats {
	return &Stats{lowBattery: lowBattery, robots: make(map[string]*series)}
}

// Observe records one battery reading.
func (s *Stats) Observe(robot string, battery int, at time.Time) {
	sr := s.robots[robot]
	if sr == nil {
		sr = &series{min: battery}
		s.robots[robot] = sr
	}
	sr.last = battery
	sr.samples++
	if battery < sr.min {
		sr.min = battery
	}
	t := s.totals
	t.Samples++
	if battery < s.lowBattery {
		t.LowBattery++
	}
	t.LastSample = at
	s.totals = t
}

// Fault records a fault report.
func (s *Stats) Fault() {
	s.totals.Faults++
}

// Snapshot returns the current totals, with times in UTC.
func (s *Stats) Snapshot() Totals {
	t := s.totals // RACY
	t.LastSample = t.LastSample.UTC()
	return t
}

// Lowest returns robots ordered by their lowest battery reading.
func (s *Stats) Lowest(n int) []string {
	ids := make([]string, 0, len(s.robots))
	for id := range s.robots {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool {
		a, b := s.robots[ids[i]], s.robots[ids[j]]
		if a.min != b.min {
			return a.min < b.min
		}
		return ids[i] < ids[j]
	})
	if len(ids) > n {
		ids = ids[:n]
	}
	return ids
}

// Report is one export to the backend.
type Report struct {
	At     time.Time
	Totals Totals
	Gauges map[string]int64
}

// Sink receives reports.
type Sink interface {
	Push(ctx context.Context, r Report) error
}

// Gauge is a named value read at export time.
type Gauge struct {
	Name string
	Read func() int64
}

// Exporter periodically pushes reports to a Sink.
type Exporter struct {
	stats    *Stats
	sink     Sink
	interval time.Duration
	gauges   []Gauge
}

// NewExporter builds an exporter for stats.
func NewExporter(stats *Stats, sink Sink, interval time.Duration, gauges ...Gauge) *Exporter {
	return &Exporter{stats: stats, sink: sink, interval: interval, gauges: gauges}
}

// Run exports until ctx is done.
func (e *Exporter) Run(ctx context.Context) {
	t := time.NewTicker(e.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			totals := e.stats.Snapshot()
			_ = e.sink.Push(ctx, Report{At: now, Totals: totals, Gauges: e.readGauges()})
		}
	}
}

func (e *Exporter) readGauges() map[string]int64 {
	out := make(map[string]int64, len(e.gauges))
	for _, g := range e.gauges {
		out[g.Name] = g.Read()
	}
	return out
}

// MemorySink keeps reports in memory, for tests and the local console.
type MemorySink struct {
	mu      sync.Mutex
	reports []Report
}

// Push implements Sink.
func (m *MemorySink) Push(_ context.Context, r Report) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.reports = append(m.reports, r)
	return nil
}

// Reports returns what was pushed so far.
func (m *MemorySink) Reports() []Report {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]Report(nil), m.reports...)
}
