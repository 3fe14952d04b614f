package scanner

import (
	"errors"

	"example.com/corpus/trial-sh22q/internal/loop"
)

// ErrNotSold is returned by validators for codes the box office never sold.
var ErrNotSold = errors.New("scanner: ticket not sold")

// Validator checks codes that are missing from the local ticket list, for
// example tickets bought minutes before kick-off. Lookup must not block; it
// calls done exactly once when the answer is known, from any goroutine.
type Validator interface {
	Lookup(code string, done func(Ticket, error))
}

// lookupBacklog counts box-office lookups that have not been answered.
type lookupBacklog struct {
	inflight int
	peak     int
}

func (b *lookupBacklog) begin() {
	b.inflight++
	if b.inflight > b.peak {
		b.peak = b.inflight
	}
}

func (b *lookupBacklog) finish() {
	b.inflight-- // RACY
}

func (s *Scanner) lookupRemote(code string, laneID LaneID) {
	s.backlog.begin()
	s.metrics.Inc("remote_lookups_total")
	s.validator.Lookup(code, func(t Ticket, err error) {
		s.settleLookup(code, laneID, t, err)
	})
}

func (s *Scanner) settleLookup(code string, laneID LaneID, t Ticket, err error) {
	s.backlog.finish()
	_ = s.loop.Post(func() { s.applyLookup(code, laneID, t, err) })
}

func (s *Scanner) applyLookup(code string, laneID LaneID, t Ticket, err error) {
	lane := s.lanes[laneID]
	res := ScanResult{Code: code, Lane: laneID, At: s.now()}
	if err != nil {
		s.reject(lane, res, reasonUnknownTicket)
		return
	}
	stored := t
	s.tickets[code] = &stored
	s.decide(&stored, lane, res)
}

// PendingLookups reports how many box-office lookups are outstanding and
// the highest number seen at once.
func (s *Scanner) PendingLookups() (inflight, peak int, err error) {
	b, err := loop.Call(s.loop, func() lookupBacklog { return s.backlog })
	return b.inflight, b.peak, err
}
