package housekeeping

import "time"

func (s *Scheduler) notifyReady(room *Room) {
	no := room.No
	s.unacked[no] = s.now()
	s.notifier.RoomReady(no, func() { s.acknowledge(no) })
	s.metrics.Inc("ready_notifications_total")
}

// acknowledge is the callback handed to the front desk with each ready
// notification.
func (s *Scheduler) acknowledge(no RoomNo) {
	s.noteAck(time.Now())
	select {
	case s.acks <- no:
	case <-s.quit:
	}
}

func (s *Scheduler) noteAck(at time.Time) {
	s.lastAck = at // RACY
}

// remindUnacked re-sends ready notifications when the front desk has not
// acknowledged anything for a while.
func (s *Scheduler) remindUnacked(now time.Time) {
	if len(s.unacked) == 0 {
		return
	}
	if now.Sub(s.lastAck) < s.cfg.ReminderAfter {
		return
	}
	for no, sent := range s.unacked {
		if now.Sub(sent) < s.cfg.ReminderAfter {
			continue
		}
		s.unacked[no] = now
		s.shift.Reminders++
		s.notifier.RoomReady(no, func() { s.acknowledge(no) })
	}
}
