// Package app hands its owner's maps and slices to other packages'
// helpers from goroutines: the helpers' touches of the entries are
// findings, whether the helpers' package has nothing confined in reach
// (prices) or confines state of its own (stock). Look-alikes: a copy
// handed over, a helper called on the owner, and one that reads only
// the length.
package app

import (
	"maps"
	"slices"

	"helperentries/prices"
	"helperentries/stock"
)

//confined:owner
type Shop struct { // want Shop:"confined:owner"
	table map[string]int
	ages  map[string]int
	sold  []int
	rows  []prices.Row
	tree  []node
}

func (s *Shop) reprice() {
	go prices.Reprice(s.table, 1) // want `writes the entries of confined app.Shop.table off the owner`
}

func (s *Shop) repriceCopy() {
	go prices.Reprice(maps.Clone(s.table), 1)
}

func (s *Shop) sweep() {
	go func(ages map[string]int) { // want `reads the entries of confined app.Shop.ages off the owner`
		_ = prices.Overdue(ages, 3)
	}(s.ages)
}

func (s *Shop) sweepHere() []string { return prices.Overdue(s.ages, 3) }

func (s *Shop) double() {
	go prices.Double(s.sold) // want `writes the entries of confined app.Shop.sold off the owner`
}

func (s *Shop) total() {
	go func(sold []int) { // want `reads the entries of confined app.Shop.sold off the owner`
		_ = prices.Ledger{}.Sum(sold)
	}(s.sold)
}

func (s *Shop) totalCopy() {
	go func(sold []int) { _ = prices.Ledger{}.Sum(sold) }(slices.Clone(s.sold))
}

func (s *Shop) count() {
	go func() { _ = prices.Len(s.sold) }() // want `reads confined app.Shop.sold off the owner`
}

func (s *Shop) restock() {
	go stock.Restock(s.ages) // want `writes the entries of confined app.Shop.ages off the owner`
}

func (s *Shop) restockCount() {
	go stock.Count(s.ages)
}

func (s *Shop) label() {
	go prices.Label(s.rows) // want `reads the entries of confined app.Shop.rows off the owner`
}

func (s *Shop) mark() {
	go prices.Mark(s.rows) // want `writes the entries of confined app.Shop.rows off the owner`
}

// The same in this package: the read is named where the helper reads.
func (s *Shop) show() {
	go func() {
		for i := range s.rows {
			printRow(&s.rows[i])
		}
	}()
}

// The address kept in a variable, read in place and by the helper: still
// a read. Look-alike: a helper writing through it.
func (s *Shop) showBoth() {
	go func() {
		for i := range s.rows { // want `reads confined app\.Shop\.rows off the owner: this code runs via a go statement \(app\.go:`
			r := &s.rows[i] // want `reads confined app\.Shop\.rows off the owner: this code runs via a go statement \(app\.go:`
			printRow(r)
			println(r.Name)
		}
	}()
}

func (s *Shop) renameBoth() {
	go func() {
		for i := range s.rows { // want `reads confined app\.Shop\.rows off the owner: this code runs via a go statement \(app\.go:`
			r := &s.rows[i] // want `writes confined app\.Shop\.rows off the owner: this code runs via a go statement \(app\.go`
			renameRow(r)
			println(r.Name)
		}
	}()
}

func renameRow(r *prices.Row) { r.Name = "x" }

func printRow(r *prices.Row) {
	println(r.Name) // want `reads the entries of confined app.Shop.rows off the owner`
}

// A helper handing an entry's address on to itself is followed only so
// far (and never forever): the address is taken for a write.
type node struct {
	name string
	kids []node
}

func visit(n *node) {
	println(n.name)
	for i := range n.kids {
		visit(&n.kids[i])
	}
}

func (s *Shop) walk() {
	go func() {
		for i := range s.tree { // want `reads confined app.Shop.tree off the owner`
			visit(&s.tree[i]) // want `writes confined app.Shop.tree off the owner`
		}
	}()
}
