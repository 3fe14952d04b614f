// Package holdsdesk is the terminal app the circulation staff use at a
// library's holds desk, built on Bubble Tea. Staff place holds for patrons,
// check returned books in with a barcode wand, and the app notifies patrons
// when their book is waiting on the holds shelf.
package holdsdesk

import (
	"errors"
	"fmt"
	"time"

	"example.com/corpus/trial-fw23r/apps/holdsdesk/scanner"
)

// Errors returned by Desk.
var (
	ErrUnknownPatron  = errors.New("holdsdesk: unknown patron")
	ErrUnknownTitle   = errors.New("holdsdesk: unknown title")
	ErrUnknownItem    = errors.New("holdsdesk: unknown item barcode")
	ErrDuplicateHold  = errors.New("holdsdesk: patron already has a hold on this title")
	ErrHoldNotReady   = errors.New("holdsdesk: hold is not on the shelf")
	ErrPatronBlocked  = errors.New("holdsdesk: patron has too many holds")
	ErrUnknownHoldRef = errors.New("holdsdesk: unknown hold")
)

// Patron is a library member.
type Patron struct {
	ID       string
	Name     string
	Email    string
	MaxHolds int
}

// Title is a catalogue record.
type Title struct {
	ISBN   string
	Name   string
	Author string
}

// HoldStatus tracks a hold.
type HoldStatus int

// Hold statuses.
const (
	Waiting HoldStatus = iota
	Ready
	Collected
	Expired
	Cancelled
)

func (s HoldStatus) String() string {
	switch s {
	case Waiting:
		return "waiting"
	case Ready:
		return "on shelf"
	case Collected:
		return "collected"
	case Expired:
		return "expired"
	case Cancelled:
		return "cancelled"
	}
	return fmt.Sprintf("HoldStatus(%d)", int(s))
}

// Hold is a patron's request for a title.
type Hold struct {
	ID             string
	PatronID       string
	ISBN           string
	PlacedAt       time.Time
	Status         HoldStatus
	ItemBarcode    string
	ReadyAt        time.Time
	PickupBy       time.Time
	NotifyAttempts int
	NotifiedAt     time.Time
}

// Record is a flattened hold for saving and exporting.
type Record struct {
	ID       string
	PatronID string
	ISBN     string
	Status   string
	PlacedAt time.Time
	PickupBy time.Time
}

// Desk is the holds desk's working state.
type Desk struct {
	patrons     map[string]Patron
	catalog     map[string]Title
	items       map[string]string
	holds       []*Hold
	returns     *scanner.Log
	seenReturns int
	seq         int
	pickupDays  int
}

// NewDesk returns an empty desk; books wait pickupDays on the shelf.
func NewDesk(pickupDays int) *Desk {
	return &Desk{
		patrons:    make(map[string]Patron),
		catalog:    make(map[string]Title),
		items:      make(map[string]string),
		returns:    &scanner.Log{},
		pickupDays: pickupDays,
	}
}

// AddPatron registers a patron.
func (d *Desk) AddPatron(p Patron) {
	if p.MaxHolds == 0 {
		p.MaxHolds = 10
	}
	d.patrons[p.ID] = p
}

// AddTitle registers a title and the barcodes of its copies.
func (d *Desk) AddTitle(t Title, barcodes ...string) {
	d.catalog[t.ISBN] = t
	for _, b := range barcodes {
		d.items[b] = t.ISBN
	}
}

// Returns is the log the returns-chute reader writes into.
func (d *Desk) Returns() *scanner.Log { return d.returns }

// Patron looks a patron up.
func (d *Desk) Patron(id string) (Patron, bool) {
	p, ok := d.patrons[id]
	return p, ok
}

// Title looks a title up.
func (d *Desk) Title(isbn string) (Title, bool) {
	t, ok := d.catalog[isbn]
	return t, ok
}

// Holds returns the holds in the order they were placed.
func (d *Desk) Holds() []*Hold { return d.holds }

// Hold finds a hold by ID.
func (d *Desk) Hold(id string) *Hold {
	for _, h := range d.holds {
		if h.ID == id {
			return h
		}
	}
	return nil
}

func (d *Desk) activeHolds(patronID string) int {
	n := 0
	for _, h := range d.holds {
		if h.PatronID == patronID && (h.Status == Waiting || h.Status == Ready) {
			n++
		}
	}
	return n
}

// PlaceHold queues patronID for isbn.
func (d *Desk) PlaceHold(patronID, isbn string, now time.Time) (*Hold, error) {
	p, ok := d.patrons[patronID]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrUnknownPatron, patronID)
	}
	if _, ok := d.catalog[isbn]; !ok {
		return nil, fmt.Errorf("%w: %s", ErrUnknownTitle, isbn)
	}
	for _, h := range d.holds {
		if h.PatronID == patronID && h.ISBN == isbn && (h.Status == Waiting || h.Status == Ready) {
			return nil, ErrDuplicateHold
		}
	}
	if d.activeHolds(patronID) >= p.MaxHolds {
		return nil, ErrPatronBlocked
	}
	d.seq++
	h := &Hold{ID: fmt.Sprintf("H%04d", d.seq), PatronID: patronID, ISBN: isbn, PlacedAt: now, Status: Waiting}
	d.holds = append(d.holds, h)
	return h, nil
}

// Position is the 1-based place of h in the queue for its title.
func (d *Desk) Position(h *Hold) int {
	pos := 0
	for _, o := range d.holds {
		if o.ISBN != h.ISBN || o.Status != Waiting {
			continue
		}
		pos++
		if o == h {
			return pos
		}
	}
	return 0
}

// CheckIn handles a returned copy. If someone is waiting for the title the
// hold becomes ready and is returned; otherwise the copy goes back to the
// stacks and the hold is nil.
func (d *Desk) CheckIn(barcode string, now time.Time) (*Hold, error) {
	isbn, ok := d.items[barcode]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrUnknownItem, barcode)
	}
	for _, h := range d.holds {
		if h.ISBN == isbn && h.Status == Waiting {
			h.Status = Ready
			h.ItemBarcode = barcode
			h.ReadyAt = now
			h.PickupBy = endOfDay(now.AddDate(0, 0, d.pickupDays))
			return h, nil
		}
	}
	return nil, nil
}

func endOfDay(t time.Time) time.Time {
	y, m, day := t.Date()
	return time.Date(y, m, day, 23, 59, 59, 0, t.Location())
}

// Collect records that the patron took the book home.
func (d *Desk) Collect(id string) error {
	h := d.Hold(id)
	if h == nil {
		return fmt.Errorf("%w: %s", ErrUnknownHoldRef, id)
	}
	if h.Status != Ready {
		return fmt.Errorf("%w: %s is %s", ErrHoldNotReady, id, h.Status)
	}
	h.Status = Collected
	return nil
}

// ExpireUncollected expires holds left on the shelf past their pickup date
// and passes each copy on to the next patron in the queue. It returns the
// holds that became ready as a result.
func (d *Desk) ExpireUncollected(now time.Time) []*Hold {
	var ready []*Hold
	for _, h := range d.holds {
		if h.Status != Ready || !now.After(h.PickupBy) {
			continue
		}
		h.Status = Expired
		if next, _ := d.CheckIn(h.ItemBarcode, now); next != nil {
			ready = append(ready, next)
		}
	}
	return ready
}

// PendingReturns returns the chute scans not yet processed.
func (d *Desk) PendingReturns() []scanner.Scan {
	scans := d.returns.Since(d.seenReturns)
	d.seenReturns += len(scans)
	return scans
}

// Records flattens the holds for saving.
func (d *Desk) Records() []Record {
	holds := d.holds // RACY
	out := make([]Record, 0, len(holds))
	for _, h := range holds {
		out = append(out, Record{
			ID:       h.ID,
			PatronID: h.PatronID,
			ISBN:     h.ISBN,
			Status:   h.Status.String(),
			PlacedAt: h.PlacedAt,
			PickupBy: h.PickupBy,
		})
	}
	return out
}
