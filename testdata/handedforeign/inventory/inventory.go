// Package inventory keeps spools on a shelf, on an executor's loop, and
// sends the ones it mounts to whoever prints with them.
package inventory

import "example.com/handedforeign/executor"

type Spool struct {
	ID      string
	Grams   float64
	Printer string
}

// A Transfer moves a spool onto a printer: whoever receives it owns it.
type Transfer struct {
	Printer string
	Spool   *Spool
}

type Inventory struct {
	loop  *executor.Loop
	shelf map[string]*Spool
	sink  chan<- Transfer
}

func New(sink chan<- Transfer) *Inventory {
	return &Inventory{loop: executor.Start(), shelf: make(map[string]*Spool), sink: sink}
}

// Add puts a copy of sp on the shelf.
func (inv *Inventory) Add(sp Spool) {
	inv.loop.Do(func() {
		s := sp
		inv.shelf[sp.ID] = &s
	})
}

// Consume cuts grams from a shelf spool.
func (inv *Inventory) Consume(id string, grams float64) {
	inv.loop.Do(func() {
		if sp := inv.shelf[id]; sp != nil {
			sp.Grams -= grams
		}
	})
}

// Mount takes a spool off the shelf and hands it over.
func (inv *Inventory) Mount(id, printer string) {
	inv.loop.Do(func() {
		sp := inv.shelf[id]
		delete(inv.shelf, id)
		inv.sink <- Transfer{Printer: printer, Spool: sp}
	})
}
