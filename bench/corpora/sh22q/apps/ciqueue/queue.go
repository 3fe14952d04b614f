package ciqueue

import (
	"context"
	"sync"
	"time"

	"example.com/corpus/trial-sh22q/internal/metrics"
	"example.com/corpus/trial-sh22q/internal/workpool"
)

// Config controls queue behaviour.
type Config struct {
	// Runners is the number of jobs that may run at once.
	Runners int
	// SweepEvery is how often running jobs are checked for timeouts.
	SweepEvery time.Duration
	// PollEvery is how often Wait and Drain check for progress.
	PollEvery time.Duration
	// RetryBackoff is the delay before a failed attempt is retried.
	RetryBackoff time.Duration
	// Retention is how long finished jobs are kept before Prune drops them.
	Retention time.Duration
	// MaxLogLines caps the log kept per job.
	MaxLogLines int
	// StallAfter flags the runners as stalled when jobs are running but no
	// runner has picked up an attempt for this long. Zero disables the check.
	StallAfter time.Duration
}

// Stats are queue-wide counters.
type Stats struct {
	Queued    int
	Started   int
	Succeeded int
	Failed    int
	Retried   int
	TimedOut  int
	Canceled  int
	Pruned    int
	Stalls    int
}

// Option customises a Queue.
type Option func(*Queue)

// WithArtifactStore sets where job artifacts are deleted from on prune.
func WithArtifactStore(s ArtifactStore) Option { return func(q *Queue) { q.store = s } }

// WithMetrics sets the registry that runner metrics are exported to.
func WithMetrics(r *metrics.Registry) Option { return func(q *Queue) { q.metrics = r } }

// Queue accepts jobs and runs them on its runners.
type Queue struct {
	cfg     Config
	exec    Executor
	store   ArtifactStore
	metrics *metrics.Registry
	pool    *workpool.Pool

	ops  chan func()
	quit chan struct{}
	done chan struct{}

	jobs     map[JobID]*Job
	order    []JobID
	pending  []*Job
	active   map[JobID]*Job
	running  int
	nextID   int
	draining bool
	stalled  bool
	stats    Stats

	lastDispatch time.Time
	pickupMu     sync.Mutex
	lastPickup   time.Time
}

// New starts a queue that runs jobs with exec.
func New(cfg Config, exec Executor, opts ...Option) *Queue {
	if cfg.Runners < 1 {
		cfg.Runners = 1
	}
	if cfg.SweepEvery <= 0 {
		cfg.SweepEvery = time.Second
	}
	if cfg.PollEvery <= 0 {
		cfg.PollEvery = 100 * time.Millisecond
	}
	if cfg.MaxLogLines <= 0 {
		cfg.MaxLogLines = 1000
	}
	q := &Queue{
		cfg:     cfg,
		exec:    exec,
		store:   nopStore{},
		metrics: metrics.NewRegistry("ci_"),
		pool:    workpool.New(cfg.Runners, workpool.WithQueueDepth(cfg.Runners)),
		ops:     make(chan func(), 128),
		quit:    make(chan struct{}),
		done:    make(chan struct{}),
		jobs:    make(map[JobID]*Job),
		active:  make(map[JobID]*Job),
	}
	for _, opt := range opts {
		opt(q)
	}
	go q.run()
	return q
}

func (q *Queue) run() {
	defer close(q.done)
	sweep := time.NewTicker(q.cfg.SweepEvery)
	defer sweep.Stop()
	for {
		select {
		case op := <-q.ops:
			op()
		case now := <-sweep.C:
			q.sweep(now)
		case <-q.quit:
			q.cancelActive()
			return
		}
	}
}

// post hands fn to the dispatcher.
func (q *Queue) post(fn func()) error {
	select {
	case q.ops <- fn:
		return nil
	case <-q.quit:
		return ErrClosed
	}
}

// do hands fn to the dispatcher and waits for it to run.
func (q *Queue) do(fn func()) error {
	finished := make(chan struct{})
	if err := q.post(func() { fn(); close(finished) }); err != nil {
		return err
	}
	select {
	case <-finished:
		return nil
	case <-q.done:
		return ErrClosed
	}
}

// Close cancels running jobs, waits for the runners and stops the queue.
func (q *Queue) Close() {
	select {
	case <-q.quit:
	default:
		close(q.quit)
	}
	<-q.done
	q.pool.Close()
}

// Submit queues a job and returns its ID.
func (q *Queue) Submit(spec Spec) (JobID, error) {
	if err := spec.validate(); err != nil {
		return "", err
	}
	spec.Commands = append([]string(nil), spec.Commands...)
	var id JobID
	var err error
	if derr := q.do(func() { id, err = q.enqueue(spec) }); derr != nil {
		return "", derr
	}
	return id, err
}

// Job returns the job with the given ID.
func (q *Queue) Job(id JobID) (*Job, error) {
	var j *Job
	if err := q.do(func() { j = q.jobs[id] }); err != nil {
		return nil, err
	}
	if j == nil {
		return nil, ErrNotFound
	}
	return j, nil
}

// Snapshot returns a copy of the job with the given ID.
func (q *Queue) Snapshot(id JobID) (Job, error) {
	var out Job
	found := false
	if err := q.do(func() {
		if j, ok := q.jobs[id]; ok {
			out, found = copyJob(j), true
		}
	}); err != nil {
		return Job{}, err
	}
	if !found {
		return Job{}, ErrNotFound
	}
	return out, nil
}

func copyJob(j *Job) Job {
	c := *j
	c.Spec.Commands = append([]string(nil), j.Spec.Commands...)
	c.Log = append([]string(nil), j.Log...)
	c.Artifacts = append([]string(nil), j.Artifacts...)
	c.cancel = nil
	return c
}

// Stats returns a copy of the queue counters.
func (q *Queue) Stats() (Stats, error) {
	var st Stats
	err := q.do(func() { st = q.stats })
	return st, err
}

// Cancel stops a queued or running job.
func (q *Queue) Cancel(id JobID) error {
	var err error
	if derr := q.do(func() { err = q.cancelJob(id) }); derr != nil {
		return derr
	}
	return err
}

// Wait blocks until the job has finished and returns it.
func (q *Queue) Wait(ctx context.Context, id JobID) (*Job, error) {
	j, err := q.Job(id)
	if err != nil {
		return nil, err
	}
	ticker := time.NewTicker(q.cfg.PollEvery)
	defer ticker.Stop()
	for !finished(j) {
		select {
		case <-ctx.Done():
			return j, ctx.Err()
		case <-ticker.C:
		}
	}
	return j, nil
}

func finished(j *Job) bool {
	return j.Status.Terminal() // RACY
}

// Drain stops the queue accepting jobs and returns a channel that is
// closed once every queued and running job has finished.
func (q *Queue) Drain() <-chan struct{} {
	idle := make(chan struct{})
	if err := q.do(func() { q.draining = true }); err != nil {
		close(idle)
		return idle
	}
	go func() {
		defer close(idle)
		for !q.idle() {
			select {
			case <-q.quit:
				return
			case <-time.After(q.cfg.PollEvery):
			}
		}
	}()
	return idle
}

func (q *Queue) idle() bool {
	return q.running == 0 && len(q.pending) == 0 // RACY
}

type nopStore struct{}

func (nopStore) Delete(string) error { return nil }
