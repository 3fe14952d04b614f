// Package parking runs a city's network of on-street parking meters:
// sessions, payments, tariffs per zone, expiry with a grace period and
// enforcement, and meter health from radio telemetry.
package parking

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"time"

	"example.com/corpus/trial-sh21p/internal/events"
	"example.com/corpus/trial-sh21p/internal/pool"
)

// Bus topics on which the network publishes.
const (
	TopicExpired    = "parking.session.expired"
	TopicWarden     = "parking.warden.dispatch"
	TopicLowBattery = "parking.meter.low-battery"
)

var (
	ErrStopped       = errors.New("parking: network stopped")
	ErrUnknownZone   = errors.New("parking: unknown zone")
	ErrUnknownMeter  = errors.New("parking: unknown meter")
	ErrMeterBusy     = errors.New("parking: meter already has a session")
	ErrNoSession     = errors.New("parking: no active session")
	ErrDuplicateName = errors.New("parking: already registered")
)

// Notifier tells drivers about their sessions, for example by SMS.
type Notifier interface {
	Notify(plate, text string) error
}

// Config holds network settings.
type Config struct {
	SweepEvery time.Duration
	Grace      time.Duration
	LowBattery int
	Workers    int
}

// Option adjusts the Config.
type Option func(*Config)

func WithSweepEvery(d time.Duration) Option { return func(c *Config) { c.SweepEvery = d } }
func WithGrace(d time.Duration) Option      { return func(c *Config) { c.Grace = d } }
func WithLowBattery(pct int) Option         { return func(c *Config) { c.LowBattery = pct } }

// Zone is an area with a common tariff.
type Zone struct {
	Name   string
	tariff *Tariff
}

// Network manages a city's zones, meters and parking sessions.
type Network struct {
	cfg      Config
	bus      *events.Bus
	gw       *Gateway
	notifier Notifier
	workers  *pool.Pool
	now      func() time.Time

	ops  chan func()
	quit chan struct{}
	done chan struct{}

	zones     map[string]*Zone
	meters    map[string]*Meter
	sessions  map[string]*Session
	revenue   map[string]int64
	citations []Citation
	nextID    int
}

// New creates a network. Alerts are published on bus, meter telemetry
// comes from gw and drivers are notified through notifier.
func New(bus *events.Bus, gw *Gateway, notifier Notifier, opts ...Option) *Network {
	cfg := Config{
		SweepEvery: 30 * time.Second,
		Grace:      10 * time.Minute,
		LowBattery: 15,
		Workers:    2,
	}
	for _, opt := range opts {
		opt(&cfg)
	}
	return &Network{
		cfg:      cfg,
		bus:      bus,
		gw:       gw,
		notifier: notifier,
		workers:  pool.New(cfg.Workers),
		now:      time.Now,
		ops:      make(chan func(), 32),
		quit:     make(chan struct{}),
		done:     make(chan struct{}),
		zones:    make(map[string]*Zone),
		meters:   make(map[string]*Meter),
		sessions: make(map[string]*Session),
		revenue:  make(map[string]int64),
	}
}

// Start runs the network loop.
func (n *Network) Start() { go n.run() }

// Stop ends the loop and waits for pending notifications.
func (n *Network) Stop() {
	select {
	case <-n.quit:
	default:
		close(n.quit)
	}
	<-n.done
	n.workers.Close()
}

func (n *Network) run() {
	defer close(n.done)
	t := time.NewTicker(n.cfg.SweepEvery)
	defer t.Stop()
	for {
		select {
		case fn := <-n.ops:
			fn()
		case now := <-t.C:
			n.sweep(now)
		case <-n.quit:
			n.shutdown()
			return
		}
	}
}

func (n *Network) shutdown() {
	for _, s := range n.sessions {
		if s.grace != nil {
			s.grace.Stop()
		}
	}
	for _, m := range n.meters {
		if m.unwatch != nil {
			m.unwatch()
		}
	}
}

// exec queues fn on the loop without waiting.
func (n *Network) exec(fn func()) bool {
	select {
	case n.ops <- fn:
		return true
	case <-n.done:
		return false
	}
}

// query runs fn on the loop and waits for it.
func (n *Network) query(fn func()) error {
	finished := make(chan struct{})
	if !n.exec(func() { fn(); close(finished) }) {
		return ErrStopped
	}
	select {
	case <-finished:
		return nil
	case <-n.done:
		return ErrStopped
	}
}

// AddZone creates a zone charging t.
func (n *Network) AddZone(name string, t Tariff) error {
	if err := t.Validate(); err != nil {
		return err
	}
	var err error
	qerr := n.query(func() {
		if _, ok := n.zones[name]; ok {
			err = ErrDuplicateName
			return
		}
		n.zones[name] = &Zone{Name: name, tariff: &t}
	})
	return errors.Join(qerr, err)
}

// AttachTariff makes zone charge according to t from now on.
func (n *Network) AttachTariff(zone string, t *Tariff) error {
	if err := t.Validate(); err != nil {
		return err
	}
	var err error
	qerr := n.query(func() {
		z, ok := n.zones[zone]
		if !ok {
			err = ErrUnknownZone
			return
		}
		z.tariff = t
	})
	return errors.Join(qerr, err)
}

// ZoneTariff returns a copy of the tariff in force in zone.
func (n *Network) ZoneTariff(zone string) (Tariff, error) {
	var t Tariff
	var err error
	qerr := n.query(func() {
		z, ok := n.zones[zone]
		if !ok {
			err = ErrUnknownZone
			return
		}
		t = *z.tariff
	})
	return t, errors.Join(qerr, err)
}

// RegisterMeter adds a meter to zone and starts watching its telemetry.
func (n *Network) RegisterMeter(id, zone string) error {
	var err error
	qerr := n.query(func() {
		if _, ok := n.zones[zone]; !ok {
			err = ErrUnknownZone
			return
		}
		if _, ok := n.meters[id]; ok {
			err = ErrDuplicateName
			return
		}
		m := &Meter{ID: id, Zone: zone}
		if n.gw != nil {
			m.unwatch = n.gw.Watch(id, func(r Reading) { m.observe(r) })
		}
		n.meters[id] = m
	})
	return errors.Join(qerr, err)
}

// StartSession begins paid parking at a meter.
func (n *Network) StartSession(meterID, plate string, paid time.Duration) (string, error) {
	var id string
	var err error
	qerr := n.query(func() { id, err = n.startSession(meterID, plate, paid) })
	return id, errors.Join(qerr, err)
}

// Extend adds paid time to the session at a meter.
func (n *Network) Extend(meterID string, d time.Duration) error {
	var err error
	qerr := n.query(func() {
		s, ok := n.sessions[meterID]
		if !ok {
			err = ErrNoSession
			return
		}
		extendSession(s, d)
		n.meters[meterID].Status = StatusPaid
		if s.expired && n.now().Before(s.expiresAt()) {
			s.expired = false
			if s.grace != nil {
				s.grace.Stop()
			}
		}
	})
	return errors.Join(qerr, err)
}

// EndSession closes the session at a meter, books the revenue and sends
// the driver a receipt.
func (n *Network) EndSession(meterID string) (Receipt, error) {
	var r Receipt
	var err error
	qerr := n.query(func() { r, err = n.endSession(meterID) })
	return r, errors.Join(qerr, err)
}

// Meter returns a copy of a meter's state.
func (n *Network) Meter(id string) (MeterView, error) {
	var v MeterView
	var err error
	qerr := n.query(func() {
		m, ok := n.meters[id]
		if !ok {
			err = ErrUnknownMeter
			return
		}
		v = MeterView{ID: m.ID, Zone: m.Zone, Status: m.Status.String(), Battery: m.Battery}
		if s, ok := n.sessions[id]; ok {
			v.Plate = s.Plate
			v.PaidMinutes = int(s.Paid / time.Minute)
			v.OwedCents = s.Owed
		}
	})
	return v, errors.Join(qerr, err)
}

// Revenue returns booked revenue per zone in cents.
func (n *Network) Revenue() (map[string]int64, error) {
	var out map[string]int64
	err := n.query(func() { out = maps.Clone(n.revenue) })
	return out, err
}

// Citations returns the citations issued so far.
func (n *Network) Citations() ([]Citation, error) {
	var out []Citation
	err := n.query(func() { out = slices.Clone(n.citations) })
	return out, err
}

// activeSession returns the session at a meter.
func (n *Network) activeSession(meterID string) (*Session, error) {
	var s *Session
	qerr := n.query(func() { s = n.sessions[meterID] })
	if qerr != nil {
		return nil, qerr
	}
	if s == nil {
		return nil, ErrNoSession
	}
	return s, nil
}

func (n *Network) startSession(meterID, plate string, paid time.Duration) (string, error) {
	m, ok := n.meters[meterID]
	if !ok {
		return "", ErrUnknownMeter
	}
	if _, busy := n.sessions[meterID]; busy {
		return "", ErrMeterBusy
	}
	if plate == "" || paid <= 0 {
		return "", fmt.Errorf("parking: session needs a plate and paid time")
	}
	n.nextID++
	s := &Session{
		ID:    "S" + strconv.Itoa(n.nextID),
		Meter: meterID,
		Plate: plate,
		Start: n.now(),
		Paid:  paid,
	}
	n.sessions[meterID] = s
	m.Status = StatusPaid
	m.wardenCalled = false
	return s.ID, nil
}

func (n *Network) endSession(meterID string) (Receipt, error) {
	s, ok := n.sessions[meterID]
	if !ok {
		return Receipt{}, ErrNoSession
	}
	m := n.meters[meterID]
	z := n.zones[m.Zone]
	if s.grace != nil {
		s.grace.Stop()
	}
	parked := n.now().Sub(s.Start)
	r := Receipt{Session: s.ID, Plate: s.Plate, Zone: z.Name, Parked: parked, Cents: z.tariff.Charge(parked)}
	n.revenue[z.Name] += r.Cents
	delete(n.sessions, meterID)
	m.Status = StatusFree
	n.sendReceipt(r)
	return r, nil
}

func (n *Network) sendReceipt(r Receipt) {
	if n.notifier == nil {
		return
	}
	_ = n.workers.Submit(func() {
		_ = n.notifier.Notify(r.Plate, r.String())
	})
}
