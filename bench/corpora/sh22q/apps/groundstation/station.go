package groundstation

import (
	"context"
	"errors"
	"time"

	"example.com/corpus/trial-sh22q/internal/loop"
	"example.com/corpus/trial-sh22q/internal/metrics"
	"example.com/corpus/trial-sh22q/internal/workpool"
)

// Config holds station settings fixed at start-up.
type Config struct {
	Name   string
	Limits Limits
	// RateEvery is how often the downlink rate is recomputed. Zero
	// disables the sampler.
	RateEvery time.Duration
	// UplinkGap is the pause between uplinked commands.
	UplinkGap time.Duration
	// DecodeWorkers is the number of goroutines used by IngestBatch.
	DecodeWorkers int
}

// ReportSink receives pass reports for the mission planning system.
type ReportSink interface {
	PassComplete(PassReport)
}

// AnomalySink is told about each new anomaly.
type AnomalySink interface {
	Raised(Anomaly)
}

// Option customises a Station.
type Option func(*Station)

// WithReportSink sets where pass reports are delivered.
func WithReportSink(r ReportSink) Option { return func(st *Station) { st.reports = r } }

// WithAnomalySink sets who is alerted about anomalies.
func WithAnomalySink(a AnomalySink) Option { return func(st *Station) { st.alerts = a } }

// WithMetrics sets the registry that station counters are exported to.
func WithMetrics(r *metrics.Registry) Option { return func(st *Station) { st.metrics = r } }

// ErrUnknownSat is returned for spacecraft the station has not heard from.
var ErrUnknownSat = errors.New("groundstation: unknown spacecraft")

// Stats are station-wide counters.
type Stats struct {
	FramesOK  int
	FramesBad int
	BytesIn   int
	RateBps   float64
	Passes    int
}

// Station decodes telemetry and tracks the constellation.
type Station struct {
	cfg     Config
	loop    *loop.Loop
	pool    *workpool.Pool
	metrics *metrics.Registry
	reports ReportSink
	alerts  AnomalySink
	now     func() time.Time

	stopRate func()
	unsub    func()

	tracks    map[SatID]*Track
	calib     map[SatID]Calibration
	passes    map[SatID]*Pass
	nextPass  int
	framesOK  int
	framesBad int
	passCount int
	link      linkCounters
}

// New creates a station. Call Start to begin processing.
func New(cfg Config, opts ...Option) *Station {
	if cfg.DecodeWorkers < 1 {
		cfg.DecodeWorkers = 2
	}
	if cfg.UplinkGap <= 0 {
		cfg.UplinkGap = 50 * time.Millisecond
	}
	st := &Station{
		cfg:     cfg,
		pool:    workpool.New(cfg.DecodeWorkers),
		metrics: metrics.NewRegistry("gs_"),
		reports: nopSink{},
		alerts:  nopSink{},
		now:     time.Now,
		tracks:  make(map[SatID]*Track),
		calib:   make(map[SatID]Calibration),
		passes:  make(map[SatID]*Pass),
	}
	for _, opt := range opts {
		opt(st)
	}
	st.loop = loop.New(loop.WithName("station:"+cfg.Name), loop.WithMailboxSize(512))
	return st
}

// Start begins processing telemetry.
func (st *Station) Start() {
	st.loop.Start()
	if st.cfg.RateEvery > 0 {
		st.stopRate = st.loop.OnTick(st.cfg.RateEvery, st.sampleRate)
	}
}

// Close detaches the radio, cancels pass timers and stops the station.
func (st *Station) Close() {
	if st.unsub != nil {
		st.unsub()
	}
	if st.stopRate != nil {
		st.stopRate()
	}
	_ = st.loop.Do(func() {
		for _, p := range st.passes {
			p.timer.Stop()
		}
	})
	st.loop.Stop()
	st.pool.Close()
}

// Config returns the station configuration.
func (st *Station) Config() Config { return st.cfg }

// SetCalibration installs sensor calibration for a spacecraft.
func (st *Station) SetCalibration(sat SatID, c Calibration) error {
	return st.loop.Do(func() { st.calib[sat] = c })
}

// Ingest decodes and applies one raw frame.
func (st *Station) Ingest(raw []byte) error {
	buf := append([]byte(nil), raw...)
	var err error
	if lerr := st.loop.Do(func() { err = st.ingest(buf) }); lerr != nil {
		return lerr
	}
	return err
}

// IngestBatch decodes a recorded pass dump in parallel and applies the
// frames in order. It returns the number of frames that failed to decode.
func (st *Station) IngestBatch(ctx context.Context, raws [][]byte) (int, error) {
	var bad int
	var err error
	lerr := st.loop.Do(func() { bad, err = st.ingestBatch(ctx, raws) })
	if lerr != nil {
		return 0, lerr
	}
	return bad, err
}

// Status returns a copy of one spacecraft's headline numbers.
func (st *Station) Status(sat SatID) (TrackStatus, error) {
	type reply struct {
		s  TrackStatus
		ok bool
	}
	r, err := loop.Call(st.loop, func() reply {
		tr, ok := st.tracks[sat]
		if !ok {
			return reply{}
		}
		return reply{s: tr.status(), ok: true}
	})
	if err != nil {
		return TrackStatus{}, err
	}
	if !r.ok {
		return TrackStatus{}, ErrUnknownSat
	}
	return r.s, nil
}

// Anomalies returns the anomalies raised for a spacecraft.
func (st *Station) Anomalies(sat SatID) ([]Anomaly, error) {
	return loop.Call(st.loop, func() []Anomaly {
		if tr, ok := st.tracks[sat]; ok {
			return tr.Anomalies
		}
		return nil
	})
}

// AnomalyLog returns a copy of the anomalies raised for a spacecraft.
func (st *Station) AnomalyLog(sat SatID) ([]Anomaly, error) {
	return loop.Call(st.loop, func() []Anomaly {
		if tr, ok := st.tracks[sat]; ok {
			return append([]Anomaly(nil), tr.Anomalies...)
		}
		return nil
	})
}

// Ack marks the anomaly at index i as acknowledged by an operator.
func (st *Station) Ack(sat SatID, i int) error {
	var err error
	lerr := st.loop.Do(func() {
		tr, ok := st.tracks[sat]
		if !ok || i < 0 || i >= len(tr.Anomalies) {
			err = ErrUnknownSat
			return
		}
		tr.Anomalies[i].Acked = true
	})
	if lerr != nil {
		return lerr
	}
	return err
}

// Stats returns station-wide counters.
func (st *Station) Stats() (Stats, error) {
	return loop.Call(st.loop, func() Stats {
		return Stats{
			FramesOK:  st.framesOK,
			FramesBad: st.framesBad,
			BytesIn:   st.link.bytesIn,
			RateBps:   st.link.rateBps,
			Passes:    st.passCount,
		}
	})
}

func (st *Station) ingest(raw []byte) error {
	f, err := Decode(raw)
	if err != nil {
		st.framesBad++
		st.metrics.Inc("frames_bad_total")
		return err
	}
	st.apply(calibrate(f, st.calibration(f.Sat)))
	return nil
}

func (st *Station) ingestBatch(ctx context.Context, raws [][]byte) (int, error) {
	type decoded struct {
		r   Reading
		err error
	}
	results, err := workpool.Map(ctx, st.pool, raws, func(raw []byte) decoded {
		f, err := Decode(raw)
		if err != nil {
			return decoded{err: err}
		}
		return decoded{r: calibrate(f, st.calibration(f.Sat))}
	})
	if err != nil {
		return 0, err
	}
	bad := 0
	for _, d := range results {
		if d.err != nil {
			bad++
			st.framesBad++
			continue
		}
		st.apply(d.r)
	}
	return bad, nil
}

func (st *Station) calibration(sat SatID) Calibration {
	if c, ok := st.calib[sat]; ok {
		return c
	}
	return identity
}

func (st *Station) apply(r Reading) {
	tr, ok := st.tracks[r.Sat]
	if !ok {
		tr = &Track{Sat: r.Sat}
		st.tracks[r.Sat] = tr
	}
	for _, a := range tr.observe(r, st.cfg.Limits, st.now()) {
		st.alerts.Raised(a)
		st.metrics.Inc("anomalies_total")
	}
	st.framesOK++
	if p, ok := st.passes[r.Sat]; ok {
		p.record(r)
	}
}

type nopSink struct{}

func (nopSink) PassComplete(PassReport) {}
func (nopSink) Raised(Anomaly)          {}
