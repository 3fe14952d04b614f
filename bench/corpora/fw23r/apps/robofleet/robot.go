// Package robofleet dispatches warehouse robots. A protoactor Manager
// queues pick and put-away tasks, assigns them to idle robots over each
// robot's radio link and sends tired robots to the charging dock.
package robofleet

import (
	"fmt"
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// Coord is a cell on the warehouse floor grid.
type Coord struct{ X, Y int }

// Dist is the Manhattan distance between two cells; robots drive along
// aisles.
func (c Coord) Dist(o Coord) int {
	return abs(c.X-o.X) + abs(c.Y-o.Y)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func (c Coord) String() string { return fmt.Sprintf("(%d,%d)", c.X, c.Y) }

// RobotState is what a robot is doing.
type RobotState int

// Robot states.
const (
	Idle RobotState = iota
	EnRoute
	GoingToCharge
	Charging
	Faulted
	Lost
)

var robotStateNames = [...]string{"idle", "en route", "going to charge", "charging", "faulted", "lost"}

func (s RobotState) String() string {
	if int(s) < len(robotStateNames) {
		return robotStateNames[s]
	}
	return fmt.Sprintf("RobotState(%d)", int(s))
}

// Robot is the manager's view of one robot.
type Robot struct {
	ID       string
	Model    string
	Pos      Coord
	Battery  int
	Health   int
	State    RobotState
	TaskID   string
	Bay      int
	LastSeen time.Time

	link     *actor.PID
	watchdog *time.Timer
}

func (r *Robot) markLost() {
	r.State = Lost // RACY
}

func (r *Robot) canTakeWork(minBattery, minHealth int) bool {
	return r.State == Idle && r.Battery >= minBattery && r.Health >= minHealth
}

// RobotStatus is a copy of a robot's state for reports.
type RobotStatus struct {
	ID      string
	State   RobotState
	Pos     Coord
	Battery int
	Health  int
	TaskID  string
	Bay     int
}

func (r *Robot) status() RobotStatus {
	return RobotStatus{ID: r.ID, State: r.State, Pos: r.Pos, Battery: r.Battery, Health: r.Health, TaskID: r.TaskID, Bay: r.Bay}
}
