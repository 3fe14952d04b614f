package future

import (
	"container/heap"
	"sync"
	"time"
)

// A Timer runs tasks after a delay on a goroutine of its own, never on the
// goroutine that scheduled them.
type Timer interface {
	// Schedule runs task once d has passed.
	//
	//confined:async
	Schedule(d time.Duration, task func())
}

// A SerialTimer runs every task on one goroutine, in deadline order, like
// java.util.Timer and the JavaTimer built on it: a slow task delays the
// others, and every task shares that goroutine with every other.
type SerialTimer struct {
	mu      sync.Mutex
	tasks   taskQueue
	wake    chan struct{} // signals the goroutine that the earliest deadline changed
	stop    chan struct{}
	stopped chan struct{}
}

// NewSerialTimer starts a timer's goroutine; Stop ends it.
func NewSerialTimer() *SerialTimer {
	t := &SerialTimer{
		wake:    make(chan struct{}, 1),
		stop:    make(chan struct{}),
		stopped: make(chan struct{}),
	}
	go t.run()
	return t
}

// Schedule runs task on t's goroutine once d has passed.
//
//confined:async
func (t *SerialTimer) Schedule(d time.Duration, task func()) {
	t.mu.Lock()
	t.tasks.add(time.Now().Add(d), task)
	t.mu.Unlock()
	select {
	case t.wake <- struct{}{}:
	default: // a wake-up is already pending
	}
}

// Stop ends t's goroutine, dropping the tasks that are not due yet, and
// waits for a running task to return.
func (t *SerialTimer) Stop() {
	close(t.stop)
	<-t.stopped
}

func (t *SerialTimer) run() {
	defer close(t.stopped)
	alarm := time.NewTimer(time.Hour)
	defer alarm.Stop()
	for {
		t.mu.Lock()
		due := t.tasks.due(time.Now())
		next, pending := t.tasks.next()
		t.mu.Unlock()
		for _, task := range due {
			task()
		}
		if len(due) > 0 {
			continue // the tasks took time; more may be due
		}
		wait := time.Hour
		if pending {
			wait = time.Until(next)
		}
		alarm.Reset(wait)
		select {
		case <-alarm.C:
		case <-t.wake:
		case <-t.stop:
			return
		}
	}
}

// A ManualTimer runs tasks when a test advances its clock, on the goroutine
// that calls Advance. It makes timer-driven code deterministic. The zero
// value is ready to use.
type ManualTimer struct {
	mu    sync.Mutex
	now   time.Time
	tasks taskQueue
}

// Schedule runs task when the clock has been advanced by d.
//
//confined:async
func (t *ManualTimer) Schedule(d time.Duration, task func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.tasks.add(t.now.Add(d), task)
}

// Advance moves the clock forward by d and runs the tasks that became due,
// in deadline order, on the calling goroutine. Tasks that they schedule run
// too if they fall due within d.
func (t *ManualTimer) Advance(d time.Duration) {
	t.mu.Lock()
	end := t.now.Add(d)
	t.mu.Unlock()
	for {
		t.mu.Lock()
		next, pending := t.tasks.next()
		if !pending || next.After(end) {
			t.now = end
			t.mu.Unlock()
			return
		}
		t.now = next
		due := t.tasks.due(next)
		t.mu.Unlock()
		for _, task := range due {
			task()
		}
	}
}

// Pending counts the tasks that are not due yet.
func (t *ManualTimer) Pending() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.tasks.heap)
}

// A taskQueue holds scheduled tasks in deadline order; equal deadlines keep
// their scheduling order.
type taskQueue struct {
	heap taskHeap
	seq  uint64 // scheduling order, to break ties
}

type scheduled struct {
	at   time.Time
	seq  uint64
	task func()
}

func (q *taskQueue) add(at time.Time, task func()) {
	q.seq++
	heap.Push(&q.heap, scheduled{at: at, seq: q.seq, task: task})
}

// due removes and returns, in order, the tasks due at now.
func (q *taskQueue) due(now time.Time) []func() {
	var out []func()
	for len(q.heap) > 0 && !q.heap[0].at.After(now) {
		out = append(out, heap.Pop(&q.heap).(scheduled).task)
	}
	return out
}

// next returns the earliest deadline, if any task is waiting.
func (q *taskQueue) next() (time.Time, bool) {
	if len(q.heap) == 0 {
		return time.Time{}, false
	}
	return q.heap[0].at, true
}

// A taskHeap is a min-heap of tasks by deadline, then scheduling order.
type taskHeap []scheduled

func (h taskHeap) Len() int { return len(h) }
func (h taskHeap) Less(i, j int) bool {
	if !h[i].at.Equal(h[j].at) {
		return h[i].at.Before(h[j].at)
	}
	return h[i].seq < h[j].seq
}
func (h taskHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *taskHeap) Push(x any)   { *h = append(*h, x.(scheduled)) }
func (h *taskHeap) Pop() any {
	old := *h
	s := old[len(old)-1]
	*h = old[:len(old)-1]
	return s
}
