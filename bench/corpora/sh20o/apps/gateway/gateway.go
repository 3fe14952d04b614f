package gateway

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"example.com/corpus/trial-sh20o/internal/batch"
	"example.com/corpus/trial-sh20o/internal/loop"
	"example.com/corpus/trial-sh20o/internal/notify"
	"example.com/corpus/trial-sh20o/internal/pool"
)

// Errors returned by the gateway.
var (
	ErrUnknownSensor = errors.New("gateway: unknown sensor")
	ErrDuplicate     = errors.New("gateway: sensor already registered")
)

// Config holds gateway settings. It is fixed once the gateway is built.
type Config struct {
	Window        int
	StaleAfter    time.Duration
	FlushEvery    time.Duration
	UplinkBatch   int
	DecodeWorkers int
	Thresholds    map[string]Threshold
}

// DefaultConfig returns field defaults.
func DefaultConfig() Config {
	return Config{
		Window:        60,
		StaleAfter:    5 * time.Minute,
		FlushEvery:    time.Second,
		UplinkBatch:   100,
		DecodeWorkers: 4,
		Thresholds: map[string]Threshold{
			"temperature": {Min: -20, Max: 60},
			"humidity":    {Min: 0, Max: 100},
			"co2":         {Min: 0, Max: 2000},
		},
	}
}

// Uplink ships readings to the cloud.
type Uplink interface {
	Send(ctx context.Context, readings []Reading) error
}

// Stats counts gateway activity.
type Stats struct {
	Ingested        int `json:"ingested"`
	Rejected        int `json:"rejected"`
	Alerts          int `json:"alerts"`
	AlertsDelivered int `json:"alerts_delivered"`
	AlertsFailed    int `json:"alerts_failed"`
	Forwarded       int `json:"forwarded"`
}

// Option customises a Gateway.
type Option func(*Gateway)

// WithConfig replaces the configuration.
func WithConfig(c Config) Option { return func(g *Gateway) { g.cfg = c } }

// WithStaleAfter sets how long a silent sensor stays healthy.
func WithStaleAfter(d time.Duration) Option { return func(g *Gateway) { g.cfg.StaleAfter = d } }

// WithFlushEvery sets how often buffered readings are forwarded.
func WithFlushEvery(d time.Duration) Option { return func(g *Gateway) { g.cfg.FlushEvery = d } }

// WithUplink forwards readings to u.
func WithUplink(u Uplink) Option { return func(g *Gateway) { g.uplinkTo = u } }

// WithAlertSink sends alerts to sink.
func WithAlertSink(sink AlertSink) Option { return func(g *Gateway) { g.sink = sink } }

// WithEvents publishes alerts on bus.
func WithEvents(bus *notify.Bus[Alert]) Option { return func(g *Gateway) { g.events = bus } }

// Gateway collects readings from registered sensors.
type Gateway struct {
	cfg      Config
	loop     *loop.Loop
	uplinkTo Uplink
	uplink   *batch.Batcher[Reading]
	sink     AlertSink
	events   *notify.Bus[Alert]

	sensors map[string]*sensor
	outbox  []Reading
	stats   Stats
	alertID int
}

// New builds a gateway. Call Start before use.
func New(opts ...Option) *Gateway {
	g := &Gateway{cfg: DefaultConfig(), sensors: make(map[string]*sensor)}
	for _, o := range opts {
		o(g)
	}
	if g.uplinkTo != nil {
		g.uplink = batch.New(g.forward, batch.Size(g.cfg.UplinkBatch), batch.Every(g.cfg.FlushEvery))
	}
	g.loop = loop.New(
		loop.WithName("gateway"),
		loop.WithBuffer(512),
		loop.OnTick("flush", g.cfg.FlushEvery, g.flushOutbox),
	)
	return g
}

// Start begins processing.
func (g *Gateway) Start() { g.loop.Start() }

// Close stops the watchdogs and the loop and drains the uplink.
func (g *Gateway) Close() {
	_ = g.loop.Do(func() {
		for _, s := range g.sensors {
			if s.watchdog != nil {
				s.watchdog.Stop()
			}
		}
		g.flushOutbox()
	})
	g.loop.Stop()
	if g.uplink != nil {
		g.uplink.Close()
	}
}

// Register adds a sensor.
func (g *Gateway) Register(id, kind, unit string) error {
	id = strings.TrimSpace(id)
	if id == "" {
		return fmt.Errorf("%w: empty id", ErrMalformed)
	}
	return g.call(func() error {
		if _, dup := g.sensors[id]; dup {
			return ErrDuplicate
		}
		g.sensors[id] = newSensor(id, kind, unit, g.cfg.Window)
		return nil
	})
}

// Ingest decodes a payload of readings, one per line, and applies them. It
// returns how many readings were accepted.
func (g *Gateway) Ingest(ctx context.Context, payload []byte) (int, error) {
	lines := splitLines(payload)
	if len(lines) == 0 {
		return 0, nil
	}
	now := time.Now()
	chunks := pool.Partition(lines, pool.Workers(g.cfg.DecodeWorkers))
	decoded, err := pool.Map(ctx, g.cfg.DecodeWorkers, chunks, func(_ context.Context, chunk []string) ([]Reading, error) {
		out := make([]Reading, 0, len(chunk))
		for _, line := range chunk {
			if r, err := parseLine(line, now); err == nil {
				out = append(out, r)
			}
		}
		return out, nil
	})
	if err != nil {
		return 0, err
	}
	readings := slices.Concat(decoded...)
	malformed := len(lines) - len(readings)
	return loop.Call(g.loop, func() int {
		g.stats.Rejected += malformed
		accepted := 0
		for _, r := range readings {
			if g.apply(r) {
				accepted++
			}
		}
		return accepted
	})
}

// apply records one reading.
func (g *Gateway) apply(r Reading) bool {
	s, ok := g.sensors[r.Sensor]
	if !ok {
		g.stats.Rejected++
		return false
	}
	r.Value = s.cal.apply(r.Value)
	s.push(r.Value)
	s.last = r
	g.stats.Ingested++
	g.outbox = append(g.outbox, r)
	g.feedWatchdog(s)
	g.evaluate(s, r)
	return true
}

// evaluate raises an alert when a reading leaves the band for its kind.
func (g *Gateway) evaluate(s *sensor, r Reading) {
	band, ok := g.cfg.Thresholds[s.kind]
	if !ok || band.contains(r.Value) {
		s.health = HealthOK
		return
	}
	if s.health != HealthAlarm {
		s.alarms++
		g.raise(s, r, band)
	}
	s.health = HealthAlarm
}

func (g *Gateway) flushOutbox() {
	if len(g.outbox) == 0 {
		return
	}
	if g.uplink != nil {
		for _, r := range g.outbox {
			g.uplink.Add(r)
		}
	}
	g.stats.Forwarded += len(g.outbox)
	g.outbox = g.outbox[:0]
}

func (g *Gateway) forward(readings []Reading) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = g.uplinkTo.Send(ctx, readings)
}

// Snapshot returns a copy of one sensor's state.
func (g *Gateway) Snapshot(id string) (SensorView, error) {
	return loop.Call2(g.loop, func() (SensorView, error) {
		s, ok := g.sensors[id]
		if !ok {
			return SensorView{}, ErrUnknownSensor
		}
		return s.view(), nil
	})
}

// Sensors lists every sensor.
func (g *Gateway) Sensors() ([]SensorView, error) {
	return loop.Call(g.loop, func() []SensorView {
		out := make([]SensorView, 0, len(g.sensors))
		for _, s := range g.sensors {
			out = append(out, s.view())
		}
		slices.SortFunc(out, func(a, b SensorView) int { return strings.Compare(a.ID, b.ID) })
		return out
	})
}

// Health maps sensor ids to their condition.
func (g *Gateway) Health() (map[string]string, error) {
	return loop.Call(g.loop, func() map[string]string {
		out := make(map[string]string, len(g.sensors))
		for id, s := range g.sensors {
			out[id] = s.health.String()
		}
		return out
	})
}

// Stats returns a copy of the counters.
func (g *Gateway) Stats() (Stats, error) {
	return loop.Call(g.loop, func() Stats { return g.stats })
}

// Window returns the sensor's rolling window of calibrated values.
func (g *Gateway) Window(id string) ([]float64, error) {
	return loop.Call2(g.loop, func() ([]float64, error) {
		s, ok := g.sensors[id]
		if !ok {
			return nil, ErrUnknownSensor
		}
		return s.values(), nil
	})
}

// Trend summarises the sensor's rolling window.
func (g *Gateway) Trend(id string) (Summary, error) {
	vals, err := g.Window(id)
	if err != nil {
		return Summary{}, err
	}
	return Summarize(vals), nil
}

// Calibrate moves a sensor's calibration to target in small steps spread
// over the given duration so the reported series has no jump. The returned
// channel is closed when the target is reached.
func (g *Gateway) Calibrate(id string, target Calibration, over time.Duration) (<-chan struct{}, error) {
	s, err := loop.Call2(g.loop, func() (*sensor, error) {
		s, ok := g.sensors[id]
		if !ok {
			return nil, ErrUnknownSensor
		}
		return s, nil
	})
	if err != nil {
		return nil, err
	}
	const steps = 20
	done := make(chan struct{})
	go func() {
		defer close(done)
		rampCalibration(s, target, steps, over/steps)
	}()
	return done, nil
}

func rampCalibration(s *sensor, target Calibration, steps int, pause time.Duration) {
	start := s.cal
	for i := 1; i <= steps; i++ {
		time.Sleep(pause)
		s.cal = start.lerp(target, float64(i)/float64(steps)) // RACY
	}
}

func (g *Gateway) call(fn func() error) error {
	err, callErr := loop.Call(g.loop, fn)
	if callErr != nil {
		return callErr
	}
	return err
}
