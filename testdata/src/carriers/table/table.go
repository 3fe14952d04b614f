// Package table: an owner that answers requests for its state by sending
// it back, through a reply channel a hop's closure captures or one a
// request carries to its loop. Its own map sent back is shared with the
// caller (sharing is not a hand-off): the caller, and the callers it
// returns the map to, touch the owner's entries. Look-alikes: a copy made
// on the owner, a slice the owner gives up after sending it, and a count.
package table

//confined:owner
type Table struct { // want Table:"confined:owner"
	leases  map[string]int
	expired []string
	ops     chan func()
	lookups chan lookup
}

type lookup struct {
	prefix string
	reply  chan map[string]int // want reply:`carries table.Table.leases`
}

func New() *Table { // want New:`summary\(started result; starts a loop\)`
	t := &Table{leases: map[string]int{}, ops: make(chan func()), lookups: make(chan lookup)}
	go t.run()
	return t
}

//confined:loop
func (t *Table) run() { // want run:`confined:loop`
	for {
		select {
		case f := <-t.ops:
			f()
		case l := <-t.lookups:
			l.reply <- t.leases
		}
	}
}

//confined:hop f
func (t *Table) do(f func()) { t.ops <- f }

func (t *Table) Grant(name string) {
	t.do(func() {
		t.leases[name]++
		t.expired = append(t.expired, name)
	})
}

// Leases sends the live map back through the closure's reply channel.
func (t *Table) Leases() map[string]int { // want Leases:`summary\(result 0 carries table.Table.leases\)`
	reply := make(chan map[string]int, 1)
	t.do(func() { reply <- t.leases })
	return <-reply
}

// Lookup asks the loop, which replies with the live map.
func (t *Table) Lookup(prefix string) map[string]int { // want Lookup:`summary\(result 0 carries table.Table.leases\)`
	reply := make(chan map[string]int)
	t.lookups <- lookup{prefix: prefix, reply: reply}
	return <-reply
}

// Copy makes a copy on the owner: the caller's own.
func (t *Table) Copy() map[string]int { // want Copy:`summary\(\)`
	reply := make(chan map[string]int, 1)
	t.do(func() {
		out := make(map[string]int, len(t.leases))
		for k, v := range t.leases {
			out[k] = v
		}
		reply <- out
	})
	return <-reply
}

// Expired hands the list over: the owner starts a new one.
func (t *Table) Expired() []string { // want Expired:`summary\(\)`
	reply := make(chan []string, 1)
	t.do(func() {
		reply <- t.expired
		t.expired = nil
	})
	return <-reply
}

// Count sends a number.
func (t *Table) Count() int { // want Count:`summary\(\)`
	reply := make(chan int, 1)
	t.do(func() { reply <- len(t.leases) })
	return <-reply
}

func (t *Table) Audit() { // want Audit:`summary\(started arg0\)`
	go func() {
		for name := range t.Leases() { // want `reads the entries of confined table.Table.leases off the owner: this code runs via a go statement`
			println(name)
		}
		for name := range t.Copy() {
			println(name)
		}
	}()
}
