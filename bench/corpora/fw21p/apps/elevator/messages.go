// Package elevator controls a bank of elevator cars. Every car is an Ergo
// gen.Server process; a dispatcher process assigns hall calls to the car
// with the lowest estimated cost and announces the choice on the lobby
// display.
package elevator

import (
	"time"

	"github.com/ergo-services/ergo/etf"

	"example.com/corpus/trial-fw21p/internal/lift"
)

// DoorState is the state of a car's doors.
type DoorState int

// Door states.
const (
	DoorClosed DoorState = iota
	DoorOpen
)

func (d DoorState) String() string {
	if d == DoorOpen {
		return "open"
	}
	return "closed"
}

// CabCall is a button pressed inside a car.
type CabCall struct{ Floor int }

// HallCall is a button pressed in a lobby.
type HallCall struct {
	Floor int
	Dir   lift.Direction
}

// HoldDoor is sent while a passenger keeps the door-open button pressed.
type HoldDoor struct{}

// ReleaseDoor is sent when the door-open button is let go.
type ReleaseDoor struct{}

// Status is a snapshot of a car.
type Status struct {
	Car    string
	Floor  int
	Dir    lift.Direction
	Door   DoorState
	Moving bool
	Stops  []int
	Trips  int
}

// Alarm is raised when a door is held open for too long.
type Alarm struct {
	Car       string
	Floor     int
	Door      DoorState
	OpenSince time.Time
}

// AlarmSink receives alarms, e.g. the building's pager integration.
type AlarmSink interface {
	Raise(Alarm) error
}

// ETA is shown on the lobby display after a hall call was assigned.
type ETA struct {
	Floor  int
	Car    string
	Floors int
}

// CarInfo describes a car to the dispatcher.
type CarInfo struct {
	Name   string
	PID    etf.Pid
	Bounds lift.Bounds
	Stops  *lift.StopSet
}

type (
	statusRequest   struct{}
	describeRequest struct{}
	assignHall      struct {
		Floor int
		Dir   lift.Direction
	}
	arrived      struct{ Floor int }
	dwellElapsed struct{}
	registerCar  struct {
		PID etf.Pid
	}
	etaRequest struct{}
)
