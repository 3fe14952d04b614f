package scanner

// Rejection reasons shown on the lane display.
const (
	reasonUnknownLane   = "unknown lane"
	reasonLaneClosed    = "lane closed"
	reasonUnknownTicket = "unknown ticket"
	reasonWrongEvent    = "ticket is for another event"
	reasonWrongGate     = "use another gate"
	reasonAlreadyInside = "ticket already inside"
	reasonNoPass        = "re-entry pass missing or expired"
	reasonTooMany       = "re-entry limit reached"
	reasonNotInside     = "ticket not inside"
)

func (s *Scanner) admit(code string, laneID LaneID) ScanResult {
	res := ScanResult{Code: code, Lane: laneID, At: s.now()}
	lane, ok := s.lanes[laneID]
	if !ok {
		return s.reject(nil, res, reasonUnknownLane)
	}
	lane.Scanned++
	lane.LastCode = code
	lane.LastAt = res.At
	if !lane.Open {
		return s.reject(lane, res, reasonLaneClosed)
	}
	if _, err := ParseCode(code); err != nil {
		return s.reject(lane, res, err.Error())
	}
	t, ok := s.tickets[code]
	if !ok {
		if s.validator == nil {
			return s.reject(lane, res, reasonUnknownTicket)
		}
		s.lookupRemote(code, laneID)
		res.Verdict = Pending
		return res
	}
	return s.decide(t, lane, res)
}

func (s *Scanner) decide(t *Ticket, lane *Lane, res ScanResult) ScanResult {
	if t.Event != s.cfg.Event {
		return s.reject(lane, res, reasonWrongEvent)
	}
	if !t.AllowsGate(lane.Gate) {
		return s.reject(lane, res, reasonWrongGate)
	}
	h := s.holderFor(t.Code)
	if h.inside {
		return s.reject(lane, res, reasonAlreadyInside)
	}
	if h.entries > 0 {
		if h.entries > s.cfg.MaxReentries {
			return s.reject(lane, res, reasonTooMany)
		}
		if h.pass == nil || !s.passes.redeem(h.pass) {
			return s.reject(lane, res, reasonNoPass)
		}
		h.pass = nil
		res.Verdict = Reentered
		s.stats.Reentered++
	} else {
		res.Verdict = Admitted
		s.stats.Admitted++
	}
	h.inside = true
	h.entries++
	s.stats.Inside++
	lane.Admitted++
	s.record(res)
	s.metrics.Inc("admissions_total")
	return res
}

func (s *Scanner) leave(code string, laneID LaneID) ScanResult {
	res := ScanResult{Code: code, Lane: laneID, At: s.now()}
	if _, ok := s.lanes[laneID]; !ok {
		return s.reject(nil, res, reasonUnknownLane)
	}
	h := s.holders[code]
	if h == nil || !h.inside {
		return s.reject(nil, res, reasonNotInside)
	}
	h.inside = false
	s.stats.Inside--
	s.stats.Exited++
	if h.entries <= s.cfg.MaxReentries {
		h.pass = s.passes.issue(code)
	}
	res.Verdict = Exited
	s.record(res)
	s.metrics.Inc("exits_total")
	return res
}

func (s *Scanner) reject(lane *Lane, res ScanResult, reason string) ScanResult {
	res.Verdict = Rejected
	res.Reason = reason
	if lane != nil {
		lane.Rejected++
	}
	s.stats.Rejected++
	s.record(res)
	s.metrics.Inc("rejections_total")
	return res
}

func (s *Scanner) holderFor(code string) *holder {
	h, ok := s.holders[code]
	if !ok {
		h = &holder{}
		s.holders[code] = h
	}
	return h
}

func (s *Scanner) record(res ScanResult) {
	if len(s.recent) >= s.cfg.RecentScans {
		copy(s.recent, s.recent[1:])
		s.recent = s.recent[:len(s.recent)-1]
	}
	s.recent = append(s.recent, res)
}

func (s *Scanner) setGateOpen(g GateID, open bool) {
	for _, l := range s.lanes {
		if l.Gate == g {
			l.Open = open
		}
	}
}

func (s *Scanner) sampleRate() {
	delta := s.stats.Admitted - s.lastAdmitted
	s.lastAdmitted = s.stats.Admitted
	perMinute := float64(delta) * float64(60e9) / float64(s.cfg.RateWindow)
	s.stats.PerMinute = int(perMinute)
	s.metrics.Set("admissions_per_minute", perMinute)
}

func (s *Scanner) snapshotStats() Stats {
	st := s.stats // RACY
	st.PassesLive = s.passes.live
	return st
}
