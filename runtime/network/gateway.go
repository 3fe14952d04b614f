// Package network stamps the coordinator's outgoing control messages with
// per-channel sequence numbers, which receivers use to restore FIFO order and
// to detect lost or duplicated messages.
package network

import (
	"sync"
	"sync/atomic"
)

// A ChannelID names the one-way control channel from one actor to another.
type ChannelID struct {
	From, To string
}

// A Message is a payload stamped with its channel's next sequence number.
type Message struct {
	Channel ChannelID
	Seq     int64
	Payload any
}

// An OutputGateway sends an actor's control messages. It belongs to that
// actor's loop: the sequence counters are a plain map.
//
//confined:owner
type OutputGateway struct {
	self             string
	deliver          func(Message)
	mu               sync.Mutex
	idToSequenceNums map[ChannelID]*atomic.Int64
}

// NewOutputGateway returns the gateway of the actor named self; deliver
// hands a stamped message to its receiver.
func NewOutputGateway(self string, deliver func(Message)) *OutputGateway {
	return &OutputGateway{self: self, deliver: deliver, idToSequenceNums: make(map[ChannelID]*atomic.Int64)}
}

// SendTo stamps payload with the next sequence number of the control channel
// to the actor named to, and delivers it.
func (g *OutputGateway) SendTo(to string, payload any) {
	ch := ChannelID{From: g.self, To: to}
	g.deliver(Message{Channel: ch, Seq: g.getSequenceNumber(ch), Payload: payload})
}

// getSequenceNumber takes the channel's next sequence number, creating its
// counter on first use. The counters are atomic but the map holding them is
// not, and nothing here locks it: only the owner's loop may call this.
func (g *OutputGateway) getSequenceNumber(ch ChannelID) int64 {
	seq, ok := g.idToSequenceNums[ch]
	if !ok {
		seq = new(atomic.Int64)
		g.idToSequenceNums[ch] = seq
	}
	return seq.Add(1) - 1
}

// RemoveControlChannel forgets the channel to a terminated actor. It locks,
// as the code it was ported from does, but that does not make the gateway
// safe off the owner: getSequenceNumber takes no lock, so the type stays
// confined and this lock only documents an intent that was never carried
// through.
func (g *OutputGateway) RemoveControlChannel(to string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.idToSequenceNums, ChannelID{From: g.self, To: to})
}
