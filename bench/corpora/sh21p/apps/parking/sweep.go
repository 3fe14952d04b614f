package parking

import "time"

// sweep brings every session and meter up to date.
func (n *Network) sweep(now time.Time) {
	for meterID, s := range n.sessions {
		m := n.meters[meterID]
		z := n.zones[m.Zone]
		s.Owed = z.tariff.Charge(now.Sub(s.Start))
		if !s.expired && now.After(s.expiresAt()) {
			n.expire(m, s)
		}
	}
	for _, m := range n.meters {
		n.checkBattery(m)
		n.checkViolation(m, now)
	}
}

// expire starts the grace period of a session whose paid time ran out.
func (n *Network) expire(m *Meter, s *Session) {
	s.expired = true
	s.paidAtExpiry = s.Paid
	m.Status = StatusExpired
	n.bus.Publish(TopicExpired, Citation{Meter: m.ID, Plate: s.Plate, Zone: m.Zone, At: n.now()})
	s.grace = time.AfterFunc(n.cfg.Grace, func() { n.enforce(m, s) })
}

// enforce flags the meter for a warden if the driver did not top up during
// the grace period.
func (n *Network) enforce(m *Meter, s *Session) {
	if s.Paid > s.paidAtExpiry {
		return
	}
	m.Status = StatusViolation // RACY
}

func (n *Network) checkViolation(m *Meter, now time.Time) {
	if m.Status != StatusViolation || m.wardenCalled {
		return
	}
	s, ok := n.sessions[m.ID]
	if !ok {
		return
	}
	m.wardenCalled = true
	c := Citation{Meter: m.ID, Plate: s.Plate, Zone: m.Zone, At: now}
	n.citations = append(n.citations, c)
	n.bus.Publish(TopicWarden, c)
}

func (n *Network) checkBattery(m *Meter) {
	low := m.Battery > 0 && m.Battery < n.cfg.LowBattery
	switch {
	case low && !m.lowAlerted:
		m.lowAlerted = true
		n.bus.Publish(TopicLowBattery, m.ID)
	case !low && m.lowAlerted && m.Battery > 0:
		m.lowAlerted = false
	}
}
