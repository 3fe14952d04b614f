package robofleet

import "time"

// RegisterRobot adds a robot to the fleet. The reply is an error or nil.
type RegisterRobot struct {
	ID      string
	Model   string
	Pos     Coord
	Battery int
}

// Heartbeat is sent by each robot's controller every few seconds.
type Heartbeat struct {
	RobotID string
	Pos     Coord
	Battery int
	Fault   string
}

// SubmitTask queues work. The reply is the task ID.
type SubmitTask struct {
	Kind     TaskKind
	From, To Coord
	Priority int
	Within   time.Duration
}

// TaskFinished is reported by a robot when it drops the tote.
type TaskFinished struct {
	TaskID  string
	RobotID string
}

// ChargeComplete is reported by the dock when a robot is full.
type ChargeComplete struct {
	RobotID string
}

// StatusQuery asks for a FleetStatus.
type StatusQuery struct{}

// FleetStatus is a copy of the fleet's state.
type FleetStatus struct {
	Robots    []RobotStatus
	Queued    int
	Assigned  int
	Unacked   int
	Overdue   int
	Completed int
}

// Robot returns the status of robot id.
func (s FleetStatus) Robot(id string) (RobotStatus, bool) {
	for _, r := range s.Robots {
		if r.ID == id {
			return r, true
		}
	}
	return RobotStatus{}, false
}

type driveCommand struct {
	TaskID   string
	From, To Coord
}

type driveAck struct {
	TaskID  string
	RobotID string
	At      time.Time
}

type diagnose struct{}

type diagnostics struct {
	RobotID    string
	CellHealth int
	Codes      []string
}

type reserveBay struct {
	RobotID string
}

type bayAssigned struct {
	RobotID string
	Bay     int
}

type noBayFree struct {
	RobotID string
}

type releaseBay struct {
	Bay int
}

type taskDeadline struct {
	TaskID string
}
