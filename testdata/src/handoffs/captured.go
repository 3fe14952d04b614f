package handoffs

// A snapshot the loop makes and grows by append, captured by the goroutine
// it starts: the variable is assigned several times, all before the
// start, and holds copies the loop reaches no more.
func (s *Stats) ReportCaptured() {
	s.ops <- func() {
		snap := make([]Stat, 0, len(s.byName))
		for _, st := range s.byName {
			snap = append(snap, *st)
		}
		go func() {
			n := 0
			for _, st := range snap {
				n += st.Count
			}
			_ = n
		}()
	}
}

// Look-alikes: pointers appended share the stats; a snapshot the loop
// keeps, or grows after the start, is shared with the goroutine.
func (s *Stats) ReportCapturedPointers() {
	s.ops <- func() {
		var snap []*Stat
		for _, st := range s.byName {
			snap = append(snap, st)
		}
		go func() {
			n := 0
			for _, st := range snap {
				n += st.Count // want `reads confined handoffs.Stat.Count off the owner: this code runs via a go statement \(captured.go:30\)`
			}
			_ = n
		}()
	}
}

func (s *Stats) ReportCapturedKept() {
	s.ops <- func() {
		var snap []Stat
		for _, st := range s.byName {
			snap = append(snap, *st)
		}
		go func() {
			for i := range snap {
				snap[i].Max = 0 // want `writes confined handoffs.Stat.Max off the owner: this code runs via a go statement \(captured.go:46\)`
			}
		}()
		s.last = snap
	}
}

func (s *Stats) ReportCapturedGrown() {
	s.ops <- func() {
		var snap []Stat
		for _, st := range s.byName {
			snap = append(snap, *st)
		}
		go func() {
			for i := range snap {
				snap[i].Max = 0 // want `writes confined handoffs.Stat.Max off the owner: this code runs via a go statement \(captured.go:61\)`
			}
		}()
		snap = append(snap, Stat{})
	}
}
