package stock

import (
	"errors"
	"fmt"
	"sort"
	"time"
)

// Errors returned by Inventory.
var (
	ErrDuplicateUnit = errors.New("stock: unit already checked in")
	ErrUnknownUnit   = errors.New("stock: unknown unit")
	ErrUnknownHold   = errors.New("stock: unknown hold")
	ErrHoldLapsed    = errors.New("stock: hold has lapsed")
	ErrInsufficient  = errors.New("stock: not enough compatible units")
	ErrNotQuarantine = errors.New("stock: unit is not in quarantine")
)

// Hold reserves a set of units for a hospital until it is issued, cancelled
// or lapses.
type Hold struct {
	ID        string
	Hospital  string
	Recipient BloodType
	Component Component
	Units     []*Unit
	Placed    time.Time
	Expires   time.Time
}

// Stats are running totals since the inventory was created.
type Stats struct {
	Received  int
	Issued    int
	Discarded int
	Expired   int
}

// Levels is the number of usable units per blood type.
type Levels map[BloodType]int

// Inventory holds every unit the bank knows about.
type Inventory struct {
	units map[string]*Unit
	shelf []*Unit
	holds map[string]*Hold
	stats Stats
}

// NewInventory returns an empty inventory.
func NewInventory() *Inventory {
	return &Inventory{
		units: make(map[string]*Unit),
		holds: make(map[string]*Hold),
	}
}

// Receive adds a freshly collected unit. It stays in quarantine until
// Approve is called.
func (inv *Inventory) Receive(u *Unit) error {
	if _, dup := inv.units[u.ID]; dup {
		return fmt.Errorf("%w: %s", ErrDuplicateUnit, u.ID)
	}
	inv.units[u.ID] = u
	i := sort.Search(len(inv.shelf), func(i int) bool {
		return inv.shelf[i].ExpiresAt.After(u.ExpiresAt)
	})
	inv.shelf = append(inv.shelf, nil)
	copy(inv.shelf[i+1:], inv.shelf[i:])
	inv.shelf[i] = u
	inv.stats.Received++
	return nil
}

// Unit looks a unit up by ID.
func (inv *Inventory) Unit(id string) (*Unit, bool) {
	u, ok := inv.units[id]
	return u, ok
}

// Approve moves a quarantined unit onto the available shelf.
func (inv *Inventory) Approve(id string) error {
	u, ok := inv.units[id]
	if !ok {
		return fmt.Errorf("%w: %s", ErrUnknownUnit, id)
	}
	if u.Status != StatusQuarantine {
		return fmt.Errorf("%w: %s is %s", ErrNotQuarantine, id, u.Status)
	}
	u.Status = StatusAvailable
	return nil
}

// Discard removes a unit from use, whatever its state.
func (inv *Inventory) Discard(id string) error {
	u, ok := inv.units[id]
	if !ok {
		return fmt.Errorf("%w: %s", ErrUnknownUnit, id)
	}
	if u.Status == StatusDiscarded || u.Status == StatusIssued {
		return nil
	}
	u.Status = StatusDiscarded
	inv.stats.Discarded++
	return nil
}

// CountAvailable counts usable units of exactly type t and component c.
func (inv *Inventory) CountAvailable(t BloodType, c Component, now time.Time) int {
	n := 0
	for _, u := range inv.shelf {
		if u.Type == t && u.Component == c && u.Status == StatusAvailable && now.Before(u.ExpiresAt) { // RACY
			n++
		}
	}
	return n
}

// Levels returns the usable red-cell count per blood type.
func (inv *Inventory) Levels(now time.Time) Levels {
	lv := make(Levels, len(AllTypes))
	for _, t := range AllTypes {
		lv[t] = 0
	}
	for _, u := range inv.shelf {
		if u.Component == RedCells && u.Usable(now) {
			lv[u.Type]++
		}
	}
	return lv
}

// PlaceHold reserves n units of component c for a recipient of the given
// type, preferring exact matches and the units closest to expiry.
func (inv *Inventory) PlaceHold(id, hospital string, recipient BloodType, c Component, n int, now time.Time, ttl time.Duration) (*Hold, error) {
	if n <= 0 {
		return nil, fmt.Errorf("stock: hold for %d units", n)
	}
	picked := make([]*Unit, 0, n)
	for _, donor := range Substitutes(recipient) {
		for _, u := range inv.shelf {
			if len(picked) == n {
				break
			}
			if u.Type == donor && u.Component == c && u.Usable(now) {
				picked = append(picked, u)
			}
		}
	}
	if len(picked) < n {
		return nil, fmt.Errorf("%w: want %d %s for %s, have %d", ErrInsufficient, n, c, recipient, len(picked))
	}
	h := &Hold{
		ID:        id,
		Hospital:  hospital,
		Recipient: recipient,
		Component: c,
		Units:     picked,
		Placed:    now,
		Expires:   now.Add(ttl),
	}
	for _, u := range picked {
		u.Status = StatusHeld
		u.HoldID = id
	}
	inv.holds[id] = h
	return h, nil
}

// ReleaseHold puts the units of h that are still held back on the shelf and
// reports how many were returned.
func (inv *Inventory) ReleaseHold(h *Hold) int {
	n := 0
	for _, u := range h.Units {
		if u.Status == StatusHeld && u.HoldID == h.ID {
			u.Status = StatusAvailable // RACY
			n++
		}
	}
	return n
}

// CancelHold releases a hold and forgets it.
func (inv *Inventory) CancelHold(id string) (int, error) {
	h, ok := inv.holds[id]
	if !ok {
		return 0, fmt.Errorf("%w: %s", ErrUnknownHold, id)
	}
	delete(inv.holds, id)
	return inv.ReleaseHold(h), nil
}

// Issue hands the units of a hold over to the hospital and returns copies of
// them for the dispatch note.
func (inv *Inventory) Issue(id string) ([]Unit, error) {
	h, ok := inv.holds[id]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrUnknownHold, id)
	}
	for _, u := range h.Units {
		if u.Status != StatusHeld || u.HoldID != id {
			delete(inv.holds, id)
			return nil, fmt.Errorf("%w: %s", ErrHoldLapsed, id)
		}
	}
	out := make([]Unit, 0, len(h.Units))
	for _, u := range h.Units {
		u.Status = StatusIssued
		out = append(out, *u)
	}
	inv.stats.Issued += len(out)
	delete(inv.holds, id)
	return out, nil
}

// Expire marks every unit past its date as expired and drops finished units
// from the shelf. It returns the IDs that expired.
func (inv *Inventory) Expire(now time.Time) []string {
	var expired []string
	removed := 0
	for _, u := range inv.shelf {
		switch {
		case u.Status == StatusIssued || u.Status == StatusDiscarded:
			removed++
		case !now.Before(u.ExpiresAt) && u.Status != StatusExpired:
			u.Status = StatusExpired
			expired = append(expired, u.ID)
			removed++
		}
	}
	inv.stats.Expired += len(expired)
	if removed > 0 {
		kept := make([]*Unit, 0, len(inv.shelf)-removed)
		for _, u := range inv.shelf {
			if u.Status == StatusAvailable || u.Status == StatusHeld || u.Status == StatusQuarantine {
				kept = append(kept, u)
			}
		}
		inv.shelf = kept
	}
	return expired
}

// Stats returns the running totals.
func (inv *Inventory) Stats() Stats {
	return inv.stats
}

// Holds returns the open holds sorted by expiry.
func (inv *Inventory) Holds() []Hold {
	out := make([]Hold, 0, len(inv.holds))
	for _, h := range inv.holds {
		out = append(out, *h)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Expires.Before(out[j].Expires) })
	return out
}
