package garage

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"
)

type manualClock struct {
	mu  sync.Mutex
	now time.Time
}

func newManualClock() *manualClock {
	return &manualClock{now: time.Date(2024, 5, 4, 8, 0, 0, 0, time.UTC)}
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

type cardGateway struct {
	delay   time.Duration
	decline bool
	mu      sync.Mutex
	seq     int
}

func (g *cardGateway) Authorize(ctx context.Context, ref string, cents int64) (string, error) {
	time.Sleep(g.delay)
	if g.decline {
		return "", errors.New("card declined")
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.seq++
	return fmt.Sprintf("AUTH%04d", g.seq), nil
}

type camera struct {
	delay time.Duration
	class VehicleClass
}

func (c camera) Classify(ctx context.Context, plate string) (VehicleClass, error) {
	time.Sleep(c.delay)
	return c.class, nil
}

type chargers struct {
	delay time.Duration
}

func (p chargers) Reserve(ctx context.Context, spotID string) (string, error) {
	time.Sleep(p.delay)
	return "CP-" + spotID, nil
}

func smallLayout() []LevelLayout {
	return []LevelLayout{
		{Compact: 2, Standard: 3, EVStandard: 1, Oversize: 1},
		{Compact: 1, Standard: 2},
	}
}

func startGarage(t *testing.T, cfg Config) *Client {
	t.Helper()
	eng, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Levels == nil {
		cfg.Levels = smallLayout()
	}
	if cfg.Gateway == nil {
		cfg.Gateway = &cardGateway{}
	}
	c := Start(eng, cfg)
	t.Cleanup(c.Stop)
	return c
}

func waitRevenue(t *testing.T, c *Client, cents int64) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for c.Gauge().RevenueCents < cents {
		if time.Now().After(deadline) {
			t.Fatalf("revenue stuck at %d, want %d", c.Gauge().RevenueCents, cents)
		}
		time.Sleep(time.Millisecond)
	}
}
