package tripcomp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"gioui.org/app"
	"gioui.org/io/event"
	"gioui.org/op"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"example.com/corpus/trial-fw22q/internal/geo"
	"example.com/corpus/trial-fw22q/internal/metrics"
	"example.com/corpus/trial-fw22q/internal/sensor"
)

// Window is the part of *app.Window the computer needs.
type Window interface {
	Event() event.Event
	Invalidate()
}

// Button is one of the computer's hardware buttons.
type Button int

// Hardware buttons.
const (
	ButtonLap Button = iota
	ButtonPause
	ButtonExport
	ButtonShare
)

// Options configure the computer.
type Options struct {
	AutoPauseAfter time.Duration
	MinSpeed       float64 // m/s below which the rider counts as stopped
	FuelEvery      time.Duration
	HRZones        metrics.Zones
	Export         io.Writer
	Share          func(Summary) error
	Clock          func() time.Time
	Name           string
}

// Option changes one setting.
type Option func(*Options)

// WithAutoPause sets how long the rider must stand still before the timer
// stops.
func WithAutoPause(d time.Duration) Option { return func(o *Options) { o.AutoPauseAfter = d } }

// WithFuelReminder shows an eat/drink reminder every d.
func WithFuelReminder(d time.Duration) Option { return func(o *Options) { o.FuelEvery = d } }

// WithExport sets where GPX exports go.
func WithExport(w io.Writer) Option { return func(o *Options) { o.Export = w } }

// WithShare sets the ride-sharing upload.
func WithShare(fn func(Summary) error) Option { return func(o *Options) { o.Share = fn } }

type eventKind int

const (
	evFuel eventKind = iota
	evExported
	evShared
	evGPSLost
)

type uiEvent struct {
	kind eventKind
	err  error
}

// Computer is the trip computer's UI and ride logic.
type Computer struct {
	opts Options
	win  Window
	th   *material.Theme

	trip        *Trip
	banner      string
	bannerEnd   time.Time
	exporting   bool
	exportDone  int
	exportTotal int
	lastErr     error
	idle        *time.Timer
	fuel        *time.Timer

	fixes   chan geo.Fix
	buttons chan Button
	events  chan uiEvent
	signal  atomic.Int32
	jobs    sync.WaitGroup
	feeds   sync.WaitGroup

	lapBtn, pauseBtn, exportBtn, shareBtn widget.Clickable
}

// New creates a computer that draws into w.
func New(w Window, options ...Option) *Computer {
	opts := Options{
		AutoPauseAfter: 5 * time.Second,
		MinSpeed:       1.0,
		HRZones:        metrics.Zones{120, 140, 155, 170, 185},
		Export:         io.Discard,
		Share:          func(Summary) error { return errors.New("sharing not configured") },
		Clock:          time.Now,
		Name:           "Ride",
	}
	for _, o := range options {
		o(&opts)
	}
	c := &Computer{
		opts:    opts,
		win:     w,
		th:      newTheme(),
		trip:    newTrip(opts.Clock(), opts.MinSpeed),
		fixes:   make(chan geo.Fix, 64),
		buttons: make(chan Button, 8),
		events:  make(chan uiEvent, 8),
	}
	return c
}

func (c *Computer) now() time.Time { return c.opts.Clock() }

// Loop runs the window's event loop until the window is destroyed.
func (c *Computer) Loop() error {
	if c.opts.FuelEvery > 0 {
		c.armFuel()
	}
	var ops op.Ops
	for {
		switch e := c.win.Event().(type) {
		case app.DestroyEvent:
			c.shutdown()
			return e.Err
		case app.FrameEvent:
			gtx := app.NewContext(&ops, e)
			c.update(gtx.Now)
			c.Layout(gtx)
			e.Frame(gtx.Ops)
		}
	}
}

// Wait blocks until exports and uploads have finished.
func (c *Computer) Wait() { c.jobs.Wait() }

func (c *Computer) shutdown() {
	if c.idle != nil {
		c.idle.Stop()
	}
	if c.fuel != nil {
		c.fuel.Stop()
	}
}

// Press is called by the GPIO driver when a hardware button is pressed.
func (c *Computer) Press(b Button) {
	select {
	case c.buttons <- b:
	default:
	}
	c.win.Invalidate()
}

func (c *Computer) post(ev uiEvent) {
	select {
	case c.events <- ev:
	default:
	}
	c.win.Invalidate()
}

// AttachGPS forwards fixes from src until it fails or ctx is done.
func (c *Computer) AttachGPS(ctx context.Context, src FixSource) {
	c.feeds.Add(1)
	go func() {
		defer c.feeds.Done()
		for {
			f, err := src.Next(ctx)
			if err != nil {
				c.signal.Store(0)
				if !errors.Is(err, io.EOF) && ctx.Err() == nil {
					c.post(uiEvent{kind: evGPSLost, err: err})
				}
				return
			}
			select {
			case c.fixes <- f:
			case <-ctx.Done():
				return
			}
			c.signal.Store(signalBars(f.HDOP))
			c.win.Invalidate()
		}
	}()
}

// WaitGPS blocks until the GPS feed goroutine has exited.
func (c *Computer) WaitGPS() { c.feeds.Wait() }

// AttachHeartRate subscribes to a heart-rate strap.
func (c *Computer) AttachHeartRate(s *sensor.Strap) {
	s.Subscribe(func(bpm int) {
		c.trip.addHeartRate(bpm)
	})
}

func (c *Computer) update(now time.Time) {
	for {
		select {
		case f := <-c.fixes:
			c.onFix(f)
			continue
		case b := <-c.buttons:
			c.onButton(b, now)
			continue
		case ev := <-c.events:
			c.onEvent(ev, now)
			continue
		default:
		}
		break
	}
	if c.banner != "" && now.After(c.bannerEnd) {
		c.banner = ""
	}
}

func (c *Computer) onFix(f geo.Fix) {
	v := c.trip.addFix(f)
	if v >= c.opts.MinSpeed && c.opts.AutoPauseAfter > 0 {
		c.armIdle()
	}
}

func (c *Computer) armIdle() {
	if c.idle == nil {
		c.idle = time.AfterFunc(c.opts.AutoPauseAfter, c.autoPause)
		return
	}
	c.idle.Reset(c.opts.AutoPauseAfter)
}

func (c *Computer) autoPause() {
	c.trip.autoPause(c.now())
	c.win.Invalidate()
}

func (c *Computer) armFuel() {
	c.fuel = time.AfterFunc(c.opts.FuelEvery, func() {
		c.post(uiEvent{kind: evFuel})
	})
}

func (c *Computer) onButton(b Button, now time.Time) {
	switch b {
	case ButtonLap:
		l := c.trip.closeLap(now)
		c.flash(fmt.Sprintf("LAP %d  %s  %s", l.N, formatKm(l.Distance), formatClock(l.Moving)), now)
	case ButtonPause:
		if c.trip.state == riding {
			c.trip.pause(now)
		} else {
			c.trip.resume()
		}
	case ButtonExport:
		c.startExport()
	case ButtonShare:
		c.startShare(now)
	}
}

func (c *Computer) onEvent(ev uiEvent, now time.Time) {
	switch ev.kind {
	case evFuel:
		c.flash("EAT & DRINK", now)
		c.armFuel()
	case evExported:
		c.exporting = false
		c.lastErr = ev.err
		if ev.err == nil {
			c.flash("GPX SAVED", now)
		} else {
			c.flash("EXPORT FAILED", now)
		}
	case evShared:
		c.lastErr = ev.err
		if ev.err == nil {
			c.flash("RIDE SHARED", now)
		} else {
			c.flash("SHARE FAILED", now)
		}
	case evGPSLost:
		c.lastErr = ev.err
		c.flash("GPS LOST", now)
	}
}

func (c *Computer) flash(text string, now time.Time) {
	c.banner = text
	c.bannerEnd = now.Add(3 * time.Second)
}

func (c *Computer) startExport() {
	if c.exporting {
		return
	}
	c.exporting = true
	pts := slices.Clone(c.trip.points)
	c.exportDone, c.exportTotal = 0, len(pts)
	c.jobs.Add(1)
	go func() {
		defer c.jobs.Done()
		err := writeGPX(c.opts.Export, c.opts.Name, pts, func(done int) {
			c.exportDone = done // RACY
		})
		c.post(uiEvent{kind: evExported, err: err})
	}()
}

func (c *Computer) startShare(now time.Time) {
	sum := c.trip.summary(now)
	share := c.opts.Share
	c.jobs.Add(1)
	go func() {
		defer c.jobs.Done()
		err := share(sum)
		c.post(uiEvent{kind: evShared, err: err})
	}()
}
