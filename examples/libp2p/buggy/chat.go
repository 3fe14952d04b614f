// Package buggy is a libp2p chat node that records who spoke in its own
// state from the stream handler: go-libp2p runs each stream's handler on a
// goroutine of its own. confinecheck, with declarations/libp2p.conf,
// reports the write (see ../checker_test.go).
package buggy

import (
	"bufio"

	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/network"
	"github.com/libp2p/go-libp2p/core/peer"
)

// Protocol is the chat's protocol ID.
const Protocol = "/chat/1.0.0"

// Node is the chat's state. It belongs to the node's loop.
//
//confined:owner
type Node struct {
	lines map[peer.ID][]string
	peers int
}

// New returns a node.
func New() *Node { return &Node{lines: map[peer.ID][]string{}} }

// Register handles the chat protocol on h.
func (n *Node) Register(h host.Host) {
	h.SetStreamHandler(Protocol, func(s network.Stream) {
		defer s.Close()
		from := s.Conn().RemotePeer()
		for sc := bufio.NewScanner(s); sc.Scan(); {
			n.lines[from] = append(n.lines[from], sc.Text()) // BUG: off the node's loop
		}
	})
	h.Network().Notify(&network.NotifyBundle{
		ConnectedF: func(network.Network, network.Conn) {
			n.peers++ // BUG: on the swarm's goroutine
		},
	})
}
