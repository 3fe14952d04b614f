package handoffs

// Rows of plain copies: a loop copies its confined stats into a slice it
// made and hands the slice to a goroutine. The elements are values with
// no shared memory, so the goroutine reads its own copies, however the
// slice was built (append, an index, a fixed size). Look-alikes that still
// share: pointers to the stats, stats with a map, rows the loop keeps or
// touches after the start. A time.Time shares only its Location, which
// nothing writes once made: rows of stamped stats are copies too.

import "time"

//confined:owner
type Stat struct { // want Stat:"confined:owner"
	Count int
	Max   int
}

//confined:owner
type Tagged struct { // want Tagged:"confined:owner"
	Count int
	Tags  map[string]int
}

//confined:owner
type Stats struct { // want Stats:"confined:owner"
	ops    chan func()
	byName map[string]*Stat
	tagged map[string]*Tagged
	last   []Stat
}

//confined:loop
func (s *Stats) loop() { // want loop:`confined:loop`
	for op := range s.ops {
		op()
	}
}

func (s *Stats) ReportAppended() {
	s.ops <- func() {
		rows := make([]Stat, 0, len(s.byName))
		for _, st := range s.byName {
			rows = append(rows, *st)
		}
		go total(rows)
	}
}

func (s *Stats) ReportIndexed() {
	s.ops <- func() {
		rows := make([]Stat, 2)
		rows[0] = Stat{Count: len(s.byName)}
		go total(rows)
	}
}

func (s *Stats) ReportPointers() {
	s.ops <- func() {
		var rows []*Stat
		for _, st := range s.byName {
			rows = append(rows, st)
		}
		go totalPointers(rows)
	}
}

func (s *Stats) ReportTagged() {
	s.ops <- func() {
		var rows []Tagged
		for _, t := range s.tagged {
			rows = append(rows, *t)
		}
		go totalTags(rows)
	}
}

func (s *Stats) ReportKept() {
	s.ops <- func() {
		rows := make([]Stat, 0, len(s.byName))
		for _, st := range s.byName {
			rows = append(rows, *st)
		}
		s.last = rows
		go total(rows)
	}
}

func (s *Stats) ReportReused() {
	s.ops <- func() {
		var rows []Stat
		for _, st := range s.byName {
			rows = append(rows, *st)
		}
		go total(rows)
		rows[0].Count = 0
	}
}

func total(rows []Stat) (n int) {
	for _, st := range rows { // want `reads confined handoffs.Stat off the owner: this code runs via a go statement \(copies.go:85\)` `reads confined handoffs.Stat off the owner: this code runs via a go statement \(copies.go:95\)`
		n += st.Count
	}
	return n
}

func totalPointers(rows []*Stat) (n int) {
	for _, st := range rows {
		n += st.Count // want `reads confined handoffs.Stat.Count off the owner: this code runs via a go statement \(copies.go:64\)` `reads confined handoffs.Stat.Count off the owner: this code runs via a go statement \(clones.go:18\)`
	}
	return n
}

func totalTags(rows []Tagged) (n int) {
	for _, t := range rows { // want `reads confined handoffs.Tagged off the owner: this code runs via a go statement \(copies.go:74\)`
		n += t.Tags["x"]
	}
	return n
}

// ReportCopied copies the rows it keeps: append copies plain elements.
func (s *Stats) ReportCopied() {
	s.ops <- func() {
		rows := append([]Stat(nil), s.last...)
		go total(rows)
	}
}

//confined:owner
type Stamped struct { // want Stamped:"confined:owner"
	Count int
	At    time.Time
}

func ReportStamped(ops chan func(), byName map[string]*Stamped) {
	ops <- func() {
		rows := make([]Stamped, 0, len(byName))
		for _, st := range byName {
			rows = append(rows, *st)
		}
		go totalStamped(rows)
	}
}

func totalStamped(rows []Stamped) (n int) {
	for _, st := range rows {
		n += st.Count
	}
	return n
}

// Only when there are rows: counting them keeps nothing.
func (s *Stats) ReportIfAny() {
	s.ops <- func() {
		var rows []Stat
		for _, st := range s.byName {
			rows = append(rows, *st)
		}
		if len(rows) > 0 && cap(rows) > 0 {
			go total(rows)
		}
	}
}

// One copy of a stat (snap := *st) handed to a goroutine, captured or as
// an argument: the goroutine's own. Look-alike: a copy of a tagged stat
// shares its map, so it is not handed over whole.
func (s *Stats) ReportOne(name string) {
	s.ops <- func() {
		snap := *s.byName[name]
		go func() {
			_ = snap.Count + snap.Max
			useStat(snap)
		}()
		go useStat(*s.byName[name])
		tagged := *s.tagged[name]
		go func() {
			_ = tagged.Count     // want `reads confined handoffs\.Tagged\.Count off the owner`
			_ = tagged.Tags["x"] // want `reads confined handoffs\.Tagged\.Tags off the owner`
		}()
	}
}

func useStat(st Stat) { _ = st.Count }
