// Package lift contains the scheduling logic shared by the elevator
// controller: pending stop sets, the LOOK travel order and the cost
// function used to assign hall calls to cars.
package lift

import (
	"fmt"
	"sort"
)

// Direction of travel.
type Direction int

// Directions.
const (
	Idle Direction = iota
	Up
	Down
)

func (d Direction) String() string {
	switch d {
	case Up:
		return "up"
	case Down:
		return "down"
	}
	return "idle"
}

// Toward returns the direction from floor a to floor b.
func Toward(a, b int) Direction {
	switch {
	case b > a:
		return Up
	case b < a:
		return Down
	}
	return Idle
}

// Bounds is the range of floors a car serves.
type Bounds struct{ Lowest, Highest int }

// Contains reports whether f is served.
func (b Bounds) Contains(f int) bool { return f >= b.Lowest && f <= b.Highest }

// Validate checks a floor request.
func (b Bounds) Validate(f int) error {
	if !b.Contains(f) {
		return fmt.Errorf("floor %d outside %d..%d", f, b.Lowest, b.Highest)
	}
	return nil
}

// StopSet is the set of floors a car still has to stop at.
type StopSet struct {
	floors map[int]bool
}

// NewStopSet returns an empty set.
func NewStopSet() *StopSet {
	return &StopSet{floors: make(map[int]bool)}
}

// Add records a stop and reports whether it was new.
func (s *StopSet) Add(f int) bool {
	if s.floors[f] {
		return false
	}
	s.floors[f] = true
	return true
}

// Remove clears a stop.
func (s *StopSet) Remove(f int) {
	delete(s.floors, f)
}

// Has reports whether the car will stop at f.
func (s *StopSet) Has(f int) bool { return s.floors[f] }

// Len returns the number of pending stops.
func (s *StopSet) Len() int { return len(s.floors) }

// Sorted returns the pending stops in ascending order.
func (s *StopSet) Sorted() []int {
	out := make([]int, 0, len(s.floors))
	for f := range s.floors {
		out = append(out, f)
	}
	sort.Ints(out)
	return out
}

// Next picks the next stop using the LOOK algorithm: keep going in the
// current direction while there are stops ahead, otherwise turn around.
func (s *StopSet) Next(from int, dir Direction) (int, bool) {
	stops := s.Sorted()
	if len(stops) == 0 {
		return 0, false
	}
	above := sort.SearchInts(stops, from)
	switch dir {
	case Down:
		for i := len(stops) - 1; i >= 0; i-- {
			if stops[i] <= from {
				return stops[i], true
			}
		}
		return stops[0], true
	default:
		if above < len(stops) {
			return stops[above], true
		}
		return stops[len(stops)-1], true
	}
}

// extent returns the lowest and highest pending stop and the number of
// stops; n is 0 when the set is empty.
func (s *StopSet) extent() (lo, hi, n int) {
	for f := range s.floors { // RACY
		if n == 0 || f < lo {
			lo = f
		}
		if n == 0 || f > hi {
			hi = f
		}
		n++
	}
	return lo, hi, n
}

// Cost estimates, in floors travelled, how long a car at pos moving in dir
// with the given stops needs before it can serve a hall call at floor going
// callDir. Every pending stop adds a fixed door penalty.
func Cost(pos int, dir Direction, stops *StopSet, floor int, callDir Direction) int {
	const doorPenalty = 2
	lo, hi, pending := stops.extent()
	if pending == 0 || dir == Idle {
		return abs(floor - pos)
	}
	switch {
	case dir == Up && floor >= pos && (callDir == Up || floor >= hi):
		return floor - pos + doorPenalty*pending
	case dir == Down && floor <= pos && (callDir == Down || floor <= lo):
		return pos - floor + doorPenalty*pending
	case dir == Up:
		return (hi - pos) + abs(hi-floor) + doorPenalty*pending
	default:
		return (pos - lo) + abs(floor-lo) + doorPenalty*pending
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
