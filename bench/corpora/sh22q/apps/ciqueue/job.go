// Package ciqueue schedules CI jobs onto a fixed set of runners, retrying
// failed attempts, enforcing timeouts and keeping job logs for the web UI.
package ciqueue

import (
	"context"
	"errors"
	"strconv"
	"time"
)

// JobID identifies a job, e.g. "job-42".
type JobID string

func jobID(n int) JobID { return JobID("job-" + strconv.Itoa(n)) }

// Status is the lifecycle state of a job.
type Status int

const (
	Queued Status = iota
	Running
	Retrying
	Succeeded
	Failed
	TimedOut
	Canceled
)

var statusNames = [...]string{"queued", "running", "retrying", "succeeded", "failed", "timed-out", "canceled"}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "status(" + strconv.Itoa(int(s)) + ")"
}

// Terminal reports whether a job in this state will not change again.
func (s Status) Terminal() bool {
	return s == Succeeded || s == Failed || s == TimedOut || s == Canceled
}

// Spec describes what to run.
type Spec struct {
	Pipeline   string
	Name       string
	Commands   []string
	Priority   int
	Timeout    time.Duration
	MaxRetries int
}

func (s Spec) validate() error {
	switch {
	case s.Pipeline == "" || s.Name == "":
		return errors.New("ciqueue: job needs a pipeline and a name")
	case len(s.Commands) == 0:
		return errors.New("ciqueue: job has no commands")
	case s.MaxRetries < 0:
		return errors.New("ciqueue: negative retry count")
	}
	return nil
}

// Result is what an executor reports for one attempt.
type Result struct {
	ExitCode  int
	Err       error
	Artifacts []string
}

func (r Result) ok() bool { return r.Err == nil && r.ExitCode == 0 }

// Job is a queued, running or finished job.
type Job struct {
	ID         JobID
	Spec       Spec
	Status     Status
	Attempts   int
	Enqueued   time.Time
	StartedAt  time.Time
	FinishedAt time.Time
	ExitCode   int
	Error      string
	Log        []string
	Artifacts  []string

	cancel context.CancelFunc
}

// Executor runs one attempt of a job. It should stop promptly when ctx is
// canceled and may call log from its own goroutine for each output line.
type Executor interface {
	Run(ctx context.Context, spec Spec, log func(line string)) Result
}

// ArtifactStore deletes stored build artifacts.
type ArtifactStore interface {
	Delete(path string) error
}

// Errors returned by the queue.
var (
	ErrNotFound = errors.New("ciqueue: no such job")
	ErrClosed   = errors.New("ciqueue: queue closed")
	ErrDraining = errors.New("ciqueue: queue is draining")
)
