package touches

import (
	"sync/atomic"
	"time"
)

// An atomic access does not race, also when it goes through a struct held
// in a confined field or a field of a confined type (hashicorp/raft's
// atomic.StoreInt32(&r.leaderState.leadershipTransferInProgress, 0)), or is
// to a confined field itself. A plain access through the same fields is a
// touch.

type transfer struct {
	inProgress int32
	target     string
}

type node struct {
	//confined:owner
	leader transfer
	//confined:owner
	term int64
}

//confined:owner
type leaderState struct { // want leaderState:"confined:owner"
	transfer transfer
}

func atomicThroughConfinedField(n *node) {
	time.AfterFunc(time.Second, func() {
		atomic.StoreInt32(&n.leader.inProgress, 0)
		sink = int(atomic.AddInt64(&n.term, 1))
	})
}

func plainThroughConfinedField(n *node) {
	time.AfterFunc(time.Second, func() {
		sink = len(n.leader.target) // want `reads confined touches.node.leader off the owner`
		n.term++                    // want `writes confined touches.node.term off the owner`
	})
}

func atomicNestedInConfinedType(ls *leaderState) {
	time.AfterFunc(time.Second, func() {
		atomic.StoreInt32(&ls.transfer.inProgress, 1)
	})
}

func plainNestedInConfinedType(ls *leaderState) {
	time.AfterFunc(time.Second, func() {
		sink = len(ls.transfer.target) // want `reads confined touches.leaderState.transfer off the owner`
	})
}
