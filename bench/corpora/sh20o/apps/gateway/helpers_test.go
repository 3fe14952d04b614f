package gateway

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

func newTestGateway(t *testing.T, opts ...Option) *Gateway {
	t.Helper()
	g := New(opts...)
	g.Start()
	t.Cleanup(g.Close)
	return g
}

func mustRegister(t *testing.T, g *Gateway, id, kind string) {
	t.Helper()
	if err := g.Register(id, kind, unitFor(kind)); err != nil {
		t.Fatalf("register %s: %v", id, err)
	}
}

func unitFor(kind string) string {
	switch kind {
	case "temperature":
		return "°C"
	case "humidity":
		return "%"
	}
	return "ppm"
}

func payload(lines ...string) []byte {
	return []byte(strings.Join(lines, "\n"))
}

func ingestValue(g *Gateway, id string, v float64) error {
	_, err := g.Ingest(context.Background(), payload(fmt.Sprintf("%s,%g", id, v)))
	return err
}

// recordingUplink remembers everything it was sent.
type recordingUplink struct {
	mu       sync.Mutex
	readings []Reading
	batches  int
}

func (u *recordingUplink) Send(_ context.Context, rs []Reading) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.readings = append(u.readings, rs...)
	u.batches++
	return nil
}

func (u *recordingUplink) count() int {
	u.mu.Lock()
	defer u.mu.Unlock()
	return len(u.readings)
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
