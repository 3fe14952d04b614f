// Package housekeeping schedules room cleaning for a hotel: departures
// become cleaning tasks, housekeepers claim the most urgent task on their
// floors, supervisors inspect the result and the front desk is told when a
// room can be sold again.
package housekeeping

import (
	"errors"
	"strconv"
	"time"
)

// RoomNo is a room number such as "412"; the leading digits are the floor.
type RoomNo string

// Floor returns the floor encoded in a room number.
func (r RoomNo) Floor() int {
	if len(r) < 3 {
		return 0
	}
	n, err := strconv.Atoi(string(r[:len(r)-2]))
	if err != nil {
		return 0
	}
	return n
}

// RoomType affects how long a room takes to clean.
type RoomType int

const (
	Standard RoomType = iota
	Deluxe
	Suite
)

// Status is where a room is in the turnover cycle.
type Status int

const (
	Occupied Status = iota
	Dirty
	Cleaning
	Inspection
	Ready
	OutOfOrder
)

func (s Status) String() string {
	return [...]string{"occupied", "dirty", "cleaning", "inspection", "ready", "out-of-order"}[s]
}

// Room is one sellable room.
type Room struct {
	No     RoomNo
	Type   RoomType
	Status Status
}

// TaskKind describes the cleaning required.
type TaskKind int

const (
	Departure TaskKind = iota
	Stayover
	DeepClean
)

// Task is a unit of cleaning work waiting for, or assigned to, a
// housekeeper.
type Task struct {
	Room      RoomNo
	Kind      TaskKind
	Priority  int
	Minutes   int
	Created   time.Time
	Assignee  string
	Started   time.Time
	Attempts  int
	Reinspect bool
}

// CheckoutOptions describe the next arrival for a departing room.
type CheckoutOptions struct {
	Kind         TaskKind
	VIPArrival   bool
	EarlyCheckIn bool
}

// Housekeeper is a member of staff on the current shift.
type Housekeeper struct {
	ID      string
	Name    string
	Floors  []int
	Current *Task
	Cleaned int
	Minutes int
	Skipped int
}

func (h *Housekeeper) covers(floor int) bool {
	for _, f := range h.Floors {
		if f == floor {
			return true
		}
	}
	return false
}

// Errors returned by the scheduler.
var (
	ErrUnknownRoom  = errors.New("housekeeping: unknown room")
	ErrUnknownStaff = errors.New("housekeeping: unknown housekeeper")
	ErrBusy         = errors.New("housekeeping: housekeeper already has a task")
	ErrIdle         = errors.New("housekeeping: housekeeper has no task")
	ErrNoWork       = errors.New("housekeeping: nothing to clean on assigned floors")
	ErrWrongStatus  = errors.New("housekeeping: room is not in the expected state")
	ErrStopped      = errors.New("housekeeping: scheduler stopped")
)

// estimate returns the expected cleaning time in minutes.
func estimate(t RoomType, k TaskKind) int {
	base := map[RoomType]int{Standard: 30, Deluxe: 40, Suite: 55}[t]
	switch k {
	case Stayover:
		return base / 2
	case DeepClean:
		return base * 3
	}
	return base
}

// priority ranks a departure; higher is cleaned first.
func priority(t RoomType, opts CheckoutOptions) int {
	p := 10
	if opts.VIPArrival {
		p += 50
	}
	if opts.EarlyCheckIn {
		p += 30
	}
	if t == Suite {
		p += 10
	}
	if opts.Kind == Stayover {
		p -= 5
	}
	return p
}
