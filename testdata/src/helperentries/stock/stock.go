// Package stock confines a type of its own, so it takes the SSA path:
// its exported helpers' bodies are built for what importers hand them,
// though nothing here hands them confined state.
package stock

//confined:owner
type Shelf struct{ n int } // want Shelf:"confined:owner"

// Restock writes every entry it is handed.
func Restock(counts map[string]int) { // want Restock:`summary\(reads the entries of arg0; writes the entries of arg0\)`
	for k := range counts {
		counts[k]++
	}
}

// Count reads only the length.
func Count(counts map[string]int) int { return len(counts) }
