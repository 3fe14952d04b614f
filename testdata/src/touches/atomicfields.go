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
	leader transfer // want leader:`confined:owner`
	//confined:owner
	term int64 // want term:`confined:owner`
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

// A statistic made only of atomics, held by value in a confined field:
// its methods, called off the owner, write nothing a race can see, also
// through an array of them. Look-alike: a statistic with a plain counter.
type stat struct {
	count atomic.Int64
	max   atomic.Int64
}

func (p *stat) observe(d time.Duration) {
	p.count.Add(1)
	if old := p.max.Load(); int64(d) > old {
		p.max.CompareAndSwap(old, int64(d))
	}
}

type plainStat struct {
	count int64
}

func (p *plainStat) observe() { p.count++ }

//confined:owner
type profiled struct { // want profiled:"confined:owner"
	exec  [2]stat
	plain plainStat
}

func (p *profiled) measure() {
	go func() {
		p.exec[1].observe(time.Second)
		p.plain.observe() // want `writes confined touches.profiled.plain off the owner: this code runs via a go statement`
	}()
}
