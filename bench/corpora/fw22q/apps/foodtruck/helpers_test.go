package foodtruck

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"example.com/corpus/trial-fw22q/internal/ledger"
)

func testMenu(t *testing.T) *Menu {
	t.Helper()
	m, err := NewMenu(
		MenuItem{Code: "AP", Name: "Al pastor taco", Course: ledger.Mains, Price: 375, Prep: 2 * time.Millisecond},
		MenuItem{Code: "QB", Name: "Birria quesadilla", Course: ledger.Mains, Price: 950, Prep: 3 * time.Millisecond},
		MenuItem{Code: "EL", Name: "Elote", Course: ledger.Sides, Price: 450, Prep: time.Millisecond},
		MenuItem{Code: "HJ", Name: "Horchata", Course: ledger.Drinks, Price: 350},
	)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func openTestTruck(t *testing.T, opts ...Option) *Truck {
	t.Helper()
	base := []Option{WithLateGrace(time.Hour), WithPickupReminder(0, 0)}
	tr, err := Open(testMenu(t), append(base, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tr.Close)
	return tr
}

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

func (b *syncBuffer) waitFor(t *testing.T, substr string) string {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		if s := b.String(); strings.Contains(s, substr) {
			return s
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %q in:\n%s", substr, b.String())
	return ""
}

type recordingNotifier struct {
	mu      sync.Mutex
	notices []Notice
}

func (r *recordingNotifier) Notify(n Notice) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.notices = append(r.notices, n)
}

func (r *recordingNotifier) count(kind NoticeKind) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, x := range r.notices {
		if x.Kind == kind {
			n++
		}
	}
	return n
}

func waitBoard(t *testing.T, tr *Truck, ok func(BoardView) bool) BoardView {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for {
		v, err := tr.Board(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if ok(v) {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatalf("board never reached the expected state: %+v", v)
		}
		time.Sleep(time.Millisecond)
	}
}
