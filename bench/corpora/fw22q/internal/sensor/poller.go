// Package sensor talks to the small hardware probes used by the apps: soil
// moisture and climate probes on an I2C hub, and a heart-rate strap.
package sensor

import (
	"context"
	"errors"
	"sync"
	"time"
)

// Reading is one sample from one probe channel.
type Reading struct {
	Channel int
	Value   float64
	At      time.Time
}

// Probe reads a single channel of a sensor hub.
type Probe interface {
	Read(ctx context.Context, channel int) (float64, error)
}

// Poller samples a set of channels on a fixed interval.
type Poller struct {
	probe    Probe
	channels []int
	every    time.Duration
	onError  func(channel int, err error)

	mu      sync.Mutex
	cancel  context.CancelFunc
	done    chan struct{}
	running bool
}

// ErrRunning is returned by Start when the poller is already running.
var ErrRunning = errors.New("sensor: poller already running")

// NewPoller creates a poller for the given channels.
func NewPoller(p Probe, every time.Duration, channels ...int) *Poller {
	return &Poller{probe: p, channels: append([]int(nil), channels...), every: every}
}

// OnError installs a callback for failed reads. It must be set before Start.
func (p *Poller) OnError(fn func(channel int, err error)) {
	p.onError = fn
}

// Start begins polling; handle is called on the poller's goroutine for
// every successful reading.
func (p *Poller) Start(handle func(Reading)) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.running {
		return ErrRunning
	}
	ctx, cancel := context.WithCancel(context.Background())
	p.cancel, p.done, p.running = cancel, make(chan struct{}), true
	go p.loop(ctx, handle, p.done)
	return nil
}

// Stop ends polling and waits for the last handler call to return.
func (p *Poller) Stop() {
	p.mu.Lock()
	if !p.running {
		p.mu.Unlock()
		return
	}
	cancel, done := p.cancel, p.done
	p.running = false
	p.mu.Unlock()
	cancel()
	<-done
}

func (p *Poller) loop(ctx context.Context, handle func(Reading), done chan struct{}) {
	defer close(done)
	t := time.NewTicker(p.every)
	defer t.Stop()
	for {
		p.sample(ctx, handle)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (p *Poller) sample(ctx context.Context, handle func(Reading)) {
	for _, ch := range p.channels {
		v, err := p.probe.Read(ctx, ch)
		if err != nil {
			if p.onError != nil && ctx.Err() == nil {
				p.onError(ch, err)
			}
			continue
		}
		handle(Reading{Channel: ch, Value: v, At: time.Now()})
	}
}

// Script is a Probe that plays back recorded values per channel, holding the
// last value once a channel's recording runs out.
type Script struct {
	mu     sync.Mutex
	values map[int][]float64
	pos    map[int]int
}

// NewScript creates a scripted probe.
func NewScript(values map[int][]float64) *Script {
	return &Script{values: values, pos: make(map[int]int)}
}

// Read returns the channel's next recorded value.
func (s *Script) Read(ctx context.Context, channel int) (float64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	vals := s.values[channel]
	if len(vals) == 0 {
		return 0, errors.New("sensor: no such channel")
	}
	i := s.pos[channel]
	if i < len(vals)-1 {
		s.pos[channel] = i + 1
	}
	return vals[i], nil
}
