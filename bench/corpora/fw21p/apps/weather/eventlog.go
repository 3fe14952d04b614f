package weather

import (
	"sync"
	"time"
)

// LogEntry is one line of the event log.
type LogEntry struct {
	At   time.Time
	Text string
}

// EventLog is a bounded, concurrency safe log shown in the footer and
// served to kiosks.
type EventLog struct {
	mu      sync.Mutex
	entries []LogEntry
	limit   int
}

// NewEventLog keeps at most limit entries.
func NewEventLog(limit int) *EventLog {
	return &EventLog{limit: limit}
}

// Add appends an entry.
func (l *EventLog) Add(at time.Time, text string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.entries = append(l.entries, LogEntry{At: at, Text: text})
	if len(l.entries) > l.limit {
		l.entries = l.entries[len(l.entries)-l.limit:]
	}
}

// Recent returns up to n of the newest entries, newest last.
func (l *EventLog) Recent(n int) []LogEntry {
	l.mu.Lock()
	defer l.mu.Unlock()
	if n > len(l.entries) {
		n = len(l.entries)
	}
	out := make([]LogEntry, n)
	copy(out, l.entries[len(l.entries)-n:])
	return out
}
