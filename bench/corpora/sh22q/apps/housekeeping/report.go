package housekeeping

import (
	"sort"
	"time"
)

// Snapshot is a copy of the housekeeping board.
type Snapshot struct {
	Queue   []Task
	Rooms   map[RoomNo]Status
	Shift   ShiftStats
	Backlog int
	Unacked int
	Parked  int
}

func (s *Scheduler) snapshot() Snapshot {
	snap := Snapshot{
		Queue:   make([]Task, 0, s.queueDepth()),
		Rooms:   make(map[RoomNo]Status, len(s.rooms)),
		Shift:   s.shift,
		Backlog: s.pendingMinutes,
		Unacked: len(s.unacked),
		Parked:  len(s.parked),
	}
	for _, t := range s.queue {
		snap.Queue = append(snap.Queue, *t)
	}
	for no, r := range s.rooms {
		snap.Rooms[no] = r.Status
	}
	return snap
}

// ShiftLine is one housekeeper's row in the end-of-shift report.
type ShiftLine struct {
	Staff   string
	Name    string
	Cleaned int
	Minutes int
	Skipped int
	Score   float64
}

// scoreHousekeeper rates a housekeeper's shift: rooms cleaned per hour,
// with a small penalty for skipped rooms.
func scoreHousekeeper(h *Housekeeper) ShiftLine {
	line := ShiftLine{
		Staff:   h.ID,
		Name:    h.Name,
		Cleaned: h.Cleaned,
		Minutes: h.Minutes,
		Skipped: h.Skipped,
	}
	hours := float64(h.Minutes) / float64(time.Hour/time.Minute)
	if hours < 0.5 {
		hours = 0.5
	}
	line.Score = float64(h.Cleaned)/hours - 0.25*float64(h.Skipped)
	return line
}

func sortShift(lines []ShiftLine) {
	sort.Slice(lines, func(i, j int) bool {
		if lines[i].Score != lines[j].Score {
			return lines[i].Score > lines[j].Score
		}
		return lines[i].Staff < lines[j].Staff
	})
}
