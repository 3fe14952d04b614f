// Package reads: a loop's state in a type with a mutex that guards one
// counter. Jobs the loop keeps in a map of that type, never updated with
// the lock held, are the loop's, not a store's. A field the loop only sets
// without the lock, which code off the loop reads, gets no proposal: real
// modules set such fields once on the loop and publish them by other
// means (a connection's handshake result), which -suggest cannot see. One
// it appends to turn after turn is read mid-change: the loop's.
package reads

import "sync"

type job struct { // want `suggest for reads.job: //confined:owner: code on the owner \(func literal in \(\*reads.queue\).retry\) writes its field tries without a lock`
	tries int
}

type queue struct {
	mu      sync.Mutex
	dropped int // under mu
	order   []string // want `suggest for field order: //confined:owner: owner code \(func literal in \(\*reads.queue\).add\) changes it without a lock turn after turn and code started off the owner \(func literal in \(\*reads.queue\).report\) reads it`
	peer    string   // set by the loop, read off it: no proposal (see the package doc)
	jobs    map[string]*job
	inbox   chan func()
}

func newQueue() *queue {
	q := &queue{jobs: map[string]*job{}, inbox: make(chan func())}
	go q.serve()
	return q
}

func (q *queue) serve() { // want `suggest for \(\*reads.queue\).serve: //confined:loop` serve:`confined:loop`
	for f := range q.inbox {
		f()
	}
}

func (q *queue) post(f func()) { q.inbox <- f } // want `suggest for \(\*reads.queue\).post: //confined:hop f`

func (q *queue) add(id string) {
	q.post(func() {
		q.order = append(q.order, id)
		q.peer = id
		q.jobs[id] = &job{}
	})
}

func (q *queue) retry(id string) {
	q.post(func() { q.jobs[id].tries++ })
}

func (q *queue) drop() {
	q.mu.Lock()
	q.dropped++
	q.mu.Unlock()
}

func (q *queue) report(j *job) {
	go func() {
		println(len(q.order), q.peer, j.tries)
		q.drop()
	}()
}
