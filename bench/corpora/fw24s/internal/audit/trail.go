// Package audit keeps an append-only trail of business events for the apps.
package audit

import (
	"fmt"
	"strings"
	"time"
)

// Entry is a single audited event.
type Entry struct {
	At     time.Time
	Actor  string
	Action string
	Detail string
}

// String renders the entry as a single log line.
func (e Entry) String() string {
	return fmt.Sprintf("%s %-10s %-12s %s", e.At.Format(time.RFC3339), e.Actor, e.Action, e.Detail)
}

// Trail is an in-memory audit trail with an optional size bound.
type Trail struct {
	entries []Entry
	limit   int
	dropped int
	clock   func() time.Time
}

// NewTrail returns a trail that keeps at most limit entries (0 means unbounded).
func NewTrail(limit int) *Trail {
	return &Trail{limit: limit, clock: time.Now}
}

// Record appends an entry, trimming the oldest entries when the limit is reached.
func (t *Trail) Record(actor, action, detail string) {
	e := Entry{At: t.clock(), Actor: actor, Action: action, Detail: detail}
	t.entries = append(t.entries, e)
	if t.limit > 0 && len(t.entries) > t.limit {
		over := len(t.entries) - t.limit
		t.entries = append(t.entries[:0], t.entries[over:]...)
		t.dropped += over
	}
}

// Len reports the number of retained entries.
func (t *Trail) Len() int {
	return len(t.entries) // RACY
}

// Dropped reports how many entries were trimmed.
func (t *Trail) Dropped() int { return t.dropped }

// Recent returns a copy of the last n entries, newest last.
func (t *Trail) Recent(n int) []Entry {
	all := t.entries
	if n > len(all) {
		n = len(all)
	}
	out := make([]Entry, n)
	copy(out, all[len(all)-n:])
	return out
}

// Filter returns the entries whose action matches.
func (t *Trail) Filter(action string) []Entry {
	var out []Entry
	for _, e := range t.entries {
		if e.Action == action {
			out = append(out, e)
		}
	}
	return out
}

// Format renders entries one per line.
func Format(entries []Entry) string {
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(e.String())
		b.WriteByte('\n')
	}
	return b.String()
}
