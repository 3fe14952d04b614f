package picklist

import (
	"sort"

	"example.com/corpus/trial-sh21p/internal/pool"
)

// AisleRange is an inclusive range of aisle numbers.
type AisleRange struct {
	First, Last int
}

// Layout describes the warehouse floor.
type Layout struct {
	Zones map[string]AisleRange
	Dock  Bin
	// BayDepth is the number of bays in each aisle; walking between
	// aisles means walking to the nearer aisle end.
	BayDepth int
}

// ZoneOf returns the zone that contains aisle.
func (l Layout) ZoneOf(aisle int) (string, bool) {
	for _, name := range l.zoneNames() {
		r := l.Zones[name]
		if aisle >= r.First && aisle <= r.Last {
			return name, true
		}
	}
	return "", false
}

func (l Layout) zoneNames() []string {
	names := make([]string, 0, len(l.Zones))
	for name := range l.Zones {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// dominantZone is the zone holding most of the order's units.
func (l Layout) dominantZone(lines []Line) string {
	units := make(map[string]int)
	for _, ln := range lines {
		if z, ok := l.ZoneOf(ln.Bin.Aisle); ok {
			units[z] += ln.Qty
		}
	}
	best, bestUnits := "", -1
	for _, z := range l.zoneNames() {
		if units[z] > bestUnits {
			best, bestUnits = z, units[z]
		}
	}
	return best
}

// distance is the walking distance between two bins in bay lengths.
func (l Layout) distance(a, b Bin) int {
	if a.Aisle == b.Aisle {
		return abs(a.Bay - b.Bay)
	}
	depth := l.BayDepth
	if depth <= 0 {
		depth = 20
	}
	viaFront := a.Bay + b.Bay
	viaBack := (depth - a.Bay) + (depth - b.Bay)
	return min(viaFront, viaBack) + 2*abs(a.Aisle-b.Aisle)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Plan is a walking route through the bins of one or more orders.
type Plan struct {
	Stops    []Bin
	Distance int
}

// Planner computes routes on a worker pool.
type Planner struct {
	layout Layout
	pool   *pool.Pool
}

// NewPlanner starts a planner with the given number of workers.
func NewPlanner(layout Layout, workers int) *Planner {
	return &Planner{layout: layout, pool: pool.New(workers)}
}

// Plan computes a route for lines on a worker and passes it to done, which
// runs on that worker.
func (p *Planner) Plan(lines []Line, done func(*Plan)) error {
	return p.pool.Submit(func() {
		done(p.route(binsOf(lines)))
	})
}

// Close waits for queued plans to finish.
func (p *Planner) Close() { p.pool.Close() }

func binsOf(lines []Line) []Bin {
	seen := make(map[Bin]bool, len(lines))
	bins := make([]Bin, 0, len(lines))
	for _, l := range lines {
		if !seen[l.Bin] {
			seen[l.Bin] = true
			bins = append(bins, l.Bin)
		}
	}
	return bins
}

// route orders bins by repeatedly walking to the nearest unvisited bin,
// starting and ending at the dock.
func (p *Planner) route(bins []Bin) *Plan {
	remaining := append([]Bin(nil), bins...)
	sort.Slice(remaining, func(i, j int) bool {
		a, b := remaining[i], remaining[j]
		if a.Aisle != b.Aisle {
			return a.Aisle < b.Aisle
		}
		if a.Bay != b.Bay {
			return a.Bay < b.Bay
		}
		return a.Level < b.Level
	})
	plan := &Plan{Stops: make([]Bin, 0, len(remaining))}
	at := p.layout.Dock
	for len(remaining) > 0 {
		best := 0
		for i := 1; i < len(remaining); i++ {
			if p.layout.distance(at, remaining[i]) < p.layout.distance(at, remaining[best]) {
				best = i
			}
		}
		next := remaining[best]
		plan.Distance += p.layout.distance(at, next)
		plan.Stops = append(plan.Stops, next)
		at = next
		remaining = append(remaining[:best], remaining[best+1:]...)
	}
	plan.Distance += p.layout.distance(at, p.layout.Dock)
	return plan
}
