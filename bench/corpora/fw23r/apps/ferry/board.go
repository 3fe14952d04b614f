package ferry

import (
	"time"
)

// BoardRow is one line of the departure board.
type BoardRow struct {
	SailingID string
	Route     string
	Vessel    string
	Departs   time.Time
	Status    SailingStatus
	PaxLeft   int
	LaneLeft  float64
}

// Board is the departure board as last refreshed.
type Board struct {
	Rows      []BoardRow
	UpdatedAt time.Time
}

// NextDeparture is the headline shown on the quayside screens.
type NextDeparture struct {
	SailingID string
	From, To  string
	Vessel    string
	Departs   time.Time
	Status    SailingStatus
	PaxLeft   int
}

// boardWindow is how far ahead the board looks.
const boardWindow = 36 * time.Hour

func (o *Office) refreshBoard(now time.Time) {
	rows := make([]BoardRow, 0, len(o.sailings))
	var next NextDeparture
	for _, s := range o.sailings {
		st := s.statusAt(now)
		if st == Departed && now.Sub(s.Departs) > 30*time.Minute {
			continue
		}
		if s.Departs.Sub(now) > boardWindow {
			break
		}
		left := s.remaining()
		if next.SailingID == "" && st != Departed && st != Cancelled {
			next = NextDeparture{SailingID: s.ID, From: s.Route.From, To: s.Route.To, Vessel: s.Vessel.Name, Departs: s.Departs, Status: st, PaxLeft: left.Pax}
		}
		rows = append(rows, BoardRow{
			SailingID: s.ID,
			Route:     s.Route.From + " → " + s.Route.To,
			Vessel:    s.Vessel.Name,
			Departs:   s.Departs,
			Status:    st,
			PaxLeft:   left.Pax,
			LaneLeft:  left.Lane,
		})
	}
	o.board = Board{Rows: rows, UpdatedAt: now}
	o.next = next
}

// NextDeparture returns the next sailing as of the last board refresh, for
// the quayside screens.
func (o *Office) NextDeparture() NextDeparture {
	return o.next // RACY
}
