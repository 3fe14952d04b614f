package reachlines

// A confined method that looks an entry up in a map the owner writes, then
// writes elsewhere, is reported at both lines: the lookup races with the
// owner's writes of the entries. Look-alike: a lookup in a map nobody
// writes after building it joins the write's finding.

//confined:owner
type depot struct { // want depot:"confined:owner"
	ops   chan func()
	held  map[string]int
	names map[string]string
	stock map[string]int
}

func newDepot() *depot {
	return &depot{held: map[string]int{}, names: map[string]string{"a": "apples"}, stock: map[string]int{}}
}

//confined:loop
func (d *depot) run() { // want run:`confined:loop`
	for op := range d.ops {
		op()
	}
}

func (d *depot) Hold(id string, n int) {
	d.ops <- func() { d.held[id] = n }
}

func (d *depot) release(id string) {
	n := d.held[id]   // want `calls confined \(\*reachlines.depot\).release off the owner: this code runs via a go statement \(lookups.go:\d+\); inside, it reads reachlines.depot.held`
	d.stock[id] += n // want `calls confined \(\*reachlines.depot\).release off the owner: this code runs via a go statement \(lookups.go:\d+\); inside, it writes reachlines.depot.stock`
}

func (d *depot) restock(id string) {
	name := d.names[id]
	d.stock[name]++ // want `calls confined \(\*reachlines.depot\).restock off the owner: this code runs via a go statement \(lookups.go:\d+\); inside, it writes reachlines.depot.stock, reads reachlines.depot.names`
}

func (d *depot) later(id string) {
	go d.release(id)
	go d.restock(id)
}
