package parking

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Reading is a telemetry report from a meter.
type Reading struct {
	Meter   string
	Battery int
	At      time.Time
}

// Radio fetches the readings that arrived since the last poll.
type Radio interface {
	Poll(ctx context.Context) ([]Reading, error)
}

// Gateway polls the meter radio network and hands readings to whoever is
// watching each meter.
type Gateway struct {
	radio Radio
	every time.Duration

	mu       sync.Mutex
	watchers map[string]func(Reading)

	pollErrors atomic.Int64
	cancel     context.CancelFunc
	done       chan struct{}
}

// NewGateway creates a gateway that polls radio every interval.
func NewGateway(radio Radio, every time.Duration) *Gateway {
	return &Gateway{radio: radio, every: every, watchers: make(map[string]func(Reading))}
}

// Watch registers fn for readings from meterID.
func (g *Gateway) Watch(meterID string, fn func(Reading)) (cancel func()) {
	g.mu.Lock()
	g.watchers[meterID] = fn
	g.mu.Unlock()
	return func() {
		g.mu.Lock()
		delete(g.watchers, meterID)
		g.mu.Unlock()
	}
}

// Start begins polling.
func (g *Gateway) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	g.cancel = cancel
	g.done = make(chan struct{})
	go g.pollLoop(ctx)
}

// Stop ends polling and waits for the poller to exit.
func (g *Gateway) Stop() {
	if g.cancel == nil {
		return
	}
	g.cancel()
	<-g.done
}

// PollErrors counts failed polls.
func (g *Gateway) PollErrors() int64 { return g.pollErrors.Load() }

func (g *Gateway) pollLoop(ctx context.Context) {
	defer close(g.done)
	t := time.NewTicker(g.every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			g.pollOnce(ctx)
		}
	}
}

func (g *Gateway) pollOnce(ctx context.Context) {
	readings, err := g.radio.Poll(ctx)
	if err != nil {
		g.pollErrors.Add(1)
		return
	}
	for _, r := range readings {
		if fn := g.watcher(r.Meter); fn != nil {
			fn(r)
		}
	}
}

func (g *Gateway) watcher(meterID string) func(Reading) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.watchers[meterID]
}
