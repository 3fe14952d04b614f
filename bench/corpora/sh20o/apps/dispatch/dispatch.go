// Package dispatch matches ride requests to nearby drivers.
package dispatch

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"example.com/corpus/trial-sh20o/internal/loop"
	"example.com/corpus/trial-sh20o/internal/notify"
)

// Errors returned by the dispatcher.
var (
	ErrUnknownDriver = errors.New("dispatch: unknown driver")
	ErrUnknownRide   = errors.New("dispatch: unknown ride")
	ErrNoOffer       = errors.New("dispatch: no matching offer")
	ErrBadRequest    = errors.New("dispatch: invalid request")
	ErrDriverBusy    = errors.New("dispatch: driver is busy")
)

// Config tunes matching behaviour.
type Config struct {
	OfferTimeout    time.Duration
	DeclineCooldown time.Duration
	MaxPickupKm     float64
	MaxAttempts     int
	RematchEvery    time.Duration
	ETAWorkers      int
	AvgSpeedKmh     float64
	Pricing         Pricing
}

// DefaultConfig returns production defaults.
func DefaultConfig() Config {
	return Config{
		OfferTimeout:    15 * time.Second,
		DeclineCooldown: 30 * time.Second,
		MaxPickupKm:     6,
		MaxAttempts:     5,
		RematchEvery:    2 * time.Second,
		ETAWorkers:      4,
		AvgSpeedKmh:     28,
		Pricing:         DefaultPricing(),
	}
}

// Option customises a Dispatcher.
type Option func(*Dispatcher)

// WithConfig replaces the whole configuration.
func WithConfig(cfg Config) Option {
	return func(d *Dispatcher) { d.cfg = cfg }
}

// WithOfferTimeout sets how long a driver has to answer an offer.
func WithOfferTimeout(t time.Duration) Option {
	return func(d *Dispatcher) { d.cfg.OfferTimeout = t }
}

// WithDeclineCooldown sets how long a driver who declined is paused.
func WithDeclineCooldown(t time.Duration) Option {
	return func(d *Dispatcher) { d.cfg.DeclineCooldown = t }
}

// WithRematchEvery sets the interval of the periodic rematch pass; zero
// disables it.
func WithRematchEvery(t time.Duration) Option {
	return func(d *Dispatcher) { d.cfg.RematchEvery = t }
}

// WithEvents publishes ride transitions on bus.
func WithEvents(bus *notify.Bus[Event]) Option {
	return func(d *Dispatcher) { d.events = bus }
}

// WithSurge shares a surge table with the pricing feed.
func WithSurge(s *SurgeTable) Option {
	return func(d *Dispatcher) { d.surge = s }
}

// WithClock overrides the time source.
func WithClock(now func() time.Time) Option {
	return func(d *Dispatcher) { d.clock = now }
}

// Dispatcher matches ride requests with nearby drivers.
type Dispatcher struct {
	cfg    Config
	loop   *loop.Loop
	surge  *SurgeTable
	events *notify.Bus[Event]
	clock  func() time.Time

	drivers  map[string]*Driver
	rides    map[string]*Ride
	waiting  []*Ride
	offers   map[string]*offer
	stats    Stats
	nextRide int
}

// New builds a dispatcher. Call Start before using it.
func New(opts ...Option) *Dispatcher {
	d := &Dispatcher{
		cfg:     DefaultConfig(),
		clock:   time.Now,
		drivers: make(map[string]*Driver),
		rides:   make(map[string]*Ride),
		offers:  make(map[string]*offer),
	}
	for _, o := range opts {
		o(d)
	}
	if d.surge == nil {
		d.surge = NewSurgeTable(3)
	}
	loopOpts := []loop.Option{loop.WithName("dispatch"), loop.WithBuffer(256)}
	if d.cfg.RematchEvery > 0 {
		loopOpts = append(loopOpts, loop.OnTick("rematch", d.cfg.RematchEvery, d.matchWaiting))
	}
	d.loop = loop.New(loopOpts...)
	return d
}

// Start begins processing.
func (d *Dispatcher) Start() { d.loop.Start() }

// Close stops processing.
func (d *Dispatcher) Close() { d.loop.Stop() }

// Config returns the configuration in effect.
func (d *Dispatcher) Config() Config { return d.cfg }

// SetSurge records a demand multiplier for the zone around p.
func (d *Dispatcher) SetSurge(p Point, mult float64) { d.surge.Set(p, mult) }

func (d *Dispatcher) now() time.Time { return d.clock() }

// RegisterDriver adds a driver who starts offline.
func (d *Dispatcher) RegisterDriver(id, name string, class VehicleClass) error {
	id = strings.TrimSpace(id)
	if id == "" {
		return fmt.Errorf("%w: empty driver id", ErrBadRequest)
	}
	return call(d, func() error {
		if _, dup := d.drivers[id]; dup {
			return fmt.Errorf("%w: driver %s already registered", ErrBadRequest, id)
		}
		d.drivers[id] = &Driver{ID: id, Name: name, Class: class, Status: DriverOffline}
		return nil
	})
}

// GoOnline marks a driver available at p.
func (d *Dispatcher) GoOnline(id string, p Point) error {
	if !p.Valid() {
		return fmt.Errorf("%w: bad position", ErrBadRequest)
	}
	at := d.now()
	return call(d, func() error {
		drv, ok := d.drivers[id]
		if !ok {
			return ErrUnknownDriver
		}
		if drv.Status != DriverOffline {
			return nil
		}
		drv.Fix = Fix{Point: p, At: at}
		drv.Status = DriverIdle
		d.matchWaiting()
		return nil
	})
}

// GoOffline takes an idle driver off the road.
func (d *Dispatcher) GoOffline(id string) error {
	return call(d, func() error {
		drv, ok := d.drivers[id]
		if !ok {
			return ErrUnknownDriver
		}
		if drv.Status == DriverOffered || drv.Status == DriverOnTrip {
			return ErrDriverBusy
		}
		drv.Status = DriverOffline
		return nil
	})
}

// UpdateLocation records a position ping. Pings are applied asynchronously.
func (d *Dispatcher) UpdateLocation(id string, p Point) error {
	if !p.Valid() {
		return fmt.Errorf("%w: bad position", ErrBadRequest)
	}
	at := d.now()
	return d.loop.Post(func() { d.applyFix(id, p, at) })
}

func (d *Dispatcher) applyFix(id string, p Point, at time.Time) {
	drv, ok := d.drivers[id]
	if !ok || at.Before(drv.Fix.At) {
		return
	}
	drv.Fix = Fix{Point: p, At: at}
}

// RequestRide books a ride and immediately tries to match it.
func (d *Dispatcher) RequestRide(req RideRequest) (*Ride, error) {
	class, err := ParseVehicleClass(req.Class)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadRequest, err)
	}
	if req.Rider == "" || !req.Pickup.Valid() || !req.Dropoff.Valid() {
		return nil, fmt.Errorf("%w: rider, pickup and dropoff are required", ErrBadRequest)
	}
	surge := d.surge.Multiplier(req.Pickup)
	quote := d.cfg.Pricing.Quote(req.Pickup, req.Dropoff, class, d.cfg.AvgSpeedKmh, surge)
	at := d.now()
	return loop.Call2(d.loop, func() (*Ride, error) {
		d.nextRide++
		r := &Ride{
			ID:          fmt.Sprintf("ride-%05d", d.nextRide),
			Rider:       req.Rider,
			Pickup:      req.Pickup,
			Dropoff:     req.Dropoff,
			Class:       class,
			Status:      RideWaiting,
			Quote:       quote,
			RequestedAt: at,
			declinedBy:  make(map[string]bool),
		}
		d.rides[r.ID] = r
		d.stats.Requested++
		d.emit(EventRequested, r.ID, "")
		d.enqueue(r)
		d.matchWaiting()
		return r, nil
	})
}

// Ride returns a copy of the ride's current state.
func (d *Dispatcher) Ride(id string) (RideView, error) {
	return loop.Call2(d.loop, func() (RideView, error) {
		r, ok := d.rides[id]
		if !ok {
			return RideView{}, ErrUnknownRide
		}
		return viewRide(r), nil
	})
}

// Drivers lists every driver, sorted by id.
func (d *Dispatcher) Drivers() ([]DriverView, error) {
	return loop.Call(d.loop, func() []DriverView {
		out := make([]DriverView, 0, len(d.drivers))
		for _, drv := range d.drivers {
			out = append(out, describeDriver(drv))
		}
		slices.SortFunc(out, func(a, b DriverView) int { return strings.Compare(a.ID, b.ID) })
		return out
	})
}

// Waiting reports how many rides are queued without an offer.
func (d *Dispatcher) Waiting() (int, error) {
	return loop.Call(d.loop, func() int { return len(d.waiting) })
}

// Stats returns a copy of the activity counters.
func (d *Dispatcher) Stats() (Stats, error) {
	return loop.Call(d.loop, func() Stats { return d.stats })
}

// Accept assigns the ride to the driver who was offered it.
func (d *Dispatcher) Accept(driverID, rideID string) error {
	return call(d, func() error {
		o, err := d.offerFor(driverID, rideID)
		if err != nil {
			return err
		}
		d.assign(o)
		return nil
	})
}

// Decline rejects an offer; the driver is paused for the cooldown period.
func (d *Dispatcher) Decline(driverID, rideID string) error {
	return call(d, func() error {
		o, err := d.offerFor(driverID, rideID)
		if err != nil {
			return err
		}
		d.decline(o)
		return nil
	})
}

// Complete finishes the driver's current trip and returns the fare.
func (d *Dispatcher) Complete(driverID string) (Fare, error) {
	return loop.Call2(d.loop, func() (Fare, error) {
		drv, ok := d.drivers[driverID]
		if !ok {
			return Fare{}, ErrUnknownDriver
		}
		if drv.Status != DriverOnTrip {
			return Fare{}, ErrNoOffer
		}
		r := d.rides[drv.RideID]
		r.Status = RideCompleted
		drv.Status = DriverIdle
		drv.RideID = ""
		drv.Trips++
		drv.Fix = Fix{Point: r.Dropoff, At: d.now()}
		d.stats.Completed++
		d.emit(EventCompleted, r.ID, drv.ID)
		d.matchWaiting()
		return r.Quote, nil
	})
}

// Cancel withdraws a ride that has not been completed.
func (d *Dispatcher) Cancel(rideID string) error {
	return call(d, func() error {
		r, ok := d.rides[rideID]
		if !ok {
			return ErrUnknownRide
		}
		if r.Status.Terminal() {
			return nil
		}
		switch r.Status {
		case RideWaiting:
			d.waiting = slices.DeleteFunc(d.waiting, func(w *Ride) bool { return w == r })
		case RideOffered:
			if o, ok := d.offers[r.ID]; ok {
				o.timer.Stop()
				delete(d.offers, r.ID)
				d.releaseDriver(o.driver)
			}
		case RideAssigned:
			if drv, ok := d.drivers[r.DriverID]; ok {
				d.releaseDriver(drv)
			}
		}
		r.Status = RideCancelled
		d.stats.Cancelled++
		d.emit(EventCancelled, r.ID, r.DriverID)
		d.matchWaiting()
		return nil
	})
}

func (d *Dispatcher) emit(kind EventKind, rideID, driverID string) {
	if d.events == nil {
		return
	}
	d.events.Publish(Event{Kind: kind, RideID: rideID, DriverID: driverID, At: d.now()})
}

func call(d *Dispatcher, fn func() error) error {
	res, err := loop.Call(d.loop, fn)
	if err != nil {
		return err
	}
	return res
}
