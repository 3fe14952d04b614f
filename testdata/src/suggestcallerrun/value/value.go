// Package value: a caller-run loop on a value receiver.
//
// A value receiver shares the map and the channel with every copy: Hub's
// callers run Run as they run a pointer's.
package value

type Hub struct { // want `suggest for value.Hub: //confined:owner: code on the owner \(\(value.Hub\).Run\) writes its field members without a lock`
	joins   chan string
	members map[string]bool
}

func (h Hub) Run() { // want `suggest for \(value.Hub\).Run: //confined:loop: its callers run it` Run:"confined:loop" Run:"writes suggestcallerrun/value.Hub.members"
	for id := range h.joins {
		h.members[id] = true
	}
}

func (h Hub) Join(id string) { h.joins <- id }
