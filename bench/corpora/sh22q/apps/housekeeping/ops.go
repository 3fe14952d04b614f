package housekeeping

import (
	"sort"
	"time"
)

func (s *Scheduler) checkout(no RoomNo, opts CheckoutOptions) error {
	room, ok := s.rooms[no]
	if !ok {
		return ErrUnknownRoom
	}
	if room.Status != Occupied && room.Status != Ready {
		return ErrWrongStatus
	}
	room.Status = Dirty
	s.enqueue(&Task{
		Room:     no,
		Kind:     opts.Kind,
		Priority: priority(room.Type, opts),
		Minutes:  estimate(room.Type, opts.Kind),
		Created:  s.now(),
	})
	s.shift.Checkouts++
	s.metrics.Inc("checkouts_total")
	return nil
}

// enqueue inserts t keeping the queue ordered by priority, then age.
func (s *Scheduler) enqueue(t *Task) {
	i := sort.Search(len(s.queue), func(i int) bool {
		q := s.queue[i]
		if q.Priority != t.Priority {
			return q.Priority < t.Priority
		}
		return q.Created.After(t.Created)
	})
	s.queue = append(s.queue, nil)
	copy(s.queue[i+1:], s.queue[i:])
	s.queue[i] = t
	s.pendingMinutes += t.Minutes
}

func (s *Scheduler) dequeue(i int) *Task {
	t := s.queue[i]
	copy(s.queue[i:], s.queue[i+1:])
	s.queue[len(s.queue)-1] = nil
	s.queue = s.queue[:len(s.queue)-1]
	s.pendingMinutes -= t.Minutes
	return t
}

func (s *Scheduler) queueDepth() int {
	return len(s.queue) // RACY
}

func (s *Scheduler) claim(staffID string) (Task, error) {
	h, ok := s.staff[staffID]
	if !ok {
		return Task{}, ErrUnknownStaff
	}
	if h.Current != nil {
		return Task{}, ErrBusy
	}
	for i, t := range s.queue {
		if !h.covers(t.Room.Floor()) {
			continue
		}
		s.dequeue(i)
		t.Assignee = h.ID
		t.Started = s.now()
		t.Attempts++
		h.Current = t
		s.rooms[t.Room].Status = Cleaning
		return *t, nil
	}
	return Task{}, ErrNoWork
}

func (s *Scheduler) complete(staffID string) error {
	h, ok := s.staff[staffID]
	if !ok {
		return ErrUnknownStaff
	}
	t := h.Current
	if t == nil {
		return ErrIdle
	}
	h.Current = nil
	h.Cleaned++
	h.Minutes += int(s.now().Sub(t.Started) / time.Minute)
	s.rooms[t.Room].Status = Inspection
	s.shift.Cleaned++
	s.metrics.Inc("cleaned_total")
	return nil
}

func (s *Scheduler) doNotDisturb(staffID string) error {
	h, ok := s.staff[staffID]
	if !ok {
		return ErrUnknownStaff
	}
	t := h.Current
	if t == nil {
		return ErrIdle
	}
	h.Current = nil
	h.Skipped++
	s.rooms[t.Room].Status = Dirty
	s.shift.DND++
	s.park(t)
	return nil
}

// park holds a task back until the do-not-disturb retry delay has passed.
func (s *Scheduler) park(t *Task) {
	retries, quit := s.retries, s.quit
	s.parked[t.Room] = time.AfterFunc(s.cfg.DNDRetry, func() {
		select {
		case retries <- t:
		case <-quit:
		}
	})
}

func (s *Scheduler) unpark(t *Task) {
	delete(s.parked, t.Room)
	t.Assignee = ""
	s.enqueue(t)
}

func (s *Scheduler) cancelRetries() {
	for room, timer := range s.parked {
		timer.Stop()
		delete(s.parked, room)
	}
}

func (s *Scheduler) inspect(no RoomNo, passed bool) error {
	room, ok := s.rooms[no]
	if !ok {
		return ErrUnknownRoom
	}
	if room.Status != Inspection {
		return ErrWrongStatus
	}
	if !passed {
		room.Status = Dirty
		s.shift.Failed++
		s.enqueue(&Task{
			Room:      no,
			Kind:      Departure,
			Priority:  priority(room.Type, CheckoutOptions{}) + s.cfg.ReinspectBoost,
			Minutes:   estimate(room.Type, Stayover),
			Created:   s.now(),
			Reinspect: true,
		})
		return nil
	}
	room.Status = Ready
	s.notifyReady(room)
	return nil
}
