// Package bikeshare runs a city bike-share dock network as a hollywood actor.
package bikeshare

import (
	"errors"
	"fmt"
	"math"
	"sort"
)

// Point is a WGS84 coordinate.
type Point struct{ Lat, Lon float64 }

// DistanceKm is the haversine distance between two points.
func DistanceKm(a, b Point) float64 {
	const r = 6371.0
	dLat := (b.Lat - a.Lat) * math.Pi / 180
	dLon := (b.Lon - a.Lon) * math.Pi / 180
	la1, la2 := a.Lat*math.Pi/180, b.Lat*math.Pi/180
	h := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(la1)*math.Cos(la2)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * r * math.Asin(math.Sqrt(h))
}

// Dock is one docking station.
type Dock struct {
	ID       string
	Name     string
	Region   string
	At       Point
	Capacity int
	Bikes    int
	Held     int
	Offline  bool
}

var (
	ErrNoBike      = errors.New("bikeshare: no bike available")
	ErrDockFull    = errors.New("bikeshare: dock is full")
	ErrUnknown     = errors.New("bikeshare: unknown dock")
	ErrNoHold      = errors.New("bikeshare: no such hold")
	ErrDockOffline = errors.New("bikeshare: dock offline")
)

// Free is the number of empty slots.
func (d *Dock) Free() int { return d.Capacity - d.Bikes }

// Rentable is the number of bikes that can be taken without a hold.
func (d *Dock) Rentable() int { return d.Bikes - d.Held }

func (d *Dock) checkout(withHold bool) error {
	switch {
	case d.Offline:
		return ErrDockOffline
	case withHold && d.Held > 0:
		d.Held--
	case d.Rentable() <= 0:
		return ErrNoBike
	}
	d.Bikes--
	return nil
}

func (d *Dock) dockBike() error {
	if d.Offline {
		return ErrDockOffline
	}
	if d.Free() <= 0 {
		return ErrDockFull
	}
	d.Bikes++
	return nil
}

// Load is the fill ratio of the dock.
func (d *Dock) Load() float64 {
	if d.Capacity == 0 {
		return 0
	}
	return float64(d.Bikes) / float64(d.Capacity)
}

// DockLoad is a detached view of a dock's fill level.
type DockLoad struct {
	ID       string
	Region   string
	Bikes    int
	Capacity int
}

// Move is one truck move in a rebalancing plan.
type Move struct {
	From, To string
	Bikes    int
}

func (m Move) String() string { return fmt.Sprintf("%s->%s x%d", m.From, m.To, m.Bikes) }

// PlanRebalance moves bikes from docks above target load to docks below it.
func PlanRebalance(loads []DockLoad, target float64) []Move {
	type gap struct {
		id string
		n  int
	}
	var surplus, deficit []gap
	for _, l := range loads {
		want := int(math.Round(target * float64(l.Capacity)))
		switch d := l.Bikes - want; {
		case d > 0:
			surplus = append(surplus, gap{l.ID, d})
		case d < 0:
			deficit = append(deficit, gap{l.ID, -d})
		}
	}
	sort.Slice(surplus, func(i, j int) bool { return surplus[i].n > surplus[j].n })
	sort.Slice(deficit, func(i, j int) bool { return deficit[i].n > deficit[j].n })
	var moves []Move
	for i, j := 0, 0; i < len(surplus) && j < len(deficit); {
		n := min(surplus[i].n, deficit[j].n)
		moves = append(moves, Move{From: surplus[i].id, To: deficit[j].id, Bikes: n})
		surplus[i].n -= n
		deficit[j].n -= n
		if surplus[i].n == 0 {
			i++
		}
		if deficit[j].n == 0 {
			j++
		}
	}
	return moves
}
