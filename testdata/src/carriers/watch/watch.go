// Package watch ranges another package's table from its own goroutine.
package watch

import "carriers/table"

func Watch(t *table.Table) { // want Watch:`summary\(started arg0\)`
	go func() {
		for name, n := range t.Leases() { // want `reads the entries of confined table.Table.leases off the owner: this code runs via a go statement`
			println(name, n)
		}
		for name := range t.Lookup("a") { // want `reads the entries of confined table.Table.leases off the owner: this code runs via a go statement`
			println(name)
		}
		for name := range t.Copy() {
			println(name)
		}
		for _, name := range t.Expired() {
			println(name)
		}
		println(t.Count())
	}()
}
