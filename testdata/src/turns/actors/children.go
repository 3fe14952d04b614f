package actors

import "github.com/anthdm/hollywood/actor"

// A child actor's turn touching its parent's state touches another
// actor's: the parent's turns run on the parent's mailbox, the child's on
// its own. Look-alikes: the child's own state, a plain (non-actor) value
// the child was handed, and a parent value the turn made itself.
type book struct { // a parent actor
	flagged map[string]string
	n       int
}

func (b *book) Receive(c *actor.Context) { // want Receive:`summary\(arg0 writes actors\.book\.n\)`
	b.n++
}

// bump is the parent's method, which its child calls in its own turn.
func (b *book) bump() { b.n++ } // want `calls confined \(\*actors.book\).bump off the owner: this code runs via a turn of actors.auditor, another actor`

type notes struct{ lines []string } // not an actor

type auditor struct {
	book  *book
	notes *notes
	seen  int
}

func (a *auditor) Receive(c *actor.Context) { // want Receive:`summary\(arg0 writes actors\.auditor\.seen; arg1 calls \(\*actor\.Context\)\.Message\)`
	a.seen++
	a.notes.lines = append(a.notes.lines, "x")
	draft := &book{flagged: map[string]string{}}
	draft.n = 1 // a value of its own, made in this turn
	if s, ok := c.Message().(string); ok {
		a.book.flagged[s] = "flagged" // want `writes confined actors.book.flagged off the owner: this code runs via a turn of actors.auditor, another actor \(each actor's turns run on its own mailbox\) \(children.go:\d+\)`
		a.book.bump()
	}
}

// A callback the parent configures its child with runs in the child's
// turn: a method value bound to the parent, or a closure capturing it,
// touches the parent's state off the parent's mailbox. Look-alike: a
// callback touching the child's own state.
type moderator struct {
	onBan  func(string)
	onNote func(string)
	notes  []string
}

func newModerator(onBan func(string)) *moderator {
	m := &moderator{onBan: onBan}
	m.onNote = m.note
	return m
}

func (m *moderator) note(s string) { m.notes = append(m.notes, s) }

func (m *moderator) Receive(c *actor.Context) { // want Receive:`summary\(arg0 reads actors\.moderator\.onBan; arg1 calls \(\*actor\.Context\)\.Message; invokes arg0\)`
	if s, ok := c.Message().(string); ok {
		m.onBan(s)
		m.onNote(s)
	}
}

func (b *book) ban(name string) { b.flagged[name] = "banned" } // want `calls confined \(\*actors.book\).ban off the owner: this code runs via a turn of actors.moderator, another actor`

func (b *book) moderators() []*moderator {
	return []*moderator{
		newModerator(b.ban),
		newModerator(func(name string) {
			b.flagged[name] = "muted" // want `writes confined actors.book.flagged off the owner: this code runs via a turn of actors.moderator, another actor`
		}),
	}
}
