package expenses

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"example.com/corpus/trial-fw20o/apps/expenses/storage"
)

type statusLog struct {
	ch chan string
}

func newStatusLog() *statusLog {
	return &statusLog{ch: make(chan string, 64)}
}

func (s *statusLog) hook(msg string) {
	s.ch <- msg
}

func (s *statusLog) waitFor(t *testing.T, prefix string) string {
	t.Helper()
	timeout := time.After(2 * time.Second)
	for {
		select {
		case msg := <-s.ch:
			if strings.HasPrefix(msg, prefix) {
				return msg
			}
		case <-timeout:
			t.Fatalf("no status starting with %q", prefix)
		}
	}
}

func newTracker(t *testing.T, opts ...Option) *Tracker {
	t.Helper()
	test.NewTempApp(t)
	tr := New(opts...)
	w := test.NewWindow(tr.Content())
	t.Cleanup(func() {
		tr.Close()
		w.Close()
	})
	return tr
}

// newHeadlessTracker builds the tracker widgets without putting them in a window.
func newHeadlessTracker(t *testing.T, opts ...Option) *Tracker {
	t.Helper()
	test.NewTempApp(t)
	tr := New(opts...)
	t.Cleanup(tr.Close)
	return tr
}

func enter(tr *Tracker, desc, amount, currency, category string) {
	tr.desc.SetText(desc)
	tr.amount.SetText(amount)
	if currency != "" {
		tr.currency.SetSelected(currency)
	}
	if category != "" {
		tr.category.SetSelected(category)
	}
	test.Tap(tr.addBtn)
}

type memStore struct {
	mu    sync.Mutex
	saves int
	last  []storage.Record
}

func (m *memStore) Save(recs []storage.Record) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.saves++
	m.last = recs
	return nil
}

func (m *memStore) snapshot() (int, []storage.Record) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.saves, append([]storage.Record(nil), m.last...)
}

type fixedRates struct {
	delay time.Duration
	rate  float64
}

func (r fixedRates) Rate(ctx context.Context, from, to string) (float64, error) {
	select {
	case <-time.After(r.delay):
		return r.rate, nil
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

type householdPlan struct {
	delay time.Duration
	b     Budget
	err   error
}

func (p householdPlan) Budget(ctx context.Context) (Budget, error) {
	time.Sleep(p.delay)
	return p.b, p.err
}

var errOffline = errors.New("plan server offline")

type memSink struct {
	mu    sync.Mutex
	files map[string]*bytes.Buffer
}

type memFile struct {
	*bytes.Buffer
}

func (memFile) Close() error { return nil }

func (s *memSink) Create(name string) (io.WriteCloser, error) {
	time.Sleep(2 * time.Millisecond)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.files == nil {
		s.files = make(map[string]*bytes.Buffer)
	}
	b := &bytes.Buffer{}
	s.files[name] = b
	return memFile{b}, nil
}

func (s *memSink) file(name string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if b, ok := s.files[name]; ok {
		return b.String()
	}
	return ""
}
