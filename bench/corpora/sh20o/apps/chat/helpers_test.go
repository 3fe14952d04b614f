package chat

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a writer the test can read while sessions write to it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func (b *syncBuffer) waitFor(t *testing.T, substr string) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(b.String(), substr) {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("output never contained %q:\n%s", substr, b.String())
}

// slowWriter simulates a congested connection.
type slowWriter struct {
	delay time.Duration
	n     int
}

func (w *slowWriter) Write(p []byte) (int, error) {
	time.Sleep(w.delay)
	w.n += len(p)
	return len(p), nil
}

func newTestRoom(t *testing.T, opts ...Option) *Room {
	t.Helper()
	r := NewRoom("lobby", opts...)
	t.Cleanup(r.Close)
	return r
}

func mustJoin(t *testing.T, r *Room, nick string, w interface{ Write([]byte) (int, error) }) *Member {
	t.Helper()
	m, err := r.Join(nick, w)
	if err != nil {
		t.Fatalf("join %s: %v", nick, err)
	}
	return m
}

func eventually(timeout time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if cond() {
			return true
		}
		time.Sleep(time.Millisecond)
	}
	return cond()
}
