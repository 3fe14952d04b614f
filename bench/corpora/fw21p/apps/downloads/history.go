package downloads

import (
	"sync"
	"time"
)

// Entry is a finished (or failed) download attempt.
type Entry struct {
	ID    int
	URL   string
	State State
	Bytes int64
	Err   string
	At    time.Time
}

// History records finished attempts; the control API serves it.
type History struct {
	mu      sync.Mutex
	entries []Entry
	limit   int
}

func (h *History) record(j *Job, at time.Time) {
	e := Entry{ID: j.ID, URL: j.URL, State: j.state, At: at}
	if j.meter != nil {
		e.Bytes = j.meter.Done()
	}
	if j.err != nil {
		e.Err = j.err.Error()
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.entries = append(h.entries, e)
	if h.limit > 0 && len(h.entries) > h.limit {
		h.entries = h.entries[len(h.entries)-h.limit:]
	}
}

// Entries returns a copy of the recorded attempts, oldest first.
func (h *History) Entries() []Entry {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]Entry, len(h.entries))
	copy(out, h.entries)
	return out
}
