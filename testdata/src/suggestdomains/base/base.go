// Package base: a table its own loop keeps, the one loop of its package.
package base

type Table struct { // want `suggest for base\.Table: //confined:owner: code on the owner`
	ops  chan func()
	rows map[string]int
}

func New() *Table { // want New:`summary\(started result; starts a loop\)`
	t := &Table{ops: make(chan func()), rows: map[string]int{}}
	go t.loop()
	return t
}

func (t *Table) loop() { // want `suggest for \(\*base\.Table\)\.loop: //confined:loop: a goroutine runs it` loop:`confined:loop`
	for op := range t.ops {
		op()
	}
}

func (t *Table) Put(k string) { t.ops <- func() { t.rows[k]++ } }

// Rows hands out the live map.
func (t *Table) Rows() map[string]int { return t.rows } // want Rows:`reads suggestdomains/base\.Table\.rows`
