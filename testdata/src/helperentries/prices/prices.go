// Package prices has no directives and nothing confined in reach. Its
// exported functions take maps and slices: what they do to the entries
// is a touch of whatever an importer hands them, which only this
// package's summaries can tell the importer.
package prices

// Reprice writes every entry.
func Reprice(table map[string]int, by int) { // want Reprice:`summary\(reads the entries of arg0; writes the entries of arg0\)`
	for k, v := range table {
		table[k] = v + by
	}
}

// Overdue reads the entries.
func Overdue(ages map[string]int, limit int) []string { // want Overdue:`summary\(reads the entries of arg0\)`
	var out []string
	for k, a := range ages {
		if a > limit {
			out = append(out, k)
		}
	}
	return out
}

// Double hands its slice on to a helper of its own.
func Double(xs []int) { scale(xs) } // want Double:`summary\(reads the entries of arg0; writes the entries of arg0\)`

// scale is unexported: only Double hands it what importers hand.
func scale(xs []int) {
	for i := range xs {
		xs[i] *= 2
	}
}

// A Ledger sums what it is handed.
type Ledger struct{ Base int }

// Sum, a method of an exported type, reads the entries.
func (l Ledger) Sum(xs []int) int { // want Sum:`summary\(reads the entries of arg1\)`
	n := l.Base
	for _, x := range xs {
		n += x
	}
	return n
}

// Len reads no entry: the length is the slice header's, which the
// caller handed by value.
func Len(xs []int) int { return len(xs) }

// A Row is one priced line.
type Row struct {
	Name string
	Seen bool
}

// Label reads each row through helpers handed its address: what they
// read of it is all that happens to the entries.
func Label(rows []Row) string { // want Label:`summary\(reads the entries of arg0\)`
	var out string
	for i := range rows {
		out += name(&rows[i])
	}
	return out
}

func name(r *Row) string { return prefix(r) + r.Name }

func prefix(r *Row) string {
	if r.Seen {
		return "*"
	}
	return ""
}

// Mark writes each row through a helper handed its address.
func Mark(rows []Row) { // want Mark:`summary\(writes the entries of arg0\)`
	for i := range rows {
		mark(&rows[i])
	}
}

func mark(r *Row) { r.Seen = true }
