// Package handedforeign prints with the spools an inventory hands it, on
// a loop of its own: the spool type is the inventory's loop's while on the
// shelf and the farm's once mounted, one owner's at a time, so neither
// loop is proposed its owner.
package handedforeign

import "example.com/handedforeign/inventory"

type Farm struct {
	in      chan inventory.Transfer
	mounted map[string]*inventory.Spool
}

func Start() *Farm {
	f := &Farm{in: make(chan inventory.Transfer), mounted: make(map[string]*inventory.Spool)}
	go f.run()
	return f
}

func (f *Farm) run() {
	for t := range f.in {
		t.Spool.Printer = t.Printer
		t.Spool.Grams -= 2
		f.mounted[t.Spool.ID] = t.Spool
	}
}
