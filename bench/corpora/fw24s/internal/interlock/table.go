// Package interlock implements a small route-locking table for tram junctions.
package interlock

import (
	"errors"
	"fmt"
)

// Segment is a track circuit.
type Segment struct {
	ID       string
	Occupied bool
	LockedBy string
}

// ErrConflict is returned when a route crosses a locked or occupied segment.
var ErrConflict = errors.New("interlock: conflicting route")

// Table holds segment state and route locks.
type Table struct {
	segments  []Segment
	byID      map[string]int
	routes    map[string][]string
	cancelled []string
	log       []string
}

// NewTable creates a table over the named segments.
func NewTable(ids ...string) *Table {
	t := &Table{byID: make(map[string]int), routes: make(map[string][]string)}
	for i, id := range ids {
		t.segments = append(t.segments, Segment{ID: id})
		t.byID[id] = i
	}
	return t
}

// Occupy sets a track circuit's occupancy.
func (t *Table) Occupy(id string, occupied bool) {
	if i, ok := t.byID[id]; ok {
		t.segments[i].Occupied = occupied
	}
}

// Lock reserves every segment of a route.
func (t *Table) Lock(route string, segs []string) error {
	for _, id := range segs {
		i, ok := t.byID[id]
		if !ok {
			return fmt.Errorf("interlock: unknown segment %s", id)
		}
		if s := t.segments[i]; s.Occupied || (s.LockedBy != "" && s.LockedBy != route) {
			return fmt.Errorf("%w: %s blocked at %s", ErrConflict, route, id)
		}
	}
	for _, id := range segs {
		t.segments[t.byID[id]].LockedBy = route
	}
	t.routes[route] = segs
	t.log = append(t.log, "lock "+route)
	return nil
}

// Cancel queues a route for release at the next Sweep.
func (t *Table) Cancel(route string) {
	t.cancelled = append(t.cancelled, route) // RACY
}

// Sweep releases cancelled routes whose segments are clear, returning them.
func (t *Table) Sweep() []string {
	var done, keep []string
	for _, r := range t.cancelled {
		if t.clear(r) {
			t.release(r)
			done = append(done, r)
		} else {
			keep = append(keep, r)
		}
	}
	t.cancelled = keep
	return done
}

func (t *Table) clear(route string) bool {
	for _, id := range t.routes[route] {
		if t.segments[t.byID[id]].Occupied {
			return false
		}
	}
	return true
}

func (t *Table) release(route string) {
	for _, id := range t.routes[route] {
		t.segments[t.byID[id]].LockedBy = ""
	}
	delete(t.routes, route)
	t.log = append(t.log, "release "+route)
}

// Locked reports the route holding a segment.
func (t *Table) Locked(id string) string {
	if i, ok := t.byID[id]; ok {
		return t.segments[i].LockedBy
	}
	return ""
}

// Routes returns the number of set routes.
func (t *Table) Routes() int { return len(t.routes) }
