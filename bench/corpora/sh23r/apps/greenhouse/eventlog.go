package greenhouse

import (
	"fmt"
	"sync"
	"time"
)

// Entry is one line of the operator log.
type Entry struct {
	At   time.Time `json:"at"`
	Zone string    `json:"zone"`
	Text string    `json:"text"`
}

// EventLog is a bounded, concurrency-safe operator log.
type EventLog struct {
	mu      sync.Mutex
	entries []Entry
	max     int
}

// NewEventLog keeps the last max entries.
func NewEventLog(max int) *EventLog { return &EventLog{max: max} }

// Addf appends a formatted entry.
func (l *EventLog) Addf(zone, format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.entries = append(l.entries, Entry{At: time.Now(), Zone: zone, Text: fmt.Sprintf(format, args...)})
	if over := len(l.entries) - l.max; over > 0 {
		l.entries = append(l.entries[:0], l.entries[over:]...)
	}
}

// Tail returns up to n most recent entries.
func (l *EventLog) Tail(n int) []Entry {
	l.mu.Lock()
	defer l.mu.Unlock()
	if n > len(l.entries) {
		n = len(l.entries)
	}
	return append([]Entry(nil), l.entries[len(l.entries)-n:]...)
}
