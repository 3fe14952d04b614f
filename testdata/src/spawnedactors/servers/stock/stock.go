// Package stock keeps counts of goods in slots, for the actors that own
// them.
package stock

//confined:owner
type Slot struct{ Count int } // want Slot:`confined:owner`

// Low sums the counts of slots.
func Low(slots map[string]*Slot) int { // want Low:`summary\(arg0 reads stock\.Slot\.Count; reads the entries of arg0\)`
	n := 0
	for _, s := range slots {
		n += s.Count
	}
	return n
}
