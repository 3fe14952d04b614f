// Package journal: a generic journal whose lock guards its checkpoint
// marks only; its sequence and pending entries are its caller's.
package journal

import "sync"

type Journal[E any] struct {
	mu      sync.Mutex
	marks   []uint64
	seq     uint64
	pending []E
}

func (j *Journal[E]) Append(e E) uint64 {
	j.seq++
	j.pending = append(j.pending, e)
	return j.seq
}

func (j *Journal[E]) Checkpoint() uint64 {
	cp := j.seq
	j.mu.Lock()
	j.marks = append(j.marks, cp)
	j.mu.Unlock()
	return cp
}

func (j *Journal[E]) Marks() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	return len(j.marks)
}
