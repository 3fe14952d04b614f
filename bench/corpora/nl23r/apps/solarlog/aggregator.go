package solarlog

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"example.com/corpus/trial-nl23r/internal/fanout"
)

type options struct {
	loc      *time.Location
	maxGap   time.Duration
	maxTemp  float64
	loader   CalibrationLoader
	prefetch bool
}

// Option configures an Aggregator.
type Option func(*options)

// WithLocation sets the site's time zone, which defines day boundaries.
func WithLocation(loc *time.Location) Option { return func(o *options) { o.loc = loc } }

// WithMaxGap sets the longest sampling gap that is still integrated.
func WithMaxGap(d time.Duration) Option { return func(o *options) { o.maxGap = d } }

// WithMaxTemp sets the panel temperature that counts as a fault.
func WithMaxTemp(c float64) Option { return func(o *options) { o.maxTemp = c } }

// WithCalibration loads the power calibration with fn. The calibration
// is fetched in the background as soon as the Aggregator is created.
func WithCalibration(fn CalibrationLoader) Option {
	return func(o *options) { o.loader, o.prefetch = fn, true }
}

// Aggregator collects readings from inverter logs.
type Aggregator struct {
	opts     options
	readings []Reading
	rejected int

	lines  int
	faults []Fault

	calOnce sync.Once
	calib   calibration

	publishErr error
}

// New returns an Aggregator.
func New(opts ...Option) *Aggregator {
	o := options{loc: time.UTC, maxGap: 15 * time.Minute, maxTemp: 75}
	for _, opt := range opts {
		opt(&o)
	}
	a := &Aggregator{opts: o}
	if o.prefetch {
		go a.calOnce.Do(a.loadCalibration)
	}
	return a
}

// Ingest parses the given logs concurrently and adds their readings.
func (a *Aggregator) Ingest(ctx context.Context, files []LogFile) error {
	type parsed struct {
		readings []Reading
		bad      int
	}
	results, err := fanout.Map(ctx, files, func(_ context.Context, f LogFile) (parsed, error) {
		rs, bad, err := ParseLog(strings.NewReader(f.Data))
		if err != nil {
			return parsed{}, fmt.Errorf("%s: %w", f.Name, err)
		}
		return parsed{rs, bad}, nil
	})
	if err != nil {
		return err
	}
	for _, r := range results {
		a.readings = append(a.readings, r.readings...)
		a.rejected += r.bad
	}
	return nil
}

// Rejected reports how many log lines could not be parsed.
func (a *Aggregator) Rejected() int { return a.rejected }

// Survey counts the measurement lines in the given logs without parsing
// them, to size a later Ingest.
func (a *Aggregator) Survey(files []LogFile) int {
	a.lines = 0
	wait := fanout.Each(files, func(_ int, f LogFile) {
		a.tally(f.countLines())
	})
	wait()
	return a.lines
}

func (a *Aggregator) tally(n int) {
	a.lines += n // RACY
}

// Days lists the days that have readings, oldest first.
func (a *Aggregator) Days() []time.Time {
	seen := make(map[time.Time]bool)
	for _, r := range a.readings {
		seen[dayOf(r.At, a.opts.loc)] = true
	}
	days := slices.Collect(maps.Keys(seen))
	slices.SortFunc(days, func(x, y time.Time) int { return x.Compare(y) })
	return days
}

func (a *Aggregator) readingsOn(day time.Time) map[string][]Reading {
	var rs []Reading
	for _, r := range a.readings {
		if dayOf(r.At, a.opts.loc).Equal(day) {
			rs = append(rs, r)
		}
	}
	return byPanel(rs)
}

// DailyReport is the production of every panel on one day.
type DailyReport struct {
	Day     time.Time
	Panels  []PanelDay
	TotalWh float64
}

// Report computes the production of every panel on day. The panels are
// integrated concurrently.
func (a *Aggregator) Report(day time.Time) DailyReport {
	cal := a.calibration()
	perPanel := a.readingsOn(day)
	panels := slices.Sorted(maps.Keys(perPanel))
	out := make([]PanelDay, len(panels))
	var wg sync.WaitGroup
	for i, p := range panels {
		wg.Go(func() {
			out[i] = integrate(p, day, perPanel[p], a.opts.maxGap, cal)
		})
	}
	wg.Wait()
	rep := DailyReport{Day: day, Panels: out}
	for _, pd := range out {
		rep.TotalWh += pd.WattHrs
	}
	return rep
}
