// Package node wraps an actor, so that hophint reaches package actor only
// through it.
package node

import "actor"

type Node struct {
	Self *actor.Ref
}

func New() *Node { return &Node{Self: actor.NewRef()} }
