// Package gate: an owner whose replies and messages carry its own maps and
// slices. Whoever reads them off the owner touches the owner's state
// (sharing is not a hand-off). Look-alikes: a reply carrying a copy, a
// message whose slice the owner gives up after sending, a reply whose
// slice the owner resets once it is handed out, and a length.
package gate

import (
	"maps"
	"slices"
)

//confined:owner
type Gate struct { // want Gate:"confined:owner"
	recent  []string
	byPlate map[string]int
	events  []string
	drained []string
	usage   chan map[string]int // want usage:`carries gate.Gate.byPlate`
	batches chan []string       // want batches:`carries gate.Gate.events`
	handed  chan []string
	inbox   chan func()
	pending []string
}

// Stats is what Status replies: Recent is the gate's own ring buffer.
type Stats struct {
	Recent []string // want Recent:`carries gate.Gate.recent`
	Counts map[string]int
}

// Work is what Take replies: the gate resets pending once it is out.
type Work struct {
	Items []string
}

// Snapshot is a reply of copies.
type Snapshot struct {
	Recent []string
	Counts map[string]int
}

func New() *Gate { // want New:`summary\(started result; starts a loop\)`
	g := &Gate{usage: make(chan map[string]int), batches: make(chan []string), handed: make(chan []string), inbox: make(chan func())}
	g.byPlate = map[string]int{} // building the value: no reset
	go g.run()
	go g.report()
	go g.audit()
	go g.archive()
	return g
}

//confined:loop
func (g *Gate) run() { // want run:`confined:loop`
	for f := range g.inbox {
		f()
	}
}

func (g *Gate) admit(plate string) {
	g.recent = append(g.recent[1:], plate)
	g.byPlate[plate]++
	g.events = append(g.events, plate)
	g.drained = append(g.drained, plate)
	if len(g.events) > 8 {
		g.batches <- g.events
		g.events = g.events[:0] // the next append writes the array the audit reads
	}
	if len(g.drained) > 8 {
		g.handed <- g.drained
		g.drained = nil
	}
	g.usage <- g.byPlate
}

// Status replies with the gate's own buffer.
func (g *Gate) Status(reply chan<- Stats) {
	g.inbox <- func() { reply <- Stats{Recent: g.recent} }
}

// Take replies with the pending items and drops them.
func (g *Gate) Take(reply chan<- Work) {
	g.inbox <- func() {
		reply <- Work{Items: g.pending}
		g.pending = nil
	}
}

func (g *Gate) queue(item string) { g.pending = append(g.pending, item) }

// Snap replies with copies.
func (g *Gate) Snap(reply chan<- Snapshot) {
	g.inbox <- func() { reply <- Snapshot{Recent: slices.Clone(g.recent), Counts: maps.Clone(g.byPlate)} }
}

func (g *Gate) report() {
	for counts := range g.usage {
		total(counts)
	}
}

func total(counts map[string]int) int {
	n := 0
	for _, c := range counts { // want `calls confined \(\*gate.Gate\).report off the owner: .*inside, it reads the entries of gate.Gate.byPlate`
		n += c
	}
	return n
}

func (g *Gate) audit() {
	for batch := range g.batches {
		for _, e := range batch { // want `calls confined \(\*gate.Gate\).audit off the owner: .*inside, it reads the entries of gate.Gate.events`
			println(e)
		}
	}
}

func (g *Gate) archive() {
	for batch := range g.handed {
		for _, e := range batch {
			println(e)
		}
	}
}
