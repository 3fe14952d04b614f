package lockers

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync/atomic"
	"time"
)

var (
	ErrNoSpace      = errors.New("lockers: no free compartment of that size")
	ErrBadCode      = errors.New("lockers: unknown pickup code")
	ErrReservation  = errors.New("lockers: unknown or lapsed reservation")
	ErrTooLarge     = errors.New("lockers: parcel does not fit the reserved compartment")
	ErrBankStopped  = errors.New("lockers: bank stopped")
	ErrNoSuchLocker = errors.New("lockers: no such compartment")
)

// Config is fixed at construction.
type Config struct {
	Site         string
	Layout       map[Size]int
	SweepEvery   time.Duration
	MaxDwell     time.Duration
	RemindAfter  time.Duration
	MaxReminders int
	CodeLength   int
}

// Option adjusts a Config.
type Option func(*Config)

// WithLayout sets how many compartments of each size the bank has.
func WithLayout(l map[Size]int) Option { return func(c *Config) { c.Layout = l } }

// WithSweepEvery sets the housekeeping interval.
func WithSweepEvery(d time.Duration) Option { return func(c *Config) { c.SweepEvery = d } }

// WithReminders configures pickup reminders.
func WithReminders(after time.Duration, max int) Option {
	return func(c *Config) { c.RemindAfter, c.MaxReminders = after, max }
}

// WithMaxDwell sets how long a parcel may wait before it is overdue.
func WithMaxDwell(d time.Duration) Option { return func(c *Config) { c.MaxDwell = d } }

// Reservation holds a compartment for a courier.
type Reservation struct {
	ID      string
	Courier string
	slot    *Compartment
	expires time.Time
}

// ReservationView is returned to couriers.
type ReservationView struct {
	ID      string    `json:"id"`
	Locker  string    `json:"locker"`
	Size    string    `json:"size"`
	Expires time.Time `json:"expires"`
}

// Receipt confirms a deposit.
type Receipt struct {
	Locker   string `json:"locker"`
	Tracking string `json:"tracking"`
	Code     string `json:"-"`
}

// Stats summarises the bank.
type Stats struct {
	Free       int   `json:"free"`
	Reserved   int   `json:"reserved"`
	Occupied   int   `json:"occupied"`
	Overdue    int   `json:"overdue"`
	Deliveries int   `json:"deliveries"`
	DoorOpens  int64 `json:"door_opens"`
}

// Bank is a locker bank. All compartment state is handled by one
// goroutine fed through ops.
type Bank struct {
	cfg      Config
	notifier Notifier
	doors    DoorSensor
	opens    atomic.Int64

	ops  chan func()
	quit chan struct{}
	done chan struct{}

	compartments []*Compartment
	byCode       map[string]*Compartment
	reservations map[string]*Reservation
	deliveries   int
	seq          int
}

// New builds a bank with the configured layout.
func New(n Notifier, opts ...Option) *Bank {
	cfg := Config{
		Site:         "station forecourt",
		Layout:       map[Size]int{Small: 6, Medium: 4, Large: 2},
		SweepEvery:   time.Second,
		MaxDwell:     72 * time.Hour,
		RemindAfter:  24 * time.Hour,
		MaxReminders: 2,
		CodeLength:   6,
	}
	for _, o := range opts {
		o(&cfg)
	}
	b := &Bank{
		cfg:          cfg,
		notifier:     n,
		doors:        okDoors{},
		ops:          make(chan func(), 32),
		quit:         make(chan struct{}),
		done:         make(chan struct{}),
		byCode:       make(map[string]*Compartment),
		reservations: make(map[string]*Reservation),
	}
	for _, size := range []Size{Small, Medium, Large} {
		for i := 0; i < cfg.Layout[size]; i++ {
			b.compartments = append(b.compartments, &Compartment{ID: fmt.Sprintf("%s%02d", size, i+1), Size: size})
		}
	}
	return b
}

// Start starts the bank goroutine.
func (b *Bank) Start() { go b.run() }

// Stop stops the bank goroutine.
func (b *Bank) Stop() {
	close(b.quit)
	<-b.done
}

func (b *Bank) run() {
	defer close(b.done)
	t := time.NewTicker(b.cfg.SweepEvery)
	defer t.Stop()
	for {
		select {
		case op := <-b.ops:
			op()
		case now := <-t.C:
			b.sweep(now)
		case <-b.quit:
			return
		}
	}
}

func (b *Bank) post(op func()) bool {
	select {
	case b.ops <- op:
		return true
	case <-b.quit:
		return false
	}
}

func (b *Bank) call(op func()) error {
	done := make(chan struct{})
	if !b.post(func() { op(); close(done) }) {
		return ErrBankStopped
	}
	select {
	case <-done:
		return nil
	case <-b.quit:
		return ErrBankStopped
	}
}

// Reserve holds a free compartment for ttl.
func (b *Bank) Reserve(courier string, size Size, ttl time.Duration) (ReservationView, error) {
	var v ReservationView
	var err error
	if cerr := b.call(func() { v, err = b.reserve(courier, size, ttl) }); cerr != nil {
		return v, cerr
	}
	return v, err
}

func (b *Bank) reserve(courier string, size Size, ttl time.Duration) (ReservationView, error) {
	c := b.findFree(size)
	if c == nil {
		return ReservationView{}, ErrNoSpace
	}
	b.seq++
	r := &Reservation{ID: fmt.Sprintf("R%05d", b.seq), Courier: courier, slot: c, expires: time.Now().Add(ttl)}
	c.status = StatusReserved
	b.reservations[r.ID] = r
	time.AfterFunc(ttl, func() { b.lapse(r) })
	return ReservationView{ID: r.ID, Locker: c.ID, Size: c.Size.String(), Expires: r.expires}, nil
}

func (b *Bank) lapse(r *Reservation) {
	b.releaseSlot(r.slot)
}

func (b *Bank) releaseSlot(c *Compartment) {
	c.status = StatusFree // RACY
}

func (b *Bank) findFree(size Size) *Compartment {
	var best *Compartment
	for _, c := range b.compartments {
		if c.status != StatusFree || !c.Size.Fits(size) {
			continue
		}
		if best == nil || c.Size < best.Size {
			best = c
		}
	}
	return best
}

// Deposit places a parcel, either into a reserved compartment (resID set) or
// into any free compartment that fits.
func (b *Bank) Deposit(resID string, p Parcel) (Receipt, error) {
	code, err := newCode(b.cfg.CodeLength)
	if err != nil {
		return Receipt{}, err
	}
	var rc Receipt
	if cerr := b.call(func() { rc, err = b.deposit(resID, &p, code) }); cerr != nil {
		return rc, cerr
	}
	return rc, err
}

// DepositAsync is Deposit for courier terminals that do not wait; done, if
// not nil, runs on the bank goroutine.
func (b *Bank) DepositAsync(p Parcel, done func(Receipt, error)) error {
	code, err := newCode(b.cfg.CodeLength)
	if err != nil {
		return err
	}
	if !b.post(func() {
		rc, err := b.deposit("", &p, code)
		if done != nil {
			done(rc, err)
		}
	}) {
		return ErrBankStopped
	}
	return nil
}

func (b *Bank) deposit(resID string, p *Parcel, code string) (Receipt, error) {
	var c *Compartment
	if resID != "" {
		r, ok := b.reservations[resID]
		if !ok || r.slot.status != StatusReserved {
			return Receipt{}, ErrReservation
		}
		if !r.slot.Size.Fits(p.Size) {
			return Receipt{}, ErrTooLarge
		}
		delete(b.reservations, resID)
		c = r.slot
	} else if c = b.findFree(p.Size); c == nil {
		return Receipt{}, ErrNoSpace
	}
	for b.byCode[code] != nil {
		code += "X"
	}
	c.occupy(p, code, time.Now())
	b.byCode[code] = c
	b.deliveries++
	b.opens.Add(1)
	if p.Phone != "" && b.notifier != nil {
		go b.announce(c, p, code)
	}
	return Receipt{Locker: c.ID, Tracking: p.Tracking, Code: code}, nil
}

func (b *Bank) announce(c *Compartment, p *Parcel, code string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := b.notifier.Send(ctx, p.Phone, arrivalText(p, c.ID, code)); err != nil {
		return
	}
	sentAt := time.Now()
	b.post(func() {
		if c.parcel == p {
			c.lastNotice = sentAt
		}
	})
}

// Pickup opens the compartment for a pickup code and returns the parcel.
func (b *Bank) Pickup(code string) (Parcel, error) {
	var p *Parcel
	if err := b.call(func() {
		c, ok := b.byCode[code]
		if !ok {
			return
		}
		delete(b.byCode, code)
		p = c.clear()
		b.opens.Add(1)
	}); err != nil {
		return Parcel{}, err
	}
	if p == nil {
		return Parcel{}, ErrBadCode
	}
	return *p, nil
}

// Lookup finds the compartment holding the parcel for a pickup code.
func (b *Bank) Lookup(code string) (*Compartment, error) {
	var c *Compartment
	if err := b.call(func() { c = b.byCode[code] }); err != nil {
		return nil, err
	}
	if c == nil {
		return nil, ErrBadCode
	}
	return c, nil
}

// Compartments describes every compartment.
func (b *Bank) Compartments() []Info {
	var out []Info
	b.call(func() {
		out = make([]Info, 0, len(b.compartments))
		for _, c := range b.compartments {
			out = append(out, c.info())
		}
	})
	return out
}

// Stats summarises occupancy.
func (b *Bank) Stats() Stats {
	var s Stats
	b.call(func() {
		for _, c := range b.compartments {
			switch c.status {
			case StatusFree:
				s.Free++
			case StatusReserved:
				s.Reserved++
			case StatusOccupied:
				s.Occupied++
			}
			if c.overdue {
				s.Overdue++
			}
		}
		s.Deliveries = b.deliveries
	})
	s.DoorOpens = b.opens.Load()
	return s
}

// ServiceOpen records a door opened by staff with a master key.
func (b *Bank) ServiceOpen(id string) error {
	for _, c := range b.compartments {
		if c.ID == id {
			b.opens.Add(1)
			return nil
		}
	}
	return ErrNoSuchLocker
}

func (b *Bank) sweep(now time.Time) {
	for _, c := range b.compartments {
		if c.status != StatusOccupied {
			continue
		}
		c.overdue = now.Sub(c.since) > b.cfg.MaxDwell
		if c.reminders >= b.cfg.MaxReminders || c.lastNotice.IsZero() {
			continue
		}
		if now.Sub(c.lastNotice) >= b.cfg.RemindAfter {
			c.lastNotice = now
			go b.remind(c, c.parcel)
		}
	}
}

func (b *Bank) remind(c *Compartment, p *Parcel) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := b.notifier.Send(ctx, p.Phone, reminderText(p, c.ID, 1)); err != nil {
		return
	}
	b.countReminder(c)
}

func (b *Bank) countReminder(c *Compartment) {
	c.reminders++ // RACY
}

// Occupied lists the IDs of occupied compartments in order.
func (b *Bank) Occupied() []string {
	var ids []string
	b.call(func() {
		for _, c := range b.compartments {
			if c.status == StatusOccupied {
				ids = append(ids, c.ID)
			}
		}
	})
	sort.Strings(ids)
	return ids
}
