// Package mailbox is an actor library: the methods of its confined Actor are
// the API of the actor's state, touching what their bodies touch.
package mailbox

//confined:owner
type Actor struct {
	//confined:any
	ID    string
	inbox chan func()
	n     int
}

func New(id string) *Actor { return &Actor{ID: id, inbox: make(chan func(), 8)} }

// Post only sends on the mailbox.
//
//confined:hop
func (a *Actor) Post(f func()) { a.inbox <- f }

// Apply only sends and reads an :any field: safe without an annotation.
// Creating the closure runs nothing.
func (a *Actor) Apply(op string) {
	id := a.ID
	a.inbox <- func() { a.n += len(op) + len(id) }
}

// Bump writes the actor's counter.
func (a *Actor) Bump() { a.n++ }

// Loop runs the posted work.
//
//confined:loop
func (a *Actor) Loop() {
	for f := range a.inbox {
		f()
	}
}
