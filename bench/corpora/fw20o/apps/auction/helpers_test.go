package auction

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"example.com/corpus/trial-fw20o/apps/auction/feed"
)

type bureau struct {
	delay  time.Duration
	limits map[string]int64
}

func (b bureau) Limit(ctx context.Context, id string) (int64, error) {
	time.Sleep(b.delay)
	l, ok := b.limits[id]
	if !ok {
		return 0, fmt.Errorf("no file for %s", id)
	}
	return l, nil
}

type cardHolds struct {
	mu   sync.Mutex
	seq  int
	fail bool
}

func (c *cardHolds) Hold(ctx context.Context, id string, cents int64) (string, error) {
	time.Sleep(time.Millisecond)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fail {
		return "", fmt.Errorf("card declined")
	}
	c.seq++
	return fmt.Sprintf("HOLD-%d", c.seq), nil
}

func startHouse(t *testing.T, cfg Config) *Client {
	t.Helper()
	sys := actor.NewActorSystem(actor.WithLoggerFactory(func(*actor.ActorSystem) *slog.Logger {
		return slog.New(slog.DiscardHandler)
	}))
	c := Start(sys, cfg)
	t.Cleanup(func() {
		c.Stop()
		if cfg.Feed != nil {
			cfg.Feed.Close()
		}
		sys.Shutdown()
	})
	return c
}

func approved() []Bidder {
	return []Bidder{
		{ID: "ann", Name: "Ann Arbor", CreditLimit: 10_000},
		{ID: "bob", Name: "Bob Brown", CreditLimit: 500},
	}
}

func vase(d time.Duration) OpenLot {
	return OpenLot{ID: "lot-7", Title: "Ming vase", Start: 100, Reserve: 250, Increment: 10, Duration: d}
}

func waitUpdate(t *testing.T, ch <-chan feed.Update) feed.Update {
	t.Helper()
	select {
	case u, ok := <-ch:
		if !ok {
			t.Fatal("feed closed")
		}
		return u
	case <-time.After(2 * time.Second):
		t.Fatal("no feed update")
	}
	return feed.Update{}
}
