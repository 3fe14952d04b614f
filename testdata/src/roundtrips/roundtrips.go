// Package roundtrips checks code that sends the owner's loop a request
// with a reply channel and waits for the reply: it never runs on the
// loop, and neither do its callers. A reply the loop sends from its own
// state is still the loop's: reading it is a finding. Look-alikes: a reply
// of a copy, or of a value the loop made, is handed over.
package roundtrips

//confined:owner
type Session struct { // want Session:"confined:owner"
	User string
	Seen int
}

type lookupReq struct {
	user  string
	reply chan *Session
}

type copyReq struct {
	user  string
	reply chan Session
}

//confined:owner
type Tracker struct { // want Tracker:"confined:owner"
	lookup chan lookupReq
	copies chan copyReq
	clones chan lookupReq
	online map[string]*Session
}

//confined:loop
func (t *Tracker) run() { // want run:`confined:loop`
	for {
		select {
		case r := <-t.lookup:
			r.reply <- t.online[r.user]
		case r := <-t.copies:
			r.reply <- *t.online[r.user]
		case r := <-t.clones: // the request type lookup's, on another way in
			c := *t.online[r.user]
			r.reply <- &c
			keep(&r)
		}
	}
}

func (t *Tracker) Lookup(user string) *Session { // want Lookup:`summary\(\)`
	reply := make(chan *Session, 1)
	t.lookup <- lookupReq{user: user, reply: reply}
	return <-reply
}

func (t *Tracker) Seen(user string) int { // want Seen:`summary\(global reads roundtrips.Session.Seen\)`
	return t.Lookup(user).Seen // want `reads confined roundtrips.Session.Seen off the owner: this code runs via \(\*roundtrips.Tracker\).Seen, which calls \(\*roundtrips.Tracker\).Lookup, which waits for a loop's reply \(roundtrips.go:\d+\)`
}

func (t *Tracker) Copy(user string) int { // want Copy:`summary\(\)`
	reply := make(chan Session, 1)
	t.copies <- copyReq{user: user, reply: reply}
	s := <-reply
	return s.Seen
}

func (t *Tracker) Clone(user string) int { // want Clone:`summary\(\)`
	reply := make(chan *Session, 1)
	t.clones <- lookupReq{user: user, reply: reply}
	return (<-reply).Seen
}

func keep(*lookupReq) {}
