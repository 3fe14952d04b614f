// Package netstate holds the confined sequence numbers of an output gateway.
package netstate

import "sync"

//confined:owner
type Gateway struct {
	mu  sync.Mutex
	seq map[string]int
}

func NewGateway() *Gateway { return &Gateway{seq: map[string]int{}} }

// Next takes a sequence number without a lock: only the owner may call it.
func (g *Gateway) Next(channel string) int {
	n := g.seq[channel]
	g.seq[channel] = n + 1
	return n
}

// Remove does lock, but the type is still confined: callers must be on the owner.
func (g *Gateway) Remove(channel string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.seq, channel)
}
