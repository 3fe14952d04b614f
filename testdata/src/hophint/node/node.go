// Package node wraps an actor, so that hophint reaches package actor only
// through it.
package node

import "actor"

type Node struct {
	Self *actor.Ref
	q    *queue
}

func New() *Node { return &Node{Self: actor.NewRef(), q: &queue{ch: make(chan func())}} }

// queue posts to the node's loop. Its importers can call Post but cannot
// name it: a fix hint must not advise (*node.queue).Post.
type queue struct{ ch chan func() }

//confined:hop
func (q *queue) Post(f func()) { q.ch <- f }

// Queue returns the node's queue.
func (n *Node) Queue() *queue { return n.q }
