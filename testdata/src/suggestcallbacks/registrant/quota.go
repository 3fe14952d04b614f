// Package registrant: a tracker with no loop registers its handlers with
// another package's bus. The bus's loop runs them, off the code that
// creates and calls the tracker, which owns it.
package registrant

import "suggestcallbacks/bus"

type Tracker struct { // want `suggest for registrant\.Tracker: //confined:owner: code off the owner \(\(\*registrant\.Tracker\)\.onUsage, func literal in \(\*registrant\.Tracker\)\.Attach\) touches its fields limits, used without a lock, and the code that creates and calls the value uses it too \(\(\*registrant\.Tracker\)\.SetLimit\)`
	limits map[string]int
	used   map[string]int
}

func (t *Tracker) SetLimit(tenant string, n int) { t.limits[tenant] = n } // want SetLimit:"writes suggestcallbacks/registrant\\.Tracker\\.limits"

func (t *Tracker) Used(tenant string) int { return t.used[tenant] } // want Used:`reads suggestcallbacks/registrant\.Tracker\.used`

func (t *Tracker) Attach(b *bus.Bus) { // want Attach:"summary\\(started arg0\\)"
	b.Subscribe("usage", t.onUsage)
	b.Subscribe("request", func(tenant string) { _ = t.limits[tenant] })
}

func (t *Tracker) onUsage(tenant string) { t.used[tenant]++ }
