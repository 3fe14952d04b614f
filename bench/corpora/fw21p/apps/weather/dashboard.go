// Package weather is a desktop weather dashboard built with Gio. It shows
// the current conditions for a list of cities, a temperature sparkline per
// city and exposes a small status endpoint for wall-mounted kiosks.
package weather

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"gioui.org/app"
	"gioui.org/font/gofont"
	"gioui.org/io/event"
	"gioui.org/op"
	"gioui.org/text"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"example.com/corpus/trial-fw21p/internal/series"
)

// Reading is the current weather in one city.
type Reading struct {
	City       string
	TempC      float64
	FeelsC     float64
	Humidity   int
	WindKPH    float64
	Condition  string
	ObservedAt time.Time
}

// Provider fetches weather data.
type Provider interface {
	Current(ctx context.Context, city string) (Reading, error)
	// History returns hourly temperatures observed in [from, to).
	History(ctx context.Context, city string, from, to time.Time) ([]series.Point, error)
}

// Window is the part of *app.Window the dashboard needs.
type Window interface {
	Event() event.Event
	Invalidate()
}

var _ Window = (*app.Window)(nil)

// ErrNoCities is returned by New when no city is configured.
var ErrNoCities = errors.New("weather: no cities configured")

// Option configures a Dashboard.
type Option func(*Dashboard)

// WithStaleAfter sets how old data may get before it is flagged.
func WithStaleAfter(d time.Duration) Option { return func(db *Dashboard) { db.staleAfter = d } }

// WithUnits selects the display units.
func WithUnits(u Units) Option { return func(db *Dashboard) { db.units = u } }

// WithHistoryHours sets how much history a backfill requests.
func WithHistoryHours(h int) Option { return func(db *Dashboard) { db.historyHours = h } }

// WithStaleCheck sets how often the staleness watchdog wakes up.
func WithStaleCheck(d time.Duration) Option { return func(db *Dashboard) { db.staleCheck = d } }

// WithParallelism limits concurrent provider requests during a refresh.
func WithParallelism(n int) Option { return func(db *Dashboard) { db.parallel = n } }

// update is the result of fetching one city.
type update struct {
	city    string
	reading Reading
	err     error
}

// Dashboard is the weather dashboard window.
type Dashboard struct {
	provider     Provider
	cities       []string
	theme        *material.Theme
	units        Units
	staleAfter   time.Duration
	staleCheck   time.Duration
	historyHours int
	parallel     int

	readings   map[string]Reading
	trends     map[string]*series.Trend
	failures   map[string]string
	selected   int
	stale      bool
	lastUpdate time.Time
	inflight   int
	pending    []func()

	refreshBtn  widget.Clickable
	unitsBtn    widget.Clickable
	backfillBtn widget.Clickable
	cityBtns    []widget.Clickable

	window    Window
	ctx       context.Context
	cancel    context.CancelFunc
	wg        sync.WaitGroup
	updates   chan update
	snapshots chan chan []Reading
	deadlines chan time.Time
	fetches   atomic.Int64
	log       *EventLog
}

// New returns a dashboard for cities.
func New(p Provider, cities []string, opts ...Option) (*Dashboard, error) {
	if len(cities) == 0 {
		return nil, ErrNoCities
	}
	th := material.NewTheme()
	th.Shaper = text.NewShaper(text.WithCollection(gofont.Collection()))
	ctx, cancel := context.WithCancel(context.Background())
	d := &Dashboard{
		provider:     p,
		cities:       append([]string(nil), cities...),
		theme:        th,
		staleAfter:   10 * time.Minute,
		staleCheck:   time.Second,
		historyHours: 24,
		parallel:     4,
		readings:     make(map[string]Reading),
		trends:       make(map[string]*series.Trend),
		failures:     make(map[string]string),
		cityBtns:     make([]widget.Clickable, len(cities)),
		ctx:          ctx,
		cancel:       cancel,
		updates:      make(chan update, len(cities)),
		snapshots:    make(chan chan []Reading, 4),
		deadlines:    make(chan time.Time, 1),
		log:          NewEventLog(50),
	}
	for _, opt := range opts {
		opt(d)
	}
	return d, nil
}

// Run processes window events until the window is destroyed.
func (d *Dashboard) Run(w Window) error {
	d.window = w
	d.wg.Add(1)
	go func() {
		defer d.wg.Done()
		d.watchStaleness(d.ctx)
	}()
	var ops op.Ops
	for {
		switch e := w.Event().(type) {
		case app.DestroyEvent:
			d.shutdown()
			return e.Err
		case app.FrameEvent:
			gtx := app.NewContext(&ops, e)
			applied := d.drain(gtx.Now)
			d.handleInput(gtx)
			d.Layout(gtx)
			e.Frame(gtx.Ops)
			d.afterFrame(gtx.Now, applied)
		}
	}
}

func (d *Dashboard) shutdown() {
	d.cancel()
	d.wg.Wait()
}

// drain applies results delivered by background work since the last frame
// and reports whether any reading changed.
func (d *Dashboard) drain(now time.Time) bool {
	applied := false
	for {
		select {
		case u := <-d.updates:
			d.apply(u, now)
			applied = true
		case reply := <-d.snapshots:
			reply <- d.snapshot()
		default:
			return applied
		}
	}
}

// later queues work to start once the current frame has been presented, so
// the frame that shows the spinner is not delayed by it.
func (d *Dashboard) later(f func()) {
	d.pending = append(d.pending, f)
}

func (d *Dashboard) afterFrame(now time.Time, applied bool) {
	pending := d.pending
	d.pending = nil
	for _, f := range pending {
		f()
	}
	if applied {
		d.armStaleness(now)
	}
}

func (d *Dashboard) apply(u update, now time.Time) {
	d.inflight--
	if u.err != nil {
		d.failures[u.city] = u.err.Error()
		d.log.Add(now, u.city+": "+u.err.Error())
		return
	}
	delete(d.failures, u.city)
	d.readings[u.city] = u.reading
	d.trendFor(u.city).Add(series.Point{At: u.reading.ObservedAt, Value: u.reading.TempC})
	d.lastUpdate = now
	d.stale = false
}

func (d *Dashboard) trendFor(city string) *series.Trend {
	t, ok := d.trends[city]
	if !ok {
		t = series.NewTrend(48)
		d.trends[city] = t
	}
	return t
}

// snapshot copies the current readings in display order.
func (d *Dashboard) snapshot() []Reading {
	out := make([]Reading, 0, len(d.readings))
	for _, c := range d.cities {
		if r, ok := d.readings[c]; ok {
			out = append(out, r)
		}
	}
	return out
}

func (d *Dashboard) selectedCity() string {
	return d.cities[d.selected]
}

// Readings returns a copy of the readings in display order.
func (d *Dashboard) Readings() []Reading { return d.snapshot() }

// Trend returns the temperature values recorded for city.
func (d *Dashboard) Trend(city string) []float64 {
	if t, ok := d.trends[city]; ok {
		return t.Values()
	}
	return nil
}

// Fetches returns the number of provider requests made so far.
func (d *Dashboard) Fetches() int64 { return d.fetches.Load() }

// Log returns the dashboard's event log.
func (d *Dashboard) Log() *EventLog { return d.log }
