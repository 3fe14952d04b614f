// Package ledger keeps entries on a loop and hands them to interfaces
// other packages implement, from goroutines it starts: what an
// implementation reaches through a snapshot every call hands it is its
// own; through what the loop still holds, it is not.
package ledger

//confined:owner
type Entry struct {
	ID     string
	Amount int
}

// An Exporter writes entries somewhere slow.
type Exporter interface {
	Export(entries []Entry) error
}

// An Auditor inspects the ledger's entries.
type Auditor interface {
	Audit(entries []*Entry)
}

//confined:owner
type Ledger struct {
	entries map[string]*Entry
	ops     chan func()
	exp     Exporter //confined:any
	aud     Auditor  //confined:any
}

//confined:loop
func (l *Ledger) run() {
	for op := range l.ops {
		op()
	}
}

// Export copies the entries on the loop and exports the copies.
func (l *Ledger) Export() {
	l.ops <- func() {
		snap := make([]Entry, 0, len(l.entries))
		for _, e := range l.entries {
			snap = append(snap, *e)
		}
		go func() { _ = l.exp.Export(snap) }()
	}
}

// Audit hands the auditor the loop's own entries.
func (l *Ledger) Audit() {
	l.ops <- func() {
		var live []*Entry
		for _, e := range l.entries {
			live = append(live, e)
		}
		go func() { l.aud.Audit(live) }()
	}
}
