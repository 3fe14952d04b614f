package pharmacy

import "fmt"

// Inventory tracks on-hand units per NDC.
type Inventory struct {
	onHand   map[string]int
	reserved map[string]int
	reorder  map[string]int
}

// NewInventory builds an inventory from a starting stock level.
func NewInventory(stock map[string]int) *Inventory {
	inv := &Inventory{
		onHand:   make(map[string]int, len(stock)),
		reserved: make(map[string]int),
		reorder:  make(map[string]int),
	}
	for ndc, n := range stock {
		inv.onHand[ndc] = n
	}
	return inv
}

// Available is on-hand minus reserved units.
func (inv *Inventory) Available(ndc string) int {
	return inv.onHand[ndc] - inv.reserved[ndc]
}

// Reserve holds qty units for a pending fill.
func (inv *Inventory) Reserve(ndc string, qty int) error {
	if inv.Available(ndc) < qty {
		return fmt.Errorf("pharmacy: %s: only %d available, need %d", ndc, inv.Available(ndc), qty)
	}
	inv.reserved[ndc] += qty
	return nil
}

// Commit turns a reservation into a dispensed quantity.
func (inv *Inventory) Commit(ndc string, qty int) {
	inv.reserved[ndc] -= qty
	inv.onHand[ndc] -= qty
	if inv.onHand[ndc] < qty {
		inv.reorder[ndc] += qty * 4
	}
}

// Release drops a reservation.
func (inv *Inventory) Release(ndc string, qty int) {
	inv.reserved[ndc] -= qty
	if inv.reserved[ndc] < 0 {
		inv.reserved[ndc] = 0
	}
}

// Receive adds delivered units.
func (inv *Inventory) Receive(ndc string, qty int) {
	inv.onHand[ndc] += qty
	delete(inv.reorder, ndc)
}

// ReorderList returns the pending reorder quantities.
func (inv *Inventory) ReorderList() map[string]int {
	out := make(map[string]int, len(inv.reorder))
	for k, v := range inv.reorder {
		out[k] = v
	}
	return out
}
