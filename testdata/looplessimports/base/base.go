// Package base: a table its own loop keeps, the one loop of its package.
package base

type Table struct {
	ops  chan func()
	rows map[string]int
}

func New() *Table {
	t := &Table{ops: make(chan func()), rows: map[string]int{}}
	go t.loop()
	return t
}

func (t *Table) loop() {
	for op := range t.ops {
		op()
	}
}

func (t *Table) Put(k string) { t.ops <- func() { t.rows[k]++ } }

// Rows hands out the live map.
func (t *Table) Rows() map[string]int { return t.rows }
