// Package chanfields checks channel, sync and atomic fields of confined
// types: usable from anywhere while only construction sets them, state
// once the owner assigns them.
package chanfields

import (
	"sync/atomic"
	"unsafe"
)

// node's loop drops its proposal channel when it loses leadership (the
// shape of etcd's old node.run and node.step).
//
//confined:owner
type node struct { // want node:"confined:owner"
	propc  chan string
	recvc  chan string
	leader bool
}

func newNode() *node {
	n := &node{recvc: make(chan string)}
	n.propc = make(chan string) // construction: the value is this function's
	return n
}

//confined:loop
func (n *node) run() { // want run:`confined:loop`
	for m := range n.recvc {
		if m == "lost" {
			n.propc = nil
			n.leader = false
		} else {
			n.propc = make(chan string)
			n.leader = true
		}
	}
}

// step is called from any goroutine: it reads propc, which run assigns.
func (n *node) step(m string) { n.propc <- m } // want `calls confined \(\*chanfields.node\).step off the owner: this code runs via a go statement .*; inside, it reads chanfields.node.propc`

// deliver reads recvc, which only construction sets: free.
func (n *node) deliver(m string) { n.recvc <- m }

func fromGoroutines(n *node) {
	go n.step("x")
	go n.deliver("y") // a method that only uses a construction-only channel
	go func() {
		n.propc <- "z" // want `reads confined chanfields.node.propc off the owner: this code runs via a go statement \(chanfields.go:\d+\); the field is reassigned after it is built \(chanfields.go:\d+\), so reading it races with that`
		n.recvc <- "w"
	}()
}

// counter's atomic is replaced by its loop; its other is never replaced.
//
//confined:owner
type counter struct { // want counter:"confined:owner"
	hits  atomic.Int64
	other atomic.Int64
	reset chan struct{}
}

//confined:loop
func (c *counter) run() { // want run:`confined:loop`
	for range c.reset {
		c.hits = atomic.Int64{}
	}
}

func count(c *counter) {
	go func() {
		c.hits.Add(1) // want `reads confined chanfields.counter.hits off the owner.*the field is reassigned after it is built`
		c.other.Add(1)
	}()
}

// A loop that builds a job and sets its channel field there leaves the
// field free: that assignment is where the value is built, not the owner
// replacing a channel others hold.
//
//confined:owner
type job struct { // want job:"confined:owner"
	done chan struct{}
}

//confined:loop
func runJobs(start chan func(*job)) { // want runJobs:`confined:loop`
	for f := range start {
		j := &job{}
		j.done = make(chan struct{})
		f(j)
	}
}

func finish(j *job) {
	go func() {
		close(j.done) // reads done, which only the loop building a job sets
	}()
}

// A loop nobody marked: started with go, it is itself off the owner, and
// its reassigning propc still makes the field state that other goroutines
// race on.
//
//confined:owner
type unmarked struct { // want unmarked:"confined:owner"
	propc chan string
	recvc chan string
}

func (u *unmarked) run() {
	for m := range u.recvc {
		if m == "lost" {
			u.propc = nil // want `calls confined \(\*chanfields.unmarked\).run off the owner`
		}
	}
}

func (u *unmarked) Propose(m string) { u.propc <- m } // want Propose:`summary\(arg0 reads chanfields.unmarked.propc\)` `calls confined \(\*chanfields.unmarked\).Propose off the owner: this code runs via a go statement .*; inside, it reads chanfields.unmarked.propc`

func (u *unmarked) Deliver(m string) { u.recvc <- m }

func startUnmarked() {
	u := &unmarked{propc: make(chan string), recvc: make(chan string)}
	go u.run()
	go u.Propose("x")
	go u.Deliver("y") // only construction sets recvc
}

// A functional option replaces the queue's channel where the queue is
// built, before anything else holds it: the field stays free.
//
//confined:owner
type queue struct { // want queue:"confined:owner"
	items chan int
}

type queueOption func(*queue)

func withCapacity(n int) queueOption {
	return func(q *queue) { q.items = make(chan int, n) }
}

func newQueue(opts ...queueOption) *queue {
	q := &queue{items: make(chan int)}
	for _, o := range opts {
		o(q)
	}
	return q
}

func feed(q *queue) {
	go func() { q.items <- 1 }()
}

// A reader counting into the address of an atomic field uses only its
// methods: keeping &l.read in the reader writes nothing. Keeping the
// address of a plain field lets the holder write it.
//
//confined:owner
type loader struct { // want loader:`confined:owner`
	read  atomic.Int64
	lines int
	out   chan int
}

type counting struct {
	n     *atomic.Int64
	lines *int
	adder interface{ Add(int64) int64 }
}

func (c *counting) add(k int) {
	c.n.Add(int64(k))
	*c.lines += k
}

func (l *loader) load(k int) {
	c := &counting{n: &l.read, adder: &l.read}
	c.n.Add(int64(k))
	c.adder.Add(1)
	l.out <- k
}

func (l *loader) loadLines(k int) {
	c := &counting{n: &l.read, lines: &l.lines} // want `calls confined \(\*chanfields.loader\).loadLines off the owner: this code runs via a go statement \(chanfields.go:\d+\); inside, it writes chanfields.loader.lines`
	c.add(k)
}

func startLoads(l *loader) {
	go l.load(1)
	go l.loadLines(2)
}

// A lock-free queue swaps its head through unsafe.Pointer: an atomic
// access, from any goroutine. Its plain counter is not.
type qnode struct{ next *qnode }

//confined:owner
type lockFree struct { // want lockFree:`confined:owner`
	head *qnode
	n    int
}

func (q *lockFree) push(n *qnode) {
	prev := (*qnode)(atomic.SwapPointer((*unsafe.Pointer)(unsafe.Pointer(&q.head)), unsafe.Pointer(n)))
	_ = prev
}

func (q *lockFree) count() { q.n++ } // want `calls confined \(\*chanfields.lockFree\).count off the owner: this code runs via a go statement \(chanfields.go:\d+\); inside, it writes chanfields.lockFree.n`

func producers(q *lockFree) {
	go q.push(&qnode{})
	go q.count()
}
