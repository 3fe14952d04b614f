package spawnedactors

import "github.com/anthdm/hollywood/actor"

// An auditor is an actor of its own; a clerk keeps a pointer to it in its
// config and calls its method from a helper of its turn: the auditor's
// state, written off the auditor's mailbox.
type auditor struct{ flagged []string }

func (a *auditor) Receive(c *actor.Context) { _ = len(a.flagged) } // want Receive:`summary\(arg0 reads spawnedactors\.auditor\.flagged\)`

func (a *auditor) flag(s string) {
	a.flagged = append(a.flagged, s) // want `calls confined \(\*spawnedactors.auditor\).flag off the owner: this code runs via a turn of spawnedactors.clerk, another actor`
}

// A journal is no actor: the clerk's own, whatever calls it.
type journal struct{ lines []string }

func (j *journal) add(s string) { j.lines = append(j.lines, s) }

type clerkConfig struct {
	audit *auditor
	log   *journal
}

type clerk struct {
	cfg  clerkConfig
	seen int
}

func (k *clerk) Receive(c *actor.Context) { // want Receive:`summary\(arg0 calls \(\*spawnedactors\.clerk\)\.handle\)`
	k.handle("x")
}

func (k *clerk) handle(s string) {
	k.seen++
	k.cfg.log.add(s)
	k.cfg.audit.flag(s)
}

// A scout tells what it finds to a listener it keeps as an interface: a
// base, another actor, whose state the call writes off the base's
// mailbox; or a relay, which only sends the base a message.
type finder interface{ found(spot string) } // want found:`summary\(arg0 calls \(\*spawnedactors\.base\)\.found if arg0 is spawnedactors\.base\)`

type base struct{ spots []string }

func (b *base) Receive(c *actor.Context) { _ = len(b.spots) } // want Receive:`summary\(arg0 reads spawnedactors\.base\.spots\)`

func (b *base) found(spot string) {
	b.spots = append(b.spots, spot) // want `another actor`
}

// Look-alike: a relay is no actor; it hands the spot on as a message.
type relay struct {
	c   *actor.Context
	pid *actor.PID
}

func (r relay) found(spot string) { r.c.Send(r.pid, spot) }

type scout struct {
	listener finder
	seen     int
}

func (s *scout) Receive(c *actor.Context) { // want Receive:`summary\(arg0 writes spawnedactors\.scout\.seen\)`
	s.seen++
	s.listener.found("ridge")
}

func scouts(b *base, c *actor.Context, pid *actor.PID) []*scout {
	return []*scout{{listener: b}, {listener: relay{c: c, pid: pid}}}
}

// Look-alike: a wrapper actor embedding the clerk (a test's, seeding its
// state) runs the clerk's turns: the clerk's state is its own. An actor
// that only keeps a clerk in a field is another actor, as above.
type seedingClerk struct{ *clerk }

func (s seedingClerk) Receive(c *actor.Context) { // want Receive:`summary\(arg0 writes spawnedactors\.clerk\.seen; arg1 calls \(\*actor\.Context\)\.Message\)`
	if n, ok := c.Message().(int); ok {
		s.seen = n
		return
	}
	s.clerk.Receive(c)
}

type clerkKeeper struct{ k *clerk }

func (s clerkKeeper) Receive(c *actor.Context) { // want Receive:`summary\(arg0 writes spawnedactors\.clerk\.seen\)`
	s.k.seen = 1 // want `writes confined spawnedactors\.clerk\.seen off the owner: this code runs via a turn of spawnedactors.clerkKeeper, another actor`
}
