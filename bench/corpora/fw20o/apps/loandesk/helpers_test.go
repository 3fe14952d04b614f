package loandesk

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ergo-services/ergo"
	"github.com/ergo-services/ergo/node"
)

const (
	isbnDune   = "9780441013593"
	isbnEmma   = "9780141439587"
	isbnHobbit = "9780547928227"
)

var nodeSeq atomic.Int32

func startNode(t *testing.T) node.Node {
	t.Helper()
	name := fmt.Sprintf("desk%d@localhost", nodeSeq.Add(1))
	n, err := ergo.StartNode(name, "library", node.Options{StaticRoutesOnly: true})
	if err != nil {
		t.Fatalf("start node: %v", err)
	}
	t.Cleanup(n.Stop)
	return n
}

func startDesk(t *testing.T, opts ...Option) *Client {
	t.Helper()
	n := startNode(t)
	c, err := Start(n, "desk", opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Stop)
	return c
}

func sampleBooks() []Book {
	return []Book{
		{ISBN: isbnDune, Title: "Dune", Author: "Frank Herbert", Copies: 2},
		{ISBN: isbnEmma, Title: "Emma", Author: "Jane Austen", Copies: 1},
		{ISBN: isbnHobbit, Title: "The Hobbit", Author: "J. R. R. Tolkien", Copies: 3},
	}
}

func samplePatrons() []Patron {
	return []Patron{
		{ID: "ada", Name: "Ada Lovelace", Email: "ada@example.org"},
		{ID: "bob", Name: "Bob Dylan", Email: "bob@example.org", MaxLoans: 2},
	}
}

type manualClock struct {
	mu  sync.Mutex
	now time.Time
}

func newManualClock() *manualClock {
	return &manualClock{now: time.Date(2024, 3, 1, 10, 0, 0, 0, time.UTC)}
}

func (c *manualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *manualClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

type recordingPublisher struct {
	mu     sync.Mutex
	events []AvailabilityEvent
}

func (p *recordingPublisher) Publish(ctx context.Context, ev AvailabilityEvent) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.events = append(p.events, ev)
	return nil
}

func (p *recordingPublisher) Events() []AvailabilityEvent {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]AvailabilityEvent(nil), p.events...)
}

type slowMailer struct {
	delay time.Duration
	mu    sync.Mutex
	sent  []Receipt
}

func (m *slowMailer) SendReceipt(ctx context.Context, r Receipt) error {
	time.Sleep(m.delay)
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sent = append(m.sent, r)
	return nil
}

func (m *slowMailer) Sent() []Receipt {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]Receipt(nil), m.sent...)
}

type fixedScanner map[string]int

func (s fixedScanner) Count(ctx context.Context, isbn string) (int, error) {
	time.Sleep(time.Millisecond)
	n, ok := s[isbn]
	if !ok {
		return 0, fmt.Errorf("shelf for %s not scanned", isbn)
	}
	return n, nil
}
