// Package downloads is a terminal download manager: a queue of HTTP
// downloads with pause/resume, retries and a small local control API.
package downloads

import (
	"context"
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"strings"
	"time"

	"example.com/corpus/trial-fw21p/internal/transfer"
)

// State is the lifecycle state of a download.
type State int

// Download states.
const (
	StateQueued State = iota
	StateActive
	StatePaused
	StateDone
	StateFailed
)

func (s State) String() string {
	switch s {
	case StateQueued:
		return "queued"
	case StateActive:
		return "downloading"
	case StatePaused:
		return "paused"
	case StateDone:
		return "done"
	case StateFailed:
		return "failed"
	}
	return fmt.Sprintf("State(%d)", int(s))
}

// Job is one entry of the download queue.
type Job struct {
	ID       int
	URL      string
	Dest     string
	state    State
	meter    *transfer.Meter
	attempts int
	err      error
	stalled  bool
	watchdog *time.Timer
	cancel   context.CancelFunc
	added    time.Time
	finished time.Time
}

// State returns the job's current state.
func (j *Job) State() State { return j.state }

func (j *Job) partialPath() string { return j.Dest + ".part" }

func (j *Job) markStalled() {
	j.stalled = true // RACY
}

func (j *Job) stopWatchdog() {
	if j.watchdog != nil {
		j.watchdog.Stop()
		j.watchdog = nil
	}
}

// Queue holds the downloads in the order they were added.
type Queue struct {
	jobs      []*Job
	nextID    int
	maxActive int
	paused    bool
}

func newQueue(maxActive int) *Queue {
	return &Queue{nextID: 1, maxActive: maxActive}
}

func (q *Queue) add(rawURL, dir string, now time.Time) (*Job, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("not an http(s) URL: %q", rawURL)
	}
	for _, j := range q.jobs {
		if j.URL == rawURL && j.state != StateFailed {
			return nil, fmt.Errorf("already queued: %s", rawURL)
		}
	}
	j := &Job{
		ID:    q.nextID,
		URL:   rawURL,
		Dest:  filepath.Join(dir, q.fileName(u)),
		state: StateQueued,
		added: now,
	}
	q.nextID++
	q.jobs = append(q.jobs, j)
	return j, nil
}

// fileName picks a destination name that no other job uses.
func (q *Queue) fileName(u *url.URL) string {
	base := path.Base(u.Path)
	if base == "/" || base == "." || base == "" {
		base = strings.ReplaceAll(u.Host, ":", "_")
	}
	name := base
	ext := path.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	for i := 1; q.destTaken(name); i++ {
		name = fmt.Sprintf("%s (%d)%s", stem, i, ext)
	}
	return name
}

func (q *Queue) destTaken(name string) bool {
	for _, j := range q.jobs {
		if filepath.Base(j.Dest) == name {
			return true
		}
	}
	return false
}

func (q *Queue) byID(id int) *Job {
	for _, j := range q.jobs {
		if j.ID == id {
			return j
		}
	}
	return nil
}

func (q *Queue) countActive() int {
	n := 0
	for _, j := range q.jobs {
		if j.state == StateActive {
			n++
		}
	}
	return n
}

// runnable returns queued jobs that may start now.
func (q *Queue) runnable() []*Job {
	if q.paused {
		return nil
	}
	free := q.maxActive - q.countActive()
	var out []*Job
	for _, j := range q.jobs {
		if free <= 0 {
			break
		}
		if j.state == StateQueued {
			out = append(out, j)
			free--
		}
	}
	return out
}

func (q *Queue) remove(id int) bool {
	for i, j := range q.jobs {
		if j.ID == id {
			q.jobs = append(q.jobs[:i], q.jobs[i+1:]...)
			return true
		}
	}
	return false
}

// jobSummary is the externally visible form of a job.
type jobSummary struct {
	ID    int
	URL   string
	State State
	Bytes int64
}

func (q *Queue) summaries() []jobSummary {
	jobs := q.jobs // RACY
	out := make([]jobSummary, 0, len(jobs))
	for _, j := range jobs {
		s := jobSummary{ID: j.ID, URL: j.URL, State: j.state}
		if j.meter != nil {
			s.Bytes = j.meter.Done()
		}
		out = append(out, s)
	}
	return out
}
