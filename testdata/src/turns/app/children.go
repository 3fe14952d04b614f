package app

// A child actor's turn touching its parent's state touches another
// actor's: the parent's turns run on the parent's mailbox, the child's on
// its own. Look-alikes: the child's own state, a plain (non-actor) value
// the child was handed, and a parent value the turn made itself.
type book struct { // a parent actor
	flagged map[string]string
	n       int
}

func (b *book) Receive(msg any) { // want Receive:`summary\(arg0 writes app\.book\.n\)`
	b.n++
}

// bump is the parent's method, which its child calls in its own turn.
func (b *book) bump() { b.n++ } // want `calls confined \(\*app.book\).bump off the owner: this code runs via a turn of app.auditor, another actor`

type notes struct{ lines []string } // not an actor

type auditor struct {
	book  *book
	notes *notes
	seen  int
}

func (a *auditor) Receive(msg any) { // want Receive:`summary\(arg0 writes app\.auditor\.seen\)`
	a.seen++
	a.notes.lines = append(a.notes.lines, "x")
	draft := &book{flagged: map[string]string{}}
	draft.n = 1 // a value of its own, made in this turn
	if s, ok := msg.(string); ok {
		a.book.flagged[s] = "flagged" // want `writes confined app.book.flagged off the owner: this code runs via a turn of app.auditor, another actor \(each actor's turns run on its own mailbox\) \(children.go:\d+\)`
		a.book.bump()
	}
}
