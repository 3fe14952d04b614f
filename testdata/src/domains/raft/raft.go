package raft // want package:`declares: owner @store domains/store.Store`
// This package has its own loop, the @raft domain, next to the FSM's of
// package fsm and the store's it declares.

import (
	"domains/fsm"
	"domains/store"
)

//confined:declare owner @store domains/store.Store

// Node is the raft node's state.
//
//confined:owner @raft
type Node struct { // want Node:"confined:owner@raft"
	term  int
	fsm   *fsm.State
	loop  *fsm.Loop
	store *store.Store
	inbox chan func()
}

// run is the raft loop.
//
//confined:loop @raft
func (n *Node) run() { // want run:`confined:loop@raft`
	for f := range n.inbox {
		f()
		n.term++
		n.fsm.Apply()         // want `calls \(\*fsm.State\).Apply on @fsm state from the @raft loop \(raft.go:\d+\); inside, it writes fsm.State.applied; fix: hop to @fsm through \(\*fsm.Loop\).Do and touch the state there`
		_ = fsm.Snapshot(nil) // want `calls fsm.Snapshot on @fsm state from the @raft loop`
		n.store.Put("term")   // want `calls \(\*store.Store\).Put on @store state from the @raft loop`
	}
}

func (n *Node) apply() {
	s := n.fsm
	n.loop.Do(func() {
		s.Apply() // on @fsm: fine
	})
	fsm.Later(n.loop, func() {
		s.Apply()
		n.term++ // want `writes @raft state raft.Node.term from code that fsm.Later runs on @fsm \(raft.go:\d+\)`
	})
}
