// Package raft hides confined state behind an interface with an unexported
// implementation, as etcd's raft does.
package raft

// Node is what callers hold.
type Node interface {
	Tick()
	Status() string
	Stop()
}

//confined:owner
type node struct {
	term  int
	stopc chan struct{}
}

func NewNode() Node { return &node{stopc: make(chan struct{})} }

func (n *node) Tick() { n.term++ }

// Status is :any (it copies under the owner's lock in real code).
//
//confined:any
func (n *node) Status() string { return status(n) }

func status(n *node) string {
	if n.term > 0 {
		return "leader"
	}
	return "follower"
}

// Stop only closes a channel.
//
//confined:any
func (n *node) Stop() { close(n.stopc) }
