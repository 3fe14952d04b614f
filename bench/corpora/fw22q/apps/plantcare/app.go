package plantcare

import (
	"fmt"
	"io"
	"sort"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"example.com/corpus/trial-fw22q/internal/schedule"
	"example.com/corpus/trial-fw22q/internal/sensor"
)

// Options tune the scheduler.
type Options struct {
	Clock       func() time.Time
	Quiet       schedule.Window
	PlanHorizon time.Duration
	Export      io.Writer
	Reminders   bool
}

// Option changes one setting.
type Option func(*Options)

// WithClock replaces time.Now.
func WithClock(now func() time.Time) Option { return func(o *Options) { o.Clock = now } }

// WithQuietHours keeps pump runs out of the given daily window.
func WithQuietHours(w schedule.Window) Option { return func(o *Options) { o.Quiet = w } }

// WithExport sets where "Export plan" writes its CSV.
func WithExport(w io.Writer) Option { return func(o *Options) { o.Export = w } }

// WithReminders turns desktop notifications for due plants on or off.
func WithReminders(on bool) Option { return func(o *Options) { o.Reminders = on } }

// Event is an entry in the watering log.
type Event struct {
	At    time.Time
	Plant string
	ML    int
	Err   error
}

// Climate is the latest balcony climate reading.
type Climate struct {
	TempC    float64
	Humidity float64
	At       time.Time
}

// Scheduler is the main window's controller.
type Scheduler struct {
	app  fyne.App
	pump Pump
	opts Options

	plants    []*Plant
	selected  int
	history   []Event
	alerts    alertTray
	climate   Climate
	reminders map[string]*time.Timer
	busy      map[int]bool
	jobs      sync.WaitGroup

	list        *widget.List
	detail      *widget.Label
	status      *widget.Label
	badge       *widget.Label
	climateLbl  *widget.Label
	waterBtn    *widget.Button
	waterDueBtn *widget.Button
	exportBtn   *widget.Button
	refreshBtn  *widget.Button
	content     fyne.CanvasObject
}

// New builds the scheduler for the given plants. Plants are sorted by zone.
func New(a fyne.App, pump Pump, plants []*Plant, options ...Option) *Scheduler {
	opts := Options{Clock: time.Now, PlanHorizon: 7 * 24 * time.Hour, Export: io.Discard, Reminders: true}
	for _, o := range options {
		o(&opts)
	}
	sorted := append([]*Plant(nil), plants...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Zone < sorted[j].Zone })
	s := &Scheduler{
		app:       a,
		pump:      pump,
		opts:      opts,
		plants:    sorted,
		selected:  -1,
		reminders: make(map[string]*time.Timer),
		busy:      make(map[int]bool),
	}
	s.content = s.buildUI()
	s.refresh()
	return s
}

// Start arms the watering reminders; call it once the window is shown.
func (s *Scheduler) Start() {
	if s.opts.Reminders {
		s.armReminders()
	}
}

// Content is the window content.
func (s *Scheduler) Content() fyne.CanvasObject { return s.content }

// Wait blocks until background pump and export jobs have finished.
func (s *Scheduler) Wait() { s.jobs.Wait() }

// Close cancels reminders and waits for background jobs.
func (s *Scheduler) Close() {
	for id, t := range s.reminders {
		t.Stop()
		delete(s.reminders, id)
	}
	s.jobs.Wait()
}

func (s *Scheduler) now() time.Time { return s.opts.Clock() }

func (s *Scheduler) selectedPlant() *Plant {
	if s.selected < 0 || s.selected >= len(s.plants) {
		return nil
	}
	return s.plants[s.selected]
}

func (s *Scheduler) plantForZone(zone int) *Plant {
	for _, p := range s.plants {
		if p.Zone == zone {
			return p
		}
	}
	return nil
}

func (s *Scheduler) setStatus(text string) {
	s.status.SetText(text)
}

func (s *Scheduler) logEvent(e Event) {
	s.history = append(s.history, e)
	if len(s.history) > 200 {
		s.history = s.history[len(s.history)-200:]
	}
}

// History returns the watering log, newest last.
func (s *Scheduler) History() []Event {
	return append([]Event(nil), s.history...)
}

func (s *Scheduler) armReminders() {
	now := s.now()
	for _, p := range s.plants {
		s.armReminder(p, now)
	}
}

func (s *Scheduler) armReminder(p *Plant, now time.Time) {
	if t, ok := s.reminders[p.ID]; ok {
		t.Stop()
	}
	if p.Paused {
		delete(s.reminders, p.ID)
		return
	}
	wait := max(p.NextDue().Sub(now), 0)
	s.reminders[p.ID] = time.AfterFunc(wait, func() {
		s.remind(p)
	})
}

func (s *Scheduler) remind(p *Plant) {
	s.app.SendNotification(fyne.NewNotification("Time to water", fmt.Sprintf("%s (zone %d) is due", p.Name, p.Zone)))
	s.alerts.add()
}

// AttachMoistureProbe feeds soil moisture readings from the hub; the
// poller's channels are the zone numbers.
func (s *Scheduler) AttachMoistureProbe(p *sensor.Poller) error {
	return p.Start(func(r sensor.Reading) {
		if pl := s.plantForZone(r.Channel); pl != nil {
			pl.applyReading(r.Value)
		}
	})
}

// AttachClimateProbe feeds the balcony climate probe (channel 0 is the
// temperature, channel 1 the relative humidity).
func (s *Scheduler) AttachClimateProbe(p *sensor.Poller) error {
	return p.Start(func(r sensor.Reading) {
		fyne.Do(func() {
			s.applyClimate(r)
		})
	})
}

func (s *Scheduler) applyClimate(r sensor.Reading) {
	switch r.Channel {
	case 0:
		s.climate.TempC = r.Value
	case 1:
		s.climate.Humidity = r.Value
	}
	s.climate.At = r.At
	s.climateLbl.SetText(fmt.Sprintf("Balcony %.1f°C, %.0f%% RH", s.climate.TempC, s.climate.Humidity))
}
