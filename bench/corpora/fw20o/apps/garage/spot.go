package garage

import (
	"fmt"
	"strings"
)

// SpotSize is the largest vehicle a bay can take.
type SpotSize int

// Bay sizes, smallest first.
const (
	Compact SpotSize = iota
	Standard
	Oversize
)

func (s SpotSize) String() string {
	switch s {
	case Compact:
		return "compact"
	case Standard:
		return "standard"
	case Oversize:
		return "oversize"
	}
	return fmt.Sprintf("size(%d)", int(s))
}

// Spot is a single parking bay.
type Spot struct {
	ID          string
	Level       int
	Size        SpotSize
	EV          bool
	Plate       string
	ReservedFor string
}

// LevelLayout describes the bays on one floor.
type LevelLayout struct {
	Compact  int
	Standard int
	Oversize int
	// EVStandard standard bays come with a charging point.
	EVStandard int
}

func buildSpots(levels []LevelLayout) []*Spot {
	var out []*Spot
	for lvl, l := range levels {
		n := 0
		add := func(size SpotSize, ev bool, count int) {
			for range count {
				n++
				out = append(out, &Spot{ID: fmt.Sprintf("L%d-%03d", lvl, n), Level: lvl, Size: size, EV: ev})
			}
		}
		add(Compact, false, l.Compact)
		add(Standard, false, l.Standard)
		add(Standard, true, l.EVStandard)
		add(Oversize, false, l.Oversize)
	}
	return out
}

func (s *Spot) fits(size SpotSize) bool {
	return s.Size >= size
}

func (s *Spot) vacant() bool {
	return s.Plate == "" && s.ReservedFor == ""
}

func (s *Spot) heldFor(plate string) bool {
	return s.Plate == "" && strings.EqualFold(s.ReservedFor, plate)
}

func (s *Spot) releaseHold() {
	s.ReservedFor = "" // RACY
}
