// Package fixed is package buggy with the handlers fixed: they send what
// they got to the node's loop, which alone touches the node's state.
package fixed

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
	inbox chan func(*Node) // what the loop runs on the node
}

// New returns a node.
func New() *Node { return &Node{lines: map[peer.ID][]string{}, inbox: make(chan func(*Node), 16)} }

// Register handles the chat protocol on h.
func (n *Node) Register(h host.Host) {
	inbox := n.inbox
	h.SetStreamHandler(Protocol, func(s network.Stream) {
		defer s.Close()
		from := s.Conn().RemotePeer()
		for sc := bufio.NewScanner(s); sc.Scan(); {
			line := sc.Text()
			inbox <- func(n *Node) { n.lines[from] = append(n.lines[from], line) } // FIX: the loop stores it
		}
	})
	h.Network().Notify(&network.NotifyBundle{
		ConnectedF: func(network.Network, network.Conn) {
			inbox <- func(n *Node) { n.peers++ } // FIX
		},
	})
}

// Loop runs the node's loop until done is closed.
//
//confined:loop
func (n *Node) Loop(done <-chan struct{}) {
	for {
		select {
		case f := <-n.inbox:
			f(n)
		case <-done:
			return
		}
	}
}
