// Package notify schedules reminders and deadline callbacks for circulation
// events.
package notify

import (
	"sync"
	"time"
)

// Clock reports the current time.
type Clock func() time.Time

// Scheduler runs keyed callbacks at a point in time. Scheduling a key again
// replaces the pending callback for that key.
type Scheduler struct {
	now Clock

	mu     sync.Mutex
	jobs   map[string]*job
	fired  int
	closed bool
}

type job struct {
	timer *time.Timer
	fn    func()
}

// Option configures a Scheduler.
type Option func(*Scheduler)

// WithClock sets the clock used to turn deadlines into delays.
func WithClock(c Clock) Option {
	return func(s *Scheduler) { s.now = c }
}

// NewScheduler returns an empty scheduler.
func NewScheduler(opts ...Option) *Scheduler {
	s := &Scheduler{now: time.Now, jobs: make(map[string]*job)}
	for _, o := range opts {
		o(s)
	}
	return s
}

// At runs fn at the given time.
func (s *Scheduler) At(key string, when time.Time, fn func()) {
	s.After(key, when.Sub(s.now()), fn)
}

// After runs fn once d has elapsed.
func (s *Scheduler) After(key string, d time.Duration, fn func()) {
	if d < 0 {
		d = 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	if prev, ok := s.jobs[key]; ok {
		prev.timer.Stop()
	}
	j := &job{fn: fn}
	s.jobs[key] = j
	j.timer = time.AfterFunc(d, func() { s.fire(key, j) })
}

func (s *Scheduler) fire(key string, j *job) {
	s.mu.Lock()
	if s.closed || s.jobs[key] != j {
		s.mu.Unlock()
		return
	}
	delete(s.jobs, key)
	s.fired++
	s.mu.Unlock()
	j.fn()
}

// Cancel drops the pending callback for key and reports whether one existed.
func (s *Scheduler) Cancel(key string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	j, ok := s.jobs[key]
	if !ok {
		return false
	}
	j.timer.Stop()
	delete(s.jobs, key)
	return true
}

// Pending returns the number of callbacks waiting to run.
func (s *Scheduler) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.jobs)
}

// Fired returns how many callbacks have run so far.
func (s *Scheduler) Fired() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.fired
}

// Stop cancels every pending callback; later calls to After are ignored.
func (s *Scheduler) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, j := range s.jobs {
		j.timer.Stop()
		delete(s.jobs, k)
	}
	s.closed = true
}
