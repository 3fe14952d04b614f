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
