package robofleet

import (
	"fmt"
	"sort"
	"time"
)

// TaskKind is what a robot is asked to do.
type TaskKind int

// Task kinds.
const (
	Pick TaskKind = iota
	PutAway
	Relocate
)

func (k TaskKind) String() string {
	switch k {
	case Pick:
		return "pick"
	case PutAway:
		return "put-away"
	case Relocate:
		return "relocate"
	}
	return fmt.Sprintf("TaskKind(%d)", int(k))
}

// TaskState tracks a task.
type TaskState int

// Task states.
const (
	Queued TaskState = iota
	Assigned
	Done
	Overdue
)

// Task moves a tote from one cell to another.
type Task struct {
	ID        string
	Kind      TaskKind
	From, To  Coord
	Priority  int
	Submitted time.Time
	Deadline  time.Time
	State     TaskState
	Robot     string
	Attempts  int
	AckedAt   time.Time
}

// taskQueue orders tasks by priority, then age.
type taskQueue []*Task

func (q *taskQueue) push(t *Task) {
	i := sort.Search(len(*q), func(i int) bool {
		o := (*q)[i]
		if o.Priority != t.Priority {
			return o.Priority < t.Priority
		}
		return o.Submitted.After(t.Submitted)
	})
	*q = append(*q, nil)
	copy((*q)[i+1:], (*q)[i:])
	(*q)[i] = t
}

func (q *taskQueue) remove(id string) *Task {
	for i, t := range *q {
		if t.ID == id {
			*q = append((*q)[:i], (*q)[i+1:]...)
			return t
		}
	}
	return nil
}

// pickRobot chooses the closest robot able to take t, or nil.
func pickRobot(robots []*Robot, t *Task, minBattery, minHealth int) *Robot {
	var best *Robot
	bestDist := 0
	for _, r := range robots {
		if !r.canTakeWork(minBattery, minHealth) {
			continue
		}
		// A robot must be able to reach the tote and the drop-off and
		// still make it back to the dock.
		need := (r.Pos.Dist(t.From) + t.From.Dist(t.To) + t.To.Dist(Coord{})) / 10
		if r.Battery-need < minBattery/2 {
			continue
		}
		d := r.Pos.Dist(t.From)
		if best == nil || d < bestDist || (d == bestDist && r.ID < best.ID) {
			best, bestDist = r, d
		}
	}
	return best
}
