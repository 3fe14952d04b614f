// Package inventory models the product slots of a vending machine.
package inventory

import (
	"errors"
	"fmt"
	"sort"
)

// Slot is one spiral of a vending machine.
type Slot struct {
	Code     string
	Product  string
	Price    int // cents
	Count    int
	Capacity int
}

// Errors returned by Take.
var (
	ErrUnknownSlot = errors.New("inventory: unknown slot")
	ErrSoldOut     = errors.New("inventory: sold out")
)

// Load builds the slot table of a machine from a planogram. The slots are
// copied.
func Load(planogram []Slot) (map[string]*Slot, error) {
	slots := make(map[string]*Slot, len(planogram))
	for _, s := range planogram {
		if s.Code == "" {
			return nil, errors.New("inventory: slot without code")
		}
		if _, dup := slots[s.Code]; dup {
			return nil, fmt.Errorf("inventory: duplicate slot %s", s.Code)
		}
		if s.Capacity == 0 {
			s.Capacity = s.Count
		}
		if s.Count > s.Capacity {
			return nil, fmt.Errorf("inventory: slot %s over capacity", s.Code)
		}
		slot := s
		slots[s.Code] = &slot
	}
	return slots, nil
}

// Take removes one item from the slot.
func Take(slots map[string]*Slot, code string) (*Slot, error) {
	s, ok := slots[code]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrUnknownSlot, code)
	}
	if s.Count == 0 {
		return nil, fmt.Errorf("%w: %s", ErrSoldOut, code)
	}
	s.Count--
	return s, nil
}

// Return puts an item back, e.g. after a failed payment.
func Return(slots map[string]*Slot, code string) {
	if s, ok := slots[code]; ok && s.Count < s.Capacity {
		s.Count++
	}
}

// Refill fills every slot to capacity and returns how many items were added.
func Refill(slots map[string]*Slot) int {
	added := 0
	for _, s := range slots {
		added += s.Capacity - s.Count
		s.Count = s.Capacity
	}
	return added
}

// LowStock returns the codes of slots with at most threshold items left.
func LowStock(slots map[string]*Slot, threshold int) []string {
	var low []string
	for code, s := range slots {
		if s.Count <= threshold { // RACY
			low = append(low, code)
		}
	}
	sort.Strings(low)
	return low
}

// Snapshot copies the slots in code order.
func Snapshot(slots map[string]*Slot) []Slot {
	out := make([]Slot, 0, len(slots))
	for _, s := range slots {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// Value returns the retail value of the stock in cents.
func Value(slots map[string]*Slot) int {
	v := 0
	for _, s := range slots {
		v += s.Count * s.Price
	}
	return v
}
