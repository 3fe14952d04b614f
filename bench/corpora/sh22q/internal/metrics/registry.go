// Package metrics keeps named counters and gauges for status pages.
package metrics

import (
	"io"
	"sort"
	"strconv"
	"sync"
)

// Registry is a set of named counters and gauges safe for concurrent use.
type Registry struct {
	mu       sync.Mutex
	prefix   string
	counters map[string]int64
	gauges   map[string]float64
}

// NewRegistry returns an empty registry whose metric names are prefixed
// with prefix when written out.
func NewRegistry(prefix string) *Registry {
	return &Registry{
		prefix:   prefix,
		counters: make(map[string]int64),
		gauges:   make(map[string]float64),
	}
}

// Add increments the named counter by delta.
func (r *Registry) Add(name string, delta int64) {
	r.mu.Lock()
	r.counters[name] += delta
	r.mu.Unlock()
}

// Inc increments the named counter by one.
func (r *Registry) Inc(name string) { r.Add(name, 1) }

// Set records the current value of a gauge.
func (r *Registry) Set(name string, v float64) {
	r.mu.Lock()
	r.gauges[name] = v
	r.mu.Unlock()
}

// Counter returns the current value of a counter.
func (r *Registry) Counter(name string) int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.counters[name]
}

// Gauge returns the last value recorded for a gauge.
func (r *Registry) Gauge(name string) float64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.gauges[name]
}

// Snapshot is a point-in-time copy of a registry.
type Snapshot struct {
	Counters map[string]int64
	Gauges   map[string]float64
}

// Snapshot copies every metric.
func (r *Registry) Snapshot() Snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := Snapshot{
		Counters: make(map[string]int64, len(r.counters)),
		Gauges:   make(map[string]float64, len(r.gauges)),
	}
	for k, v := range r.counters {
		s.Counters[k] = v
	}
	for k, v := range r.gauges {
		s.Gauges[k] = v
	}
	return s
}

// WriteText writes metrics one per line, sorted by name.
func (r *Registry) WriteText(w io.Writer) error {
	snap := r.Snapshot()
	lines := make([]string, 0, len(snap.Counters)+len(snap.Gauges))
	for k, v := range snap.Counters {
		lines = append(lines, r.prefix+k+" "+strconv.FormatInt(v, 10))
	}
	for k, v := range snap.Gauges {
		lines = append(lines, r.prefix+k+" "+strconv.FormatFloat(v, 'f', -1, 64))
	}
	sort.Strings(lines)
	for _, line := range lines {
		if _, err := io.WriteString(w, line+"\n"); err != nil {
			return err
		}
	}
	return nil
}
