package safe

import (
	"slices"
	"sync"
	"sync/atomic"
)

// An Actor's framework calls Receive one message at a time, on its owner:
// the types implementing it are confined by that turn, with no directive
// of their own, so a call of one of their methods from another package
// counts as touching their state, whatever the method does.
type Actor interface {
	//confined:loop
	Receive(msg any) // want Receive:`confined:loop` Receive:`summary\(arg0 calls \(\*safe\.desk\)\.Receive if arg0 is suggestturns/safe\.desk; started arg0\)`
}

// A desk's goroutine reads its name and archive, appends its notes under
// the lock and counts its hits; the turns count what is open.
type desk struct {
	name    string // want `suggest for field name: //confined:any: only code building a desk writes it, and func literal in \(\*safe\.desk\)\.Receive reads it off the owner`
	mu      sync.Mutex
	notes   []string // want `suggest for field notes: //confined:any: code writes it only with a lock held, and func literal in \(\*safe\.desk\)\.Receive reads it off the owner`
	hits    atomic.Int64
	open    int
	archive *archive // want `suggest for field archive: //confined:any: only code building a desk writes it, and func literal in \(\*safe\.desk\)\.Receive reads it off the owner`
}

// archive is what a desk keeps of its closed work.
type archive struct {
	items []string
}

func (a *archive) size() int { return len(a.items) }

// New returns a desk called name.
func New(name string) Actor {
	return &desk{name: name, archive: &archive{}}
}

func (d *desk) Receive(msg any) { // want Receive:`summary\(arg0 writes safe\.desk\.open; started arg0\)` Receive:`writes suggestturns/safe\.desk\.open`
	d.open++
	go func() {
		println(d.name, d.archive.size())
		d.mu.Lock()
		d.notes = append(d.notes, "seen")
		d.mu.Unlock()
		d.hits.Add(1)
	}()
}

// Name reads a field only its constructor writes.
func (d *desk) Name() string { return d.name } // want `suggest for \(\*safe\.desk\)\.Name: //confined:any: it touches nothing confined \(only :any fields, atomics or what a lock guards\), but a turn it implements confines desk, which other packages may not see: called from one, it counts as touching desk's state unless it says it is safe` Name:`summary\(arg0 reads safe\.desk\.name\)` Name:`reads suggestturns/safe\.desk\.name`

// Hits reads an atomic.
func (d *desk) Hits() int64 { return d.hits.Load() } // want `suggest for \(\*safe\.desk\)\.Hits: //confined:any: it touches nothing confined \(only :any fields, atomics or what a lock guards\), but a turn it implements confines desk, which other packages may not see: called from one, it counts as touching desk's state unless it says it is safe`

// Notes copies what the lock guards, with the lock held.
func (d *desk) Notes() []string { // want `suggest for \(\*safe\.desk\)\.Notes: //confined:any: it touches nothing confined \(only :any fields, atomics or what a lock guards\), but a turn it implements confines desk, which other packages may not see: called from one, it counts as touching desk's state unless it says it is safe` Notes:`reads suggestturns/safe\.desk\.notes` Notes:`summary\(arg0 reads safe\.desk\.notes; locks arg0 first\)`
	d.mu.Lock()
	defer d.mu.Unlock()
	return slices.Clone(d.notes)
}

// Look-alikes that stay as they are: Open reads what the turns write;
// Archived calls code of the module, which may touch state of its own;
// Visit calls a func it is given; Version uses no field.

func (d *desk) Open() int { return d.open } // want Open:`summary\(arg0 reads safe\.desk\.open\)` Open:`reads suggestturns/safe\.desk\.open`

func (d *desk) Archived() int { return d.archive.size() } // want Archived:`summary\(arg0 reads safe\.desk\.archive\)` Archived:`reads suggestturns/safe\.archive\.items, suggestturns/safe\.desk\.archive`

func (d *desk) Visit(f func(string)) { f(d.name) } // want Visit:`summary\(arg0 reads safe\.desk\.name; invokes arg1\)` Visit:`reads suggestturns/safe\.desk\.name`

func (d *desk) Version() string { return "v1" } // want Version:`summary\(\)`

// A counter confined by a directive of its own: callers in other packages
// read its methods' summaries, so Label needs no :any.
//
//confined:owner
type counter struct { // want counter:`confined:owner`
	label string //confined:any
	n     int
}

func (c *counter) Receive(msg any) { // want Receive:`writes suggestturns/safe\.counter\.n` Receive:`summary\(arg0 writes safe\.counter\.n; started arg0\)`
	c.n++
	go func() { println(c.label) }()
}

func (c *counter) Label() string { return c.label } // want Label:`reads suggestturns/safe\.counter\.label`
